<?php
/**
 * The Bao engine protocol, version 1, engine side (docs/protocol.md).
 *
 * This file is the part an engine author keeps. It reads requests from
 * standard input, answers each with exactly one `=` or `?` line, and turns
 * positions (BPN) and moves between protocol text and plain PHP values. It
 * knows nothing about the rules: those come from an Engine you implement
 * (site_maasai.php is one, README.md describes the methods). It has the
 * shape of the JavaScript kit and answers every request as it does.
 *
 * PHP 8.1 or later, no extension beyond the core.
 */

declare(strict_types=1);

namespace BaoProtocol;

const PROTOCOL_VERSION = '1';
/** A request may be up to this many bytes, a "\r" before the "\n" included. */
const MAX_LINE_BYTES = 65536;
/** A `?` line is cut at about this many characters. */
const MAX_MESSAGE = 200;
const MAX_PERFT_DEPTH = 6;
/**
 * One `perft` may list at most this many positions, every level counted, so
 * that one request cannot keep the engine busy for long; the count does not
 * depend on the machine, so neither does the answer.
 */
const MAX_PERFT_POSITIONS = 500000;
const MAX_TOTAL_SEEDS = 255;
/** BPN keys in the order they are written: the protocol's five, then bao-oracle's two. */
const KEYS = ['hand', 'house', 'block', 'store', 'quiet', 'used', 'result'];
/** The protocol's reason words, for `status` and the `result` key. */
const REASONS = ['front-empty', 'no-move', 'infinite', 'all-captured', 'house-full', 'no-progress'];
/** Row letters in canonical order: South front, South back, North front, North back. */
const ROWS = ['A', 'B', 'a', 'b'];

/**
 * A request that fails on purpose: its message becomes the `?` line as it
 * is. An engine throws it from decode() to refuse a position its ruleset
 * cannot hold; anything else an engine throws is reported as an engine
 * error naming the request.
 */
class ProtocolError extends \RuntimeException
{
}

/** A fault of the engine while answering a request. */
final class EngineFault extends \RuntimeException
{
}

/** An engine, as the protocol sees it; README.md describes each method. */
interface Engine
{
    /** The `name` answer, e.g. "my-engine 0.3". */
    public function name(): string;

    /** @return string[] the ruleset ids you support; the first is selected at start-up */
    public function rulesets(): array;

    /** Your state for a protocol position (a copy); throw a ProtocolError to refuse it. */
    public function decode(Position $position, string $ruleset): mixed;

    /** The protocol position of one of your states. */
    public function encode(mixed $state, string $ruleset): Position;

    /** The state at the start of the game. */
    public function start(string $ruleset): mixed;

    /** @return array<Move|string> every legal move; [] once the game is over */
    public function moves(mixed $state, string $ruleset): array;

    /** The state after a legal move, with its trace. */
    public function play(mixed $state, Move $move, string $ruleset): Played;

    /** "ongoing", "win S <reason>", "win N <reason>" or "draw <reason>". */
    public function status(mixed $state, string $ruleset): string;

    /** False if the engine never gives traces: `trace` is then answered `? unknown command`. */
    public function traces(): bool;
}

/** What play() returns: the state after the move and the `trace` items, or null. */
final class Played
{
    /** @param string[]|null $trace */
    public function __construct(public mixed $state, public ?array $trace = null)
    {
    }
}

// ---------------------------------------------------------------------------
// Pits and moves

/** parsePit('A5') is ['name' => 'A5', 'row' => 'A', 'number' => 5, 'side' => 'S', 'front' => true]. */
function parsePit(string $text): array
{
    $fail = fn (string $what) => new ProtocolError("pit '$text': $what");
    if ($text === '') {
        throw $fail('empty');
    }
    if (!in_array($text[0], ROWS, true)) {
        throw $fail('row letter must be A, B, a or b');
    }
    if (strlen($text) === 1) {
        throw $fail('pit number missing');
    }
    if (strlen($text) !== 2 || $text[1] < '1' || $text[1] > '8') {
        throw $fail('pit number must be 1 to 8');
    }
    $row = $text[0];
    return ['name' => $text, 'row' => $row, 'number' => (int) $text[1],
        'side' => ($row === 'A' || $row === 'B') ? 'S' : 'N', 'front' => $row === 'A' || $row === 'a'];
}

