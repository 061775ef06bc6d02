<?php
/**
 * Tests of the kit through the protocol, as a checker sees it: request lines
 * in, answer lines out, with the example engine and with copies of it that
 * misbehave on purpose. PHP alone: each function named test_* is run, one
 * line printed per test, exit status 1 if any failed.
 *
 *     php examples/php/tests/protocol_test.php
 */

declare(strict_types=1);

require_once __DIR__ . '/../site_maasai.php';

use BaoProtocol\Move;
use BaoProtocol\Played;
use BaoProtocol\Position;
use BaoProtocol\ProtocolError;
use BaoProtocol\Session;
use SiteMaasai\Maasai;

const START = 'S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2';
const AFTER_A6L = 'N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0';
const ALL_MOVES = '= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L';

/** The answers of a whole session on $input (bytes), the framing checked. */
function served(BaoProtocol\Engine $engine, string $input): array
{
    $in = fopen('php://memory', 'r+');
    fwrite($in, $input);
    rewind($in);
    $out = fopen('php://memory', 'r+');
    same(BaoProtocol\serve($engine, $in, $out), 0);
    rewind($out);
    $lines = explode("\n", stream_get_contents($out));
    same(array_pop($lines), '');
    foreach ($lines as $line) {
        check(preg_match('/^(=|= [\x20-\x7e]+|\? [\x20-\x7e]+)$/', $line) === 1, "a well-formed answer line: $line");
    }
    return $lines;
}

function session(BaoProtocol\Engine $engine, string ...$requests): array
{
    return served($engine, implode('', array_map(fn ($r) => "$r\n", $requests)));
}

function check(bool $ok, string $what): void
{
    if (!$ok) {
        throw new RuntimeException($what);
    }
}

function same(mixed $got, mixed $want): void
{
    if ($got !== $want) {
        throw new RuntimeException("\n  got  " . var_export($got, true) . "\n  want " . var_export($want, true));
    }
}

function test_the_session_of_the_protocol_page(): void
{
    same(session(new Maasai(), 'protocol', 'name', 'rulesets', 'ruleset site-maasai', 'show', 'moves', 'play A6L',
        'status', 'position start', 'perft 2', 'quit'),
        ['= 1', '= maasai-example 1.0 (php)', '= site-maasai', '=', '= ' . START, ALL_MOVES, '= ' . AFTER_A6L,
            '= ongoing', '=', '= 248', '=']);
}

function test_handle_answers_one_line_with_its_sign(): void
{
    $s = new Session(new Maasai());
    same([$s->handle('perft 1'), $s->handle('hello'), $s->handle('quit'), $s->done],
        ['= 16', '? unknown command', '=', true]);
}

function test_malformed_requests_are_one_refusal_each(): void
{
    same(session(new Maasai(), '', "   \t ", 'hello', 'show me', 'play', 'play A6L A5L', 'ruleset ap-zanzibar',
        'perft 7', 'trace', 'play A6X', 'play a6L', 'play A6R', 'position S 1,2'),
        ['? empty request', '? empty request', '? unknown command', '? show takes no argument',
            '? play needs an argument', '? play takes one argument', "? unknown ruleset 'ap-zanzibar'",
            '? perft depth must be a whole number from 0 to 6', '? no move played since the position was set',
            "? move 'A6X': direction must be L or R at offset 2",
            "? move 'a6L': pit a6 belongs to North but South is to move", '? move A6R is not legal here',
            "? BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2"]);
}

function test_invalid_bytes_and_long_lines(): void
{
    $input = "\xff\xfe\xc3\x28\nplay \xc3\xa9\npro\x00tocol\nshow\r\r\nplay A6\tL\r\r\n"
        . 'protocol' . str_repeat(' ', 65536 - 8) . "\n" . 'protocol' . str_repeat(' ', 65536 - 7) . "\n"
        . 'position ' . str_repeat('9', 5 << 20) . "\nplay A6L\n" . str_repeat('x', 65537);
    same(served(new Maasai(), $input), ['? unknown command',
        "? move '\\xC3\\xA9': pit '\\xC3\\xA9': row letter must be A, B, a or b", '? unknown command',
        '? unknown command', '? play takes one argument', '= 1', '? line too long', '? line too long',
        '= ' . AFTER_A6L, '? line too long']);
}

function test_quit_and_the_end_of_input_end_the_session(): void
{
    same(session(new Maasai(), 'moves', 'quit', 'protocol'), [ALL_MOVES, '=']);
    same(served(new Maasai(), "protocol\nstatus"), ['= 1', '= ongoing']);
    same(served(new Maasai(), ''), []);
}

