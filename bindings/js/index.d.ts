// Types of bao-oracle (index.js).

export class BaoOracleError extends Error {}

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
  plays?: Record<string, PlayAnswer>;
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
