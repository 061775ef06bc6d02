<?php
/**
 * The rules of `site-maasai`, the play site's Maasai variant (the play
 * site's rules page, docs/sources.md), as bao-oracle reads them
 * (docs/rulesets/site-maasai.md).
 *
 * This is the engine the kit serves: replace it with an adapter over your
 * own engine (README.md). It plays on its own board representation and
 * converts to and from the protocol's positions in decode() and encode().
 *
 * Each side's sixteen pits are an array indexed by circuit position: front
 * pits 1..8 are 0..7 and back pits 8..1 are 8..15, so the one legal
 * direction, L, is -1 around the circuit: A8 -> A1 -> B1 -> B8 -> A8. Front
 * pit f faces the opponent's front pit 7 - f (A(i) faces a(9-i)).
 */

declare(strict_types=1);

namespace SiteMaasai;

require_once __DIR__ . '/BaoProtocol.php';

use BaoProtocol\Engine;
use BaoProtocol\Move;
use BaoProtocol\Played;
use BaoProtocol\Position;
use BaoProtocol\ProtocolError;

const RULESET = 'site-maasai';
/** The no-progress rule: the game is called after fifty turns without a capture. */
const QUIET_LIMIT = 50;
/** Relays after which a move is cut as endless when no state has come back yet. */
const RELAY_LIMIT = 1 << 16;
const SIDES = ['S', 'N'];
const LETTERS = [['A', 'B'], ['a', 'b']]; // [side][row 0 front, 1 back]

/** The engine's own state. */
final class Board
{
    /** @var int[][] pits[side][0..15] */
    public array $pits = [[], []];
    public array $store = [0, 0];
    public int $quiet = 0;
    public int $toMove = 0; // 0 South, 1 North
    public ?array $result = null; // null or ['winner' => ..., 'reason' => ...]
}

function circuitIndex(bool $front, int $number): int
{
    return $front ? $number - 1 : 16 - $number;
}

/** The pit name of circuit index $i on $side. */
function pitName(int $side, int $i): string
{
    return $i < 8 ? LETTERS[$side][0] . ($i + 1) : LETTERS[$side][1] . (16 - $i);
}

/** A called game goes to the side with more captured seeds; level stores are a draw. */
function called(array $store, string $reason): array
{
    if ($store[0] === $store[1]) {
        return ['winner' => 'draw', 'reason' => $reason];
    }
    return ['winner' => $store[0] > $store[1] ? 'S' : 'N', 'reason' => $reason];
}

function statusWords(array $result): string
{
    return $result['winner'] === 'draw' ? "draw {$result['reason']}" : "win {$result['winner']} {$result['reason']}";
}

function boardStatus(Board $board): string
{
    if ($board->result !== null) {
        return statusWords($board->result);
    }
    // A side with no seed on its sixteen pits has lost; the side to move is
    // judged first (only a set-up position can have both sides empty).
    foreach ([$board->toMove, 1 - $board->toMove] as $side) {
        if (array_sum($board->pits[$side]) === 0) {
            return 'win ' . SIDES[1 - $side] . ' all-captured';
        }
    }
    if ($board->quiet >= QUIET_LIMIT) {
        return statusWords(called($board->store, 'no-progress'));
    }
    return 'ongoing';
}

class Maasai implements Engine
{
    public function name(): string
    {
        return 'maasai-example 1.0 (php)';
    }

    public function rulesets(): array
    {
        return [RULESET];
    }

    public function traces(): bool
    {
        return true;
    }

    public function decode(Position $pos, string $ruleset): Board
    {
        // Why the position cannot occur in Maasai: the answer to `position`.
        if ($pos->hand !== [0, 0]) {
            throw new ProtocolError('key hand: site-maasai has no reserve seeds');
        }
        if ($pos->house || $pos->block || $pos->used) {
            throw new ProtocolError('site-maasai has no house status, blocks or house use');
        }
        if ($pos->quiet > QUIET_LIMIT) {
            throw new ProtocolError('key quiet: the game is called at ' . QUIET_LIMIT);
        }
        if ($pos->result !== null && $pos->result['reason'] !== 'infinite') {
            throw new ProtocolError('key result: only an endless relay decides a result the board cannot show');
        }
        $board = new Board();
        for ($side = 0; $side < 2; $side++) {
            $pits = array_fill(0, 16, 0);
            for ($number = 1; $number <= 8; $number++) {
                $pits[circuitIndex(true, $number)] = $pos->pits[LETTERS[$side][0]][$number - 1];
                $pits[circuitIndex(false, $number)] = $pos->pits[LETTERS[$side][1]][$number - 1];
            }
            $board->pits[$side] = $pits;
        }
        $board->store = $pos->store;
        $board->quiet = $pos->quiet;
        $board->toMove = $pos->toMove === 'S' ? 0 : 1;
        $board->result = $pos->result;
        return $board;
    }