function sideName(string $side): string
{
    return $side === 'S' ? 'South' : 'North';
}

/** A move, `<pit><dir>[t][+]`; `text` is its canonical form. */
final class Move
{
    public readonly string $text;

    public function __construct(
        public readonly string $pit,
        public readonly string $dir,
        public readonly bool $twoSeed = false,
        public readonly bool $goOn = false,
    ) {
        $this->text = $pit . $dir . ($twoSeed ? 't' : '') . ($goOn ? '+' : '');
    }

    public function __toString(): string
    {
        return $this->text;
    }
}

/** A move for the side to move; throws ProtocolError saying what is wrong and where. */
function parseMove(string $text, string $toMove): Move
{
    $fail = fn (string $what) => new ProtocolError("move '$text': $what");
    if ($text === '') {
        throw $fail('empty');
    }
    try {
        $pit = parsePit(substr($text, 0, 2));
    } catch (ProtocolError $e) {
        throw $fail($e->getMessage());
    }
    if ($pit['side'] !== $toMove) {
        throw $fail("pit {$pit['name']} belongs to " . sideName($pit['side']) . ' but ' . sideName($toMove)
            . ' is to move');
    }
    if (strlen($text) < 3) {
        throw $fail('direction L or R missing at offset 2');
    }
    if ($text[2] !== 'L' && $text[2] !== 'R') {
        throw $fail('direction must be L or R at offset 2');
    }
    $i = 3;
    $twoSeed = ($text[$i] ?? '') === 't';
    if ($twoSeed) {
        $i++;
    }
    $goOn = ($text[$i] ?? '') === '+';
    if ($goOn) {
        $i++;
    }
    if ($i < strlen($text)) {
        throw $fail("unexpected character '{$text[$i]}' at offset $i");
    }
    return new Move($pit['name'], $text[2], $twoSeed, $goOn);
}

/** The canonical text of a Move, or of move text, which is checked. */
function formatMove(Move|string $move, string $toMove): string
{
    return parseMove(is_string($move) ? $move : $move->text, $toMove)->text;
}

// ---------------------------------------------------------------------------
// Positions

/**
 * A position exactly as BPN writes it: toMove 'S' or 'N'; pits, four rows
 * 'A', 'B', 'a', 'b' of eight counts in the owner's numbering, so
 * $pits['A'][0] is A1 and $pits['b'][7] is b8; hand and store [south,
 * north]; quiet; house, block and used, lists of pit names; result null or
 * ['winner' => 'S'|'N'|'draw', 'reason' => ...].
 */
final class Position
{
    public string $toMove = 'S';
    /** @var array<string, int[]> */
    public array $pits = ['A' => [0, 0, 0, 0, 0, 0, 0, 0], 'B' => [0, 0, 0, 0, 0, 0, 0, 0],
        'a' => [0, 0, 0, 0, 0, 0, 0, 0], 'b' => [0, 0, 0, 0, 0, 0, 0, 0]];
    public array $hand = [0, 0];
    public array $store = [0, 0];
    public int $quiet = 0;
    public array $house = [];
    public array $block = [];
    public array $used = [];
    public ?array $result = null;
}

function bpnError(int $field, string $name, string $what, int $offset): ProtocolError
{
    return new ProtocolError("BPN field $field ($name): $what at offset $offset");
}

