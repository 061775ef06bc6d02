// Types of bao-oracle (index.js).

/**
 * Bad input: the message names the argument and what is wrong there; the
 * same as data in `argument`, `field` (inside the argument, e.g. "north
 * rows" of a BPN string; "" otherwise) and `offset` (or null). A wrong type
 * throws a TypeError naming the argument instead.
 */
export class BaoOracleError extends Error {
  kind: 'input' | 'unknown-ruleset' | 'invalid-position' | 'invalid-move' | 'illegal-move' | 'invalid-argument';
  argument: string;
  field: string;
  offset: number | null;
}
/** The ruleset id is not one of the oracle's. */
export class UnknownRuleset extends BaoOracleError {}
/** BPN that does not parse, or that the ruleset cannot hold. */
export class InvalidPosition extends BaoOracleError {}
/** Move text that does not parse (or is not the mover's). */
export class InvalidMove extends BaoOracleError {}
/** A well-formed move the position does not allow. */
export class IllegalMove extends BaoOracleError {}
/** Any other argument out of range: a depth, a status. */
export class InvalidArgument extends BaoOracleError {}

/** perft's depth limit, the command line's. */
export const MAX_PERFT_DEPTH: number;

export interface Ruleset {
  id: string;
  title: string;
  /** The rule source's short id, e.g. "ap". */
  source: string;
  /** The start position, BPN. */
  start: string;
}

export interface Clause {
  id: string;
  kind: 'rule' | 'interpretation';
  source: string;
  section: string;
  paraphrase: string;
}

export interface TraceEvent {
  kind: string;
  /** "A3"; empty for "end". */
  pit: string;
  count: number;
  /** For "end" only: "front-empty", ... */
  reason: string;
  /** The id of the clause that decided this step. */
  clause: string;
  /** The protocol's form of the step: "lift A3 3". */
  text: string;
}

export interface PlayResult {
  bpn: string;
  status: string;
  trace: TraceEvent[];
  /** The protocol `trace` payload: "lift A3 3; sow A4; ...". */
  traceText: string;
}

export interface PlayAnswer {
  /** null: the engine refused the move. */
  bpn: string | null;
  /** Absent: not compared. */
  status?: string;
}

export interface EngineAnswers {
  moves: string[];
  /** Absent: not compared. */
  status?: string;
  /** null: the engine refused the move. */
  plays?: Record<string, PlayAnswer | null>;
}

export interface Disagreement {
  kind: 'missing-move' | 'extra-move' | 'different-result' | 'different-status';
  move: string;
  expected: string;
  actual: string;
  /** Empty for a rules difference; "side-letter" or "extension-key used" otherwise. */
  notation: string;
  /** The clause the oracle's answer departs at. */
  clause: string;
  /** How that clause was worked out. */
  departure: string;
}

export function rulesets(): Ruleset[];
export function clauses(ruleset: string): Clause[];
/** `bpn`: BPN or "start". */
export function legalMoves(ruleset: string, bpn: string): string[];
export function play(ruleset: string, bpn: string, move: string): PlayResult;
export function status(ruleset: string, bpn: string): string;
export function perft(ruleset: string, bpn: string, depth: number): number;
export function compare(ruleset: string, bpn: string, engine: EngineAnswers): Disagreement | null;
/**
 * The position (BPN) reached from the start by playing, for each pick, the
 * legal move of that index modulo their count; it stops where the game ends.
 */
export function positionAfter(ruleset: string, picks: number[]): string;

/** The part of fast-check `positions` uses: pass the fast-check module itself. */
export interface FastCheckLike {
  nat(max: number): unknown;
  array(arb: unknown, constraints: { maxLength: number }): { map<U>(f: (picks: number[]) => U): unknown };
}
/**
 * A fast-check arbitrary of BPN positions reachable in `ruleset` within
 * `maxMoves` moves (80 by default), shrinking towards the start.
 */
export function positions(fc: FastCheckLike, ruleset: string, options?: { maxMoves?: number }): any;

/** One deviation `check` names: a switch of the catalogue the engine plays as. */
export interface CheckDeviation {
  switch: string;
  clause: string;
  switchKind: string;
  playsAs: string;
  meaning: string;
  games: number;
  positions: number;
  /** The witness: where the engine answers as the switch says. */
  position: string;
  move: string;
  expected: string;
  actual: string;
}
/** One difference no switch explains, at the clause where the engine departs. */
export interface CheckFinding {
  kind: string;
  clauses: string[];
  position: string;
  move: string;
  expected: string;
  actual: string;
  departure: string;
}
export interface CheckResult {
  /** No findings: `bao-oracle check` exited 0. */
  passed: boolean;
  /** The summary `bao-oracle check` printed. */
  summary: string;
  deviations: CheckDeviation[];
  unexplained: CheckFinding[];
  /** The notation differences, one line each. */
  notation: string[];
  /** report.json, parsed. */
  report: any;
}
export interface CheckOptions {
  games?: number;
  seed?: number;
  /** Scenario files or folders some games start from; none by default (--no-corpus). */
  corpus?: string[];
  /** Engine requests at most (0: no limit). */
  budget?: number;
  /** Further options of `bao-oracle check`. */
  args?: string[];
  /** The bao-oracle program; default $BAO_ORACLE, else bao-oracle on PATH. */
  oracle?: string;
  /** A folder to write the report files into. */
  report?: string;
}
/**
 * Checks an engine object (the kit's interface, bao-oracle/protocol) with
 * `bao-oracle check` run from the test process (Node only).
 */
export function check(engine: object, ruleset: string, options?: CheckOptions): Promise<CheckResult>;

declare const oracle: {
  BaoOracleError: typeof BaoOracleError;
  UnknownRuleset: typeof UnknownRuleset;
  InvalidPosition: typeof InvalidPosition;
  InvalidMove: typeof InvalidMove;
  IllegalMove: typeof IllegalMove;
  InvalidArgument: typeof InvalidArgument;
  MAX_PERFT_DEPTH: number;
  rulesets: typeof rulesets;
  clauses: typeof clauses;
  legalMoves: typeof legalMoves;
  play: typeof play;
  status: typeof status;
  perft: typeof perft;
  compare: typeof compare;
  positionAfter: typeof positionAfter;
  positions: typeof positions;
  check: typeof check;
};
export default oracle;
