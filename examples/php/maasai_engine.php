<?php
/**
 * An example Bao engine for the ruleset `site-maasai`, speaking the Bao
 * engine protocol on standard input and output:
 *
 *     php examples/php/maasai_engine.php
 *
 * See README.md: BaoProtocol.php is the protocol side, site_maasai.php the
 * rules; an engine of your own replaces the second and keeps the first.
 */

declare(strict_types=1);

require_once __DIR__ . '/site_maasai.php';

exit(BaoProtocol\serve(new SiteMaasai\Maasai()));