/** The pieces of $text between $sep, each [text, offset]; empty pieces kept. */
function splitAt(string $text, int $offset, string $sep): array
{
    $parts = [];
    $start = 0;
    $n = strlen($text);
    for ($i = 0; $i <= $n; $i++) {
        if ($i < $n && $text[$i] !== $sep) {
            continue;
        }
        $parts[] = [substr($text, $start, $i - $start), $offset + $start];
        $start = $i + 1;
    }
    return $parts;
}

/** Parses BPN into a Position; throws ProtocolError saying what is wrong and where. */
function parseBpn(string $text): Position
{
    $trimmed = rtrim($text, " \t\r");
    preg_match_all('/[^ \t]+/', $trimmed, $m, PREG_OFFSET_CAPTURE);
    $fields = $m[0];
    $pos = new Position();
    $seeds = 0;
    $number = function (array $tok, int $field, string $name, int $max): int {
        [$t, $offset] = $tok;
        if ($t === '') {
            throw bpnError($field, $name, 'empty count', $offset);
        }
        if ($t[0] === '-') {
            throw bpnError($field, $name, 'negative counts are not allowed', $offset);
        }
        if (!ctype_digit($t)) {
            throw bpnError($field, $name, "'$t' is not a number", $offset);
        }
        $digits = ltrim($t, '0');
        if (strlen($digits) > 9 || (int) $digits > $max) {
            throw bpnError($field, $name, "$t is above $max", $offset);
        }
        return (int) $digits;
    };
    $count = function (array $tok, int $field, string $name) use ($number, &$seeds): int {
        $n = $number($tok, $field, $name, 255);
        $seeds += $n;
        if ($seeds > MAX_TOTAL_SEEDS) {
            throw bpnError($field, $name, "seed total $seeds is above the limit of " . MAX_TOTAL_SEEDS, $tok[1]);
        }
        return $n;
    };
    if (count($fields) === 0) {
        throw bpnError(1, 'side', 'empty input', 0);
    }
    $last = $fields[count($fields) - 1];
    $end = $last[1] + strlen($last[0]);
    if ($fields[0][0] !== 'S' && $fields[0][0] !== 'N') {
        throw bpnError(1, 'side', "side must be S or N, got '{$fields[0][0]}'", $fields[0][1]);
    }
    $pos->toMove = $fields[0][0];
    foreach ([['south rows', 'A', 'B'], ['north rows', 'a', 'b']] as $i => [$name, $front, $back]) {
        $field = $i + 2;
        if (count($fields) <= $i + 1) {
            throw bpnError($field, $name, 'missing', $end);
        }
        [$tokText, $tokOffset] = $fields[$i + 1];
        $rows = splitAt($tokText, $tokOffset, '/');
        if (count($rows) !== 2) {
            throw bpnError($field, $name, "expected 2 rows (front/back) separated by '/', got " . count($rows),
                $tokOffset);
        }
        foreach ([$front, $back] as $r => $letter) {
            $counts = splitAt($rows[$r][0], $rows[$r][1], ',');
            if (count($counts) !== 8) {
                throw bpnError($field, $name, 'expected 8 counts, got ' . count($counts), $rows[$r][1]);
            }
            $pos->pits[$letter] = array_map(fn ($c) => $count($c, $field, $name), $counts);
        }
    }
    $seen = [];
    for ($i = 3; $i < count($fields); $i++) {
        [$tokText, $tokOffset] = $fields[$i];
        $field = $i + 1;
        $eq = strpos($tokText, '=');
        if ($eq === false || $eq === 0) {
            throw bpnError($field, 'key=value', "expected key=value, got '$tokText'", $tokOffset);
        }
        $key = substr($tokText, 0, $eq);
        if (!in_array($key, KEYS, true)) {
            throw bpnError($field, $key, "unknown key '$key'", $tokOffset);
        }
        if (isset($seen[$key])) {
            throw bpnError($field, $key, "duplicate key '$key'", $tokOffset);
        }
        $seen[$key] = true;
        $value = substr($tokText, $eq + 1);
        $offset = $tokOffset + $eq + 1;
        if ($key === 'hand' || $key === 'store') {
            $parts = splitAt($value, $offset, ',');
            if (count($parts) !== 2) {
                throw bpnError($field, $key, 'expected two counts S,N', $offset);
            }
            $pos->$key = [$count($parts[0], $field, $key), $count($parts[1], $field, $key)];
        } elseif ($key === 'quiet') {
            $pos->quiet = $number([$value, $offset], $field, $key, 65535);
        } elseif ($key === 'result') {
            $colon = strpos($value, ':');
            if ($colon === false) {
                throw bpnError($field, $key, 'expected <winner>:<reason>, e.g. N:infinite', $offset);
            }
            $winner = substr($value, 0, $colon);
            $reason = substr($value, $colon + 1);
            if (!in_array($winner, ['S', 'N', 'draw'], true)) {
                throw bpnError($field, $key, "winner must be S, N or draw, got '$winner'", $offset);
            }
            if (!in_array($reason, REASONS, true)) {
                throw bpnError($field, $key, "unknown reason '$reason'", $offset + $colon + 1);
            }
            $pos->result = ['winner' => $winner, 'reason' => $reason];
        } else { // house, block, used
            if ($value === '') {
                throw bpnError($field, $key, 'empty pit list', $offset);
            }
            $names = [];
            foreach (splitAt($value, $offset, ',') as [$part, $partOffset]) {
                try {
                    parsePit($part);
                } catch (ProtocolError $e) {
                    throw bpnError($field, $key, $e->getMessage(), $partOffset);
                }
                if (in_array($part, $names, true)) {
                    throw bpnError($field, $key, "pit $part listed twice", $partOffset);
                }
                $names[] = $part;
            }
            $pos->$key = $names;
        }
    }
    return $pos;
}

