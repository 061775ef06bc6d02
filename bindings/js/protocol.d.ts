// Types of bao-oracle/protocol (protocol.js): the adapter kit that puts an
// engine object behind the Bao engine protocol, version 1.

export const PROTOCOL_VERSION: string;
/** A request may be up to this many bytes, a '\r' before the '\n' included. */
export const MAX_LINE_BYTES: number;
export const MAX_PERFT_DEPTH: number;
/** One `perft` may list at most this many positions, every level counted. */
export const MAX_PERFT_POSITIONS: number;
export const MAX_TOTAL_SEEDS: number;
export const KEYS: string[];
export const REASONS: string[];

/** A request that fails on purpose: its message becomes the `?` line as it is. */
export class ProtocolError extends Error {}

export type Side = 'S' | 'N';
export type Reason = 'front-empty' | 'no-move' | 'infinite' | 'all-captured' | 'house-full' | 'no-progress';

export interface Pit {
  name: string;
  row: 'A' | 'B' | 'a' | 'b';
  number: number;
  side: Side;
  front: boolean;
}

/** A move value, frozen; `text` is the canonical form ("A6L"). */
export interface Move {
  readonly pit: string;
  readonly dir: 'L' | 'R';
  readonly twoSeed: boolean;
  readonly goOn: boolean;
  readonly text: string;
}

/** A position exactly as BPN writes it; `encode` may leave out any key at its default. */
export interface Position {
  toMove: Side;
  /** Each row eight counts in its owner's numbering: pits.A[0] is A1, pits.b[7] is b8. */
  pits: { A: number[]; B: number[]; a: number[]; b: number[] };
  hand?: [number, number];
  store?: [number, number];
  quiet?: number;
  house?: string[];
  block?: string[];
  used?: string[];
  result?: { winner: Side | 'draw'; reason: Reason } | null;
}

/** What `play` returns: the state after the move and the `trace` items. */
export interface Played<S> {
  state: S;
  trace?: string[];
}

/** The engine object `serve` puts behind the protocol (README of examples/node). */
export interface Engine<S> {
  name: string | (() => string);
  rulesets: string[] | (() => string[]);
  codec: {
    /** Your state for a position; throw a ProtocolError for one the ruleset cannot hold. */
    decode(position: Required<Position>, ruleset: string): S;
    encode(state: S, ruleset: string): Position;
  };
  start(ruleset: string): S;
  /** Every legal move, as text ("A6L") or move values; [] once the game is over. */
  moves(state: S, ruleset: string): Array<string | Move>;
  play(state: S, move: Move, ruleset: string): Played<S>;
  /** 'ongoing', 'win S <reason>', 'win N <reason>' or 'draw <reason>'. */
  status(state: S, ruleset: string): string;
  /** false if the engine never gives traces. */
  traces?: boolean;
}

/** One engine's session: `handle(line)` answers one request line ("= 16", "? unknown command"). */
export class Session<S = unknown> {
  constructor(engine: Engine<S>);
  handle(line: string): string;
  done: boolean;
}

/** Serves the protocol on `input` and `output` (standard input and output by default). */
export function serve<S>(engine: Engine<S>, options?: {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
  onExit?: (status: number) => void;
}): Session<S>;

export function parsePit(text: string): Pit;
export function parseMove(text: string, toMove: Side): Move;
export function formatMove(move: string | Move, toMove: Side): string;
export function emptyPosition(): Required<Position>;
export function parseBpn(text: string): Required<Position>;
export function formatBpn(position: Position): string;
export function checkPosition(position: Position): Required<Position>;

declare const kit: {
  PROTOCOL_VERSION: typeof PROTOCOL_VERSION;
  MAX_LINE_BYTES: typeof MAX_LINE_BYTES;
  MAX_PERFT_DEPTH: typeof MAX_PERFT_DEPTH;
  MAX_PERFT_POSITIONS: typeof MAX_PERFT_POSITIONS;
  MAX_TOTAL_SEEDS: typeof MAX_TOTAL_SEEDS;
  KEYS: typeof KEYS;
  REASONS: typeof REASONS;
  ProtocolError: typeof ProtocolError;
  Session: typeof Session;
  serve: typeof serve;
  parsePit: typeof parsePit;
  parseMove: typeof parseMove;
  formatMove: typeof formatMove;
  emptyPosition: typeof emptyPosition;
  parseBpn: typeof parseBpn;
  formatBpn: typeof formatBpn;
  checkPosition: typeof checkPosition;
};
export default kit;