function test_an_exception_is_a_refusal_naming_the_request_and_the_session_goes_on(): void
{
    $engine = new class extends Maasai {
        public function play(mixed $board, Move $move, string $ruleset): Played
        {
            throw new LogicException("boom at $move");
        }
    };
    same(session($engine, 'play A6L', 'show', 'moves'),
        ["? engine error in 'play A6L': play(A6L) threw LogicException: boom at A6L", '= ' . START, ALL_MOVES]);
    $typo = new class extends Maasai {
        public function status(mixed $board, string $ruleset): string
        {
            return (string) intdiv(1, $board->quiet);
        }
    };
    $answers = session($typo, 'status', 'moves');
    check(str_starts_with($answers[0], "? engine error in 'status': status threw "), $answers[0]);
    same($answers[1], ALL_MOVES);
}

function test_what_the_engine_answers_is_checked(): void
{
    $engine = new class extends Maasai {
        public function moves(mixed $board, string $ruleset): array
        {
            return $board->quiet === 1 ? ['A6L', 'a1L'] : parent::moves($board, $ruleset);
        }

        public function status(mixed $board, string $ruleset): string
        {
            return $board->quiet === 1 ? 'won' : parent::status($board, $ruleset);
        }

        public function play(mixed $board, Move $move, string $ruleset): Played
        {
            $played = parent::play($board, $move, $ruleset);
            if ($move->pit === 'A5') {
                $played->state->store[1] = 300;
            }
            if ($move->pit === 'A3') {
                $played->trace = ['lift A3 2', 'sow A2; sow A1'];
            }
            return $played;
        }
    };
    same(session($engine, 'position ' . START . ' quiet=1', 'moves', 'status', 'position start', 'play A5L',
        'play A3L', 'show'), ['=',
        "? engine error in 'moves': moves returned 'a1L': move 'a1L': pit a1 belongs to North but South is to move",
        "? engine error in 'status': status returned 'won', not ongoing, win S|N <reason> or draw <reason>", '=',
        "? engine error in 'play A5L': encode after play(A5L) gave a bad position: "
            . "store must be [south, north], two counts 0..255",
        "? engine error in 'play A3L': play(A3L) gave a trace that is not a list of printable items without ';'",
        '= ' . START]);
}

function test_an_engine_that_fails_at_start_up_still_answers(): void
{
    $engine = new class extends Maasai {
        public function rulesets(): array
        {
            return ['broken', 'site-maasai'];
        }

        public function start(string $ruleset): SiteMaasai\Board
        {
            if ($ruleset === 'broken') {
                throw new RuntimeException('no board');
            }
            return parent::start($ruleset);
        }
    };
    same(session($engine, 'protocol', 'show', 'ruleset broken', 'ruleset site-maasai', 'show'), ['= 1',
        "? engine error in 'show': at start-up, start(broken) threw RuntimeException: no board",
        "? engine error in 'ruleset broken': start(broken) threw RuntimeException: no board", '=', '= ' . START]);
}

function test_an_engine_without_traces_says_so(): void
{
    $engine = new class extends Maasai {
        public function traces(): bool
        {
            return false;
        }
    };
    same(session($engine, 'trace', 'play A6L', 'trace'), ['? unknown command', '= ' . AFTER_A6L, '? unknown command']);
}

function test_perft_is_refused_above_its_work_limit(): void
{
    same(session(new Maasai(), 'perft 6', 'show'), [
        '? perft 6 here needs more than 500000 positions, the limit of this engine; ask a smaller depth', '= ' . START]);
}

function test_bpn_and_moves_round_trip_as_values(): void
{
    $p = BaoProtocol\parseBpn('N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=b8,A1 quiet=2');
    same(BaoProtocol\formatBpn($p),
        'N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=A1,b8 quiet=2');
    same($p->pits['b'][7], 3);
    $m = BaoProtocol\parseMove('a5Rt+', 'N');
    same([$m->text, $m->twoSeed, $m->goOn], ['a5Rt+', true, true]);
    try {
        BaoProtocol\parseBpn('S 1,2');
        throw new RuntimeException('no error');
    } catch (ProtocolError $e) {
        same($e->getMessage(), "BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2");
    }
}

$failed = 0;
$tests = array_values(array_filter(get_defined_functions()['user'], fn ($f) => str_starts_with($f, 'test_')));
foreach ($tests as $test) {
    try {
        $test();
        echo "ok $test\n";
    } catch (Throwable $e) {
        $failed++;
        echo "FAIL $test: " . $e->getMessage() . "\n";
    }
}
echo count($tests) . " tests, $failed failed\n";
exit($failed === 0 ? 0 : 1);