function pitOrder(string $name): int
{
    return array_search($name[0], ROWS, true) * 8 + (int) $name[1];
}

/**
 * Checks a position an engine made and returns a canonical copy; throws
 * \InvalidArgumentException naming the first thing wrong.
 */
function checkPosition(Position $pos): Position
{
    $isCount = fn ($v, int $max) => is_int($v) && $v >= 0 && $v <= $max;
    $out = new Position();
    if ($pos->toMove !== 'S' && $pos->toMove !== 'N') {
        throw new \InvalidArgumentException("toMove must be 'S' or 'N', got '{$pos->toMove}'");
    }
    $out->toMove = $pos->toMove;
    $seeds = 0;
    foreach (ROWS as $row) {
        $counts = $pos->pits[$row] ?? null;
        if (!is_array($counts) || array_keys($counts) !== range(0, 7)) {
            throw new \InvalidArgumentException("pits['$row'] must be a list of 8 counts");
        }
        foreach ($counts as $i => $c) {
            if (!$isCount($c, 255)) {
                throw new \InvalidArgumentException("pits['$row'][$i] is " . var_export($c, true)
                    . ', not a count 0..255');
            }
            $seeds += $c;
        }
        $out->pits[$row] = $counts;
    }
    foreach (['hand', 'store'] as $key) {
        $pair = $pos->$key;
        if (array_keys($pair) !== [0, 1] || !$isCount($pair[0], 255) || !$isCount($pair[1], 255)) {
            throw new \InvalidArgumentException("$key must be [south, north], two counts 0..255");
        }
        $seeds += $pair[0] + $pair[1];
        $out->$key = $pair;
    }
    if ($seeds > MAX_TOTAL_SEEDS) {
        throw new \InvalidArgumentException("$seeds seeds in all, above the limit of " . MAX_TOTAL_SEEDS);
    }
    if (!$isCount($pos->quiet, 65535)) {
        throw new \InvalidArgumentException("quiet is {$pos->quiet}, not a count 0..65535");
    }
    $out->quiet = $pos->quiet;
    foreach (['house', 'block', 'used'] as $key) {
        $names = array_values($pos->$key);
        foreach ($names as $n) {
            parsePit((string) $n);
        }
        if (count(array_unique($names)) !== count($names)) {
            throw new \InvalidArgumentException("$key lists a pit twice");
        }
        usort($names, fn ($x, $y) => pitOrder($x) <=> pitOrder($y));
        $out->$key = $names;
    }
    if ($pos->result !== null) {
        $r = $pos->result;
        if (!in_array($r['winner'] ?? null, ['S', 'N', 'draw'], true) || !in_array($r['reason'] ?? null, REASONS, true)) {
            throw new \InvalidArgumentException('result must be null or [winner => S|N|draw, reason => a reason word]');
        }
        $out->result = ['winner' => $r['winner'], 'reason' => $r['reason']];
    }
    return $out;
}