    public function encode(mixed $board, string $ruleset): Position
    {
        $pos = new Position();
        for ($side = 0; $side < 2; $side++) {
            [$front, $back] = LETTERS[$side];
            for ($number = 1; $number <= 8; $number++) {
                $pos->pits[$front][$number - 1] = $board->pits[$side][circuitIndex(true, $number)];
                $pos->pits[$back][$number - 1] = $board->pits[$side][circuitIndex(false, $number)];
            }
        }
        $pos->toMove = SIDES[$board->toMove];
        $pos->store = $board->store;
        $pos->quiet = $board->quiet;
        $pos->result = $board->result;
        return $pos;
    }

    public function start(string $ruleset): Board
    {
        $board = new Board();
        $board->pits = [array_fill(0, 16, 2), array_fill(0, 16, 2)];
        return $board;
    }

    public function status(mixed $board, string $ruleset): string
    {
        return boardStatus($board);
    }

    public function moves(mixed $board, string $ruleset): array
    {
        if (boardStatus($board) !== 'ongoing') {
            return [];
        }
        $me = $board->toMove;
        $moves = [];
        for ($i = 0; $i < 16; $i++) {
            if ($board->pits[$me][$i] > 0) {
                $moves[] = pitName($me, $i) . 'L';
            }
        }
        return $moves;
    }

    /** The board after a legal move, and the move's trace items. */
    public function play(mixed $board, Move $move, string $ruleset): Played
    {
        $me = $board->toMove;
        $them = 1 - $me;
        $mine = $board->pits[$me];
        $trace = [];
        $sow = function (int $from, int $seeds) use (&$mine, &$trace, $me): int {
            $i = $from;
            for ($k = 0; $k < $seeds; $k++) {
                $i = ($i + 15) % 16;
                $mine[$i]++;
                $trace[] = 'sow ' . pitName($me, $i);
            }
            return $i;
        };

        // Lift the chosen pit and sow it.
        $start = circuitIndex($move->pit[0] === 'A' || $move->pit[0] === 'a', (int) $move->pit[1]);
        $seeds = $mine[$start];
        $mine[$start] = 0;
        $trace[] = 'lift ' . pitName($me, $start) . " $seeds";
        $last = $sow($start, $seeds);
        // Relay from every occupied pit the last seed reaches. A relay is a
        // function of (the mover's pits, the pit to lift): a state seen before
        // means it can never stop, and the move is cut at that first repeat.
        // One that has relayed RELAY_LIMIT times without a repeat is cut there
        // (site.interp.endless-relay: some cycle only after millions).
        $seen = [];
        $endless = false;
        while ($mine[$last] > 1) {
            $state = implode(',', $mine) . ":$last";
            if (isset($seen[$state]) || count($seen) === RELAY_LIMIT) {
                $endless = true;
                break;
            }
            $seen[$state] = true;
            $seeds = $mine[$last];
            $mine[$last] = 0;
            $trace[] = 'relay ' . pitName($me, $last) . " $seeds";
            $last = $sow($last, $seeds);
        }
        $trace[] = 'stop ' . pitName($me, $last);
        $board->pits[$me] = $mine;
        // The capture: stopped in an empty pit of the own inner row, across
        // from a pit with seeds.
        $captured = false;
        if (!$endless && $last < 8 && $board->pits[$them][7 - $last] > 0) {
            $taken = $board->pits[$them][7 - $last];
            $board->pits[$them][7 - $last] = 0;
            $board->store[$me] += $taken;
            $trace[] = 'capture ' . pitName($them, 7 - $last) . " $taken";
            $captured = true;
        }
        $board->quiet = $captured ? 0 : $board->quiet + 1;
        $board->toMove = $them;
        if ($endless) {
            $board->result = called($board->store, 'infinite');
            $trace[] = 'end infinite';
        } else {
            $status = boardStatus($board);
            if ($status !== 'ongoing') {
                $words = explode(' ', $status);
                $trace[] = 'end ' . end($words);
            }
        }
        return new Played($board, $trace);
    }
}