/** Canonical BPN: keys in protocol order, defaults left out. */
function formatBpn(Position $position): string
{
    $p = checkPosition($position);
    $side = fn ($f, $b) => implode(',', $p->pits[$f]) . '/' . implode(',', $p->pits[$b]);
    $out = "{$p->toMove} " . $side('A', 'B') . ' ' . $side('a', 'b');
    if ($p->hand !== [0, 0]) {
        $out .= ' hand=' . implode(',', $p->hand);
    }
    if ($p->house) {
        $out .= ' house=' . implode(',', $p->house);
    }
    if ($p->block) {
        $out .= ' block=' . implode(',', $p->block);
    }
    if ($p->store !== [0, 0]) {
        $out .= ' store=' . implode(',', $p->store);
    }
    if ($p->quiet) {
        $out .= " quiet={$p->quiet}";
    }
    if ($p->used) {
        $out .= ' used=' . implode(',', $p->used);
    }
    if ($p->result !== null) {
        $out .= " result={$p->result['winner']}:{$p->result['reason']}";
    }
    return $out;
}

// ---------------------------------------------------------------------------
// The session

/**
 * Anything that is not printable ASCII is written \xNN, byte by byte; the
 * text is cut once the line ("? " included) reaches MAX_MESSAGE characters.
 */
function printable(string $text): string
{
    $out = '';
    $n = strlen($text);
    for ($i = 0; $i < $n; $i++) {
        if (strlen($out) + 2 >= MAX_MESSAGE) {
            return $out . '...';
        }
        $code = ord($text[$i]);
        $out .= ($code >= 0x20 && $code < 0x7f) ? $text[$i] : sprintf('\\x%02X', $code);
    }
    return $out;
}

function isPrintable(string $text): bool
{
    return preg_match('/^[\x20-\x7e]*$/', $text) === 1;
}

/** A "\r" at the end dropped, then blanks at both ends: how bao-oracle engine trims a request, then its argument. */
function trimRequest(string $text): string
{
    return trim(str_ends_with($text, "\r") ? substr($text, 0, -1) : $text, " \t");
}

/**
 * One engine's session: the ruleset, the position (a checked Position, the
 * protocol's view of the engine's state) and the last move's trace. Every
 * request decodes a fresh engine state from the position, and nothing is
 * kept until every step of a request has succeeded, so a failed request
 * changes nothing. handle('perft 1') is '= 16'.
 */
final class Session
{
    private const COMMANDS = ['protocol' => 'none', 'name' => 'none', 'rulesets' => 'none', 'ruleset' => 'one',
        'position' => 'rest', 'show' => 'none', 'moves' => 'none', 'play' => 'one', 'status' => 'none',
        'quit' => 'none', 'perft' => 'one', 'trace' => 'none'];
    private const STATUS = '/^(ongoing|win [SN] (front-empty|no-move|infinite|all-captured|house-full|no-progress)'
        . '|draw (front-empty|no-move|infinite|all-captured|house-full|no-progress))$/';

    public bool $done = false;
    private ?string $ruleset = null;
    private ?Position $position = null;
    /** @var string[]|string|null null: no play since the position was set; 'none': not given */
    private array|string|null $lastTrace = null;
    private string $startFault = '';

    /** Selects the engine's first ruleset; an engine that fails doing so still answers. */
    public function __construct(private Engine $engine)
    {
        try {
            $this->ruleset = $this->rulesetIds()[0];
            $this->position = $this->startPosition($this->ruleset);
        } catch (EngineFault | ProtocolError $e) {
            $this->startFault = 'at start-up, ' . $e->getMessage();
        }
    }

    /** The answer line (without "\n") to one request line (without "\n"). */
    public function handle(string $line): string
    {
        $request = trimRequest($line);
        try {
            if ($request === '') {
                throw new ProtocolError('empty request');
            }
            $blank = strcspn($request, " \t");
            $command = substr($request, 0, $blank);
            $argument = trimRequest(substr($request, $blank));
            // The exact text `? unknown command` is how a peer learns that an
            // optional command is missing, so nothing is added to it.
            $arity = self::COMMANDS[$command] ?? null;
            if ($arity === null || ($command === 'trace' && !$this->engine->traces())) {
                return '? unknown command';
            }
            if ($arity === 'none' && $argument !== '') {
                throw new ProtocolError("$command takes no argument");
            }
            if ($arity !== 'none' && $argument === '') {
                throw new ProtocolError("$command needs an argument");
            }
            if ($arity === 'one' && strcspn($argument, " \t") !== strlen($argument)) {
                throw new ProtocolError("$command takes one argument");
            }
            $payload = $this->{'do_' . $command}($argument);
            if (!isPrintable($payload)) {
                $bad = strspn($payload, implode('', array_map('chr', range(0x20, 0x7e))));
                throw new EngineFault('the answer holds ' . printable($payload[$bad]) . " at offset $bad; "
                    . 'answers are printable ASCII');
            }
            return $payload === '' ? '=' : "= $payload";
        } catch (ProtocolError $e) {
            return '? ' . printable($e->getMessage());
        } catch (EngineFault $e) {
            return '? ' . printable("engine error in '" . self::cut($request) . "': " . $e->getMessage());
        } catch (\Throwable $e) { // a fault of this file itself: reported all the same, never fatal
            return '? ' . printable("internal error in '" . self::cut($request) . "': " . get_class($e) . ': '
                . $e->getMessage());
        }
    }

    private static function cut(string $text): string
    {
        return strlen($text) > 60 ? substr($text, 0, 57) . '...' : $text;
    }

    // -- calls into the engine, each checked --------------------------------

    private static function call(string $what, callable $fn): mixed
    {
        try {
            return $fn();
        } catch (ProtocolError $e) {
            throw $e;
        } catch (\Throwable $e) {
            throw new EngineFault("$what threw " . get_class($e) . ': ' . $e->getMessage());
        }
    }

    private function rulesetIds(): array
    {
        $ids = self::call('rulesets', fn () => $this->engine->rulesets());
        $ok = $ids !== [] && array_is_list($ids);
        foreach ($ids as $id) {
            $ok = $ok && is_string($id) && preg_match('/^[\x21-\x7e]+$/', $id) === 1;
        }
        if (!$ok) {
            throw new EngineFault('rulesets must be a non-empty list of ids without blanks');
        }
        return $ids;
    }

    private function encode(mixed $state, string $after, ?string $ruleset = null): Position
    {
        $ruleset ??= $this->ruleset;
        $position = self::call("encode after $after", fn () => $this->engine->encode($state, $ruleset));
        try {
            return checkPosition($position);
        } catch (\InvalidArgumentException | ProtocolError $e) {
            throw new EngineFault("encode after $after gave a bad position: " . $e->getMessage());
        }
    }

    private function decode(Position $position): mixed
    {
        // A copy, so that the engine cannot change the session's position.
        $copy = clone $position;
        return self::call('decode', fn () => $this->engine->decode($copy, $this->ruleset));
    }

    private function startPosition(string $ruleset): Position
    {
        $state = self::call("start($ruleset)", fn () => $this->engine->start($ruleset));
        return $this->encode($state, "start($ruleset)", $ruleset);
    }

    private function current(): Position
    {
        if ($this->position === null) {
            throw new EngineFault($this->startFault);
        }
        return $this->position;
    }

    /** @return string[] the engine's legal moves from a position, as canonical text */
    private function legalMoves(Position $position): array
    {
        $state = $this->decode($position);
        $moves = self::call('moves', fn () => $this->engine->moves($state, $this->ruleset));
        $out = [];
        foreach ($moves as $m) {
            try {
                $out[] = formatMove($m, $position->toMove);
            } catch (ProtocolError | \TypeError $e) {
                $shown = is_string($m) ? "'$m'" : 'a bad move';
                throw new EngineFault("moves returned $shown: " . $e->getMessage());
            }
        }
        return $out;
    }

    /** [position, trace] after a legal move. */
    private function playOn(Position $position, Move $move): array
    {
        $state = $this->decode($position);
        $played = self::call("play({$move->text})", fn () => $this->engine->play($state, $move, $this->ruleset));
        $after = $this->encode($played->state, "play({$move->text})");
        $trace = $played->trace;
        if ($trace !== null) {
            foreach ($trace as $item) {
                if (!is_string($item) || $item === '' || !isPrintable($item) || str_contains($item, ';')) {
                    throw new EngineFault("play({$move->text}) gave a trace that is not a list of printable items "
                        . "without ';'");
                }
            }
        }
        return [$after, $trace];
    }

    // -- the commands ----------------------------------------------------------

    private function do_protocol(): string
    {
        return PROTOCOL_VERSION;
    }

    private function do_name(): string
    {
        $name = self::call('name', fn () => $this->engine->name());
        if ($name === '') {
            throw new EngineFault('name must be a non-empty string');
        }
        return $name;
    }

    private function do_rulesets(): string
    {
        return implode(' ', $this->rulesetIds());
    }

    private function do_ruleset(string $id): string
    {
        if (!in_array($id, $this->rulesetIds(), true)) {
            throw new ProtocolError("unknown ruleset '$id'");
        }
        $position = $this->startPosition($id);
        $this->ruleset = $id;
        $this->position = $position;
        $this->lastTrace = null;
        return '';
    }

    private function do_position(string $text): string
    {
        if ($this->ruleset === null) {
            throw new EngineFault($this->startFault);
        }
        if ($text === 'start') {
            $position = $this->startPosition($this->ruleset);
        } else {
            // The engine refuses a position its ruleset cannot hold by throwing
            // a ProtocolError from decode; what it keeps is what `show` reports.
            $position = $this->encode($this->decode(parseBpn($text)), 'decode');
        }
        $this->position = $position;
        $this->lastTrace = null;
        return '';
    }

    private function do_show(): string
    {
        return formatBpn($this->current());
    }

    private function do_moves(): string
    {
        return implode(' ', $this->legalMoves($this->current()));
    }

    private function do_play(string $text): string
    {
        $position = $this->current();
        $move = parseMove($text, $position->toMove);
        // The engine only ever sees moves it listed itself.
        if (!in_array($move->text, $this->legalMoves($position), true)) {
            throw new ProtocolError("move $text is not legal here");
        }
        [$after, $trace] = $this->playOn($position, $move);
        $this->position = $after;
        $this->lastTrace = $trace ?? 'none';
        return formatBpn($after);
    }

    private function do_status(): string
    {
        $state = $this->decode($this->current());
        $status = self::call('status', fn () => $this->engine->status($state, $this->ruleset));
        if (preg_match(self::STATUS, $status) !== 1) {
            throw new EngineFault("status returned '" . printable($status)
                . "', not ongoing, win S|N <reason> or draw <reason>");
        }
        return $status;
    }

    private function do_quit(): string
    {
        $this->done = true;
        return '';
    }

    private function do_perft(string $text): string
    {
        $digits = ltrim($text, '0');
        if (!ctype_digit($text) || strlen($digits) > 1 || (int) $digits > MAX_PERFT_DEPTH) {
            throw new ProtocolError('perft depth must be a whole number from 0 to ' . MAX_PERFT_DEPTH);
        }
        $depth = (int) $digits;
        $budget = MAX_PERFT_POSITIONS;
        $count = function (Position $position, int $d) use (&$count, &$budget, $depth): int {
            if ($d === 0) {
                return 1;
            }
            $moves = $this->legalMoves($position);
            $budget -= count($moves);
            if ($budget < 0) {
                throw new ProtocolError("perft $depth here needs more than " . MAX_PERFT_POSITIONS
                    . ' positions, the limit of this engine; ask a smaller depth');
            }
            if ($d === 1) {
                return count($moves);
            }
            $n = 0;
            foreach ($moves as $m) {
                $n += $count($this->playOn($position, parseMove($m, $position->toMove))[0], $d - 1);
            }
            return $n;
        };
        return (string) $count($this->current(), $depth);
    }

    private function do_trace(): string
    {
        if ($this->lastTrace === null) {
            throw new ProtocolError('no move played since the position was set');
        }
        if ($this->lastTrace === 'none') {
            throw new ProtocolError('the engine gave no trace for the last move');
        }
        return implode('; ', $this->lastTrace);
    }
}

/**
 * Serves the protocol on $input and $output (standard input and output by
 * default) until `quit` or the end of input; returns the exit status: 0, or
 * 1 when the output failed. Each answer is flushed before the next read that
 * could wait, so a peer waiting for an answer always has it.
 *
 * @param resource|null $input
 * @param resource|null $output
 */
function serve(Engine $engine, $input = null, $output = null): int
{
    $input ??= STDIN;
    $output ??= STDOUT;
    $session = new Session($engine);
    $pending = ''; // the start of a line that has not ended yet
    $tooLong = false; // the line being read is past MAX_LINE_BYTES
    $answers = '';
    $answer = function (?string $line) use ($session, &$answers): void {
        $answers .= ($line === null ? '? line too long' : $session->handle($line)) . "\n";
    };
    $flush = function () use (&$answers, $output): bool {
        if ($answers === '') {
            return true;
        }
        $ok = @fwrite($output, $answers) === strlen($answers) && @fflush($output);
        $answers = '';
        return $ok;
    };
    while (!$session->done) {
        $chunk = fread($input, 65536);
        if ($chunk === false || $chunk === '') {
            if (feof($input) || $chunk === false) {
                // A last line without "\n" is still answered.
                if ($pending !== '' || $tooLong) {
                    $answer($tooLong ? null : $pending);
                }
                break;
            }
            continue;
        }
        $start = 0;
        $n = strlen($chunk);
        while ($start < $n) {
            $nl = strpos($chunk, "\n", $start);
            $piece = $nl === false ? substr($chunk, $start) : substr($chunk, $start, $nl - $start);
            if (!$tooLong) {
                if (strlen($pending) + strlen($piece) > MAX_LINE_BYTES) {
                    // The rest of this line is read and thrown away, never stored.
                    $tooLong = true;
                    $pending = '';
                } else {
                    $pending .= $piece;
                }
            }
            if ($nl === false) {
                break;
            }
            $answer($tooLong ? null : $pending);
            $pending = '';
            $tooLong = false;
            $start = $nl + 1;
            if ($session->done) {
                break;
            }
        }
        // Nothing more read yet: the peer may be waiting for our answers.
        if (!$flush()) {
            return 1;
        }
    }
    return $flush() ? 0 : 1;
}
