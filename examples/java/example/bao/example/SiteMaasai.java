package bao.example;

import bao.protocol.Dir;
import bao.protocol.Engine;
import bao.protocol.GameResult;
import bao.protocol.Move;
import bao.protocol.Pit;
import bao.protocol.Played;
import bao.protocol.Position;
import bao.protocol.ProtocolError;
import bao.protocol.Reason;
import bao.protocol.Row;
import bao.protocol.Side;
import bao.protocol.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of {@code site-maasai}, the play site's Maasai variant (the play
 * site's rules page, docs/sources.md), as bao-oracle reads them
 * (docs/rulesets/site-maasai.md).
 *
 * <p>This is the engine the kit serves: replace it with an adapter over your
 * own engine (README.md). It plays on its own board representation and
 * converts to and from the protocol's positions in {@code decode} and {@code
 * encode}.
 *
 * <p>Each side's sixteen pits are an array indexed by circuit position: front
 * pits 1..8 are 0..7 and back pits 8..1 are 8..15, so the one legal
 * direction, L, is -1 around the circuit: A8 -> A1 -> B1 -> B8 -> A8. Front
 * pit f faces the opponent's front pit 7 - f (A(i) faces a(9-i)).
 */
public final class SiteMaasai implements Engine<SiteMaasai.Board> {
  public static final String RULESET = "site-maasai";
  /** The no-progress rule: the game is called after fifty turns without a capture. */
  public static final int QUIET_LIMIT = 50;
  /** Relays after which a move is cut as endless when no state has come back yet. */
  public static final int RELAY_LIMIT = 1 << 16;

  /** The engine's own state. */
  public static final class Board {
    final int[][] pits = new int[2][16];
    final int[] store = new int[2];
    int quiet;
    Side toMove = Side.SOUTH;
    GameResult result;
  }

  private static int circuitIndex(boolean front, int number) {
    return front ? number - 1 : 16 - number;
  }

  private static Pit pitOf(Side side, int index) {
    return index < 8 ? new Pit(Row.of(side, true), index + 1) : new Pit(Row.of(side, false), 16 - index);
  }

  /** A called game goes to the side with more captured seeds; level stores are a draw. */
  private static GameResult called(int[] store, Reason reason) {
    if (store[0] == store[1]) return new GameResult(null, reason);
    return new GameResult(store[0] > store[1] ? Side.SOUTH : Side.NORTH, reason);
  }

  private static Status boardStatus(Board board) {
    if (board.result != null) return board.result.status();
    // A side with no seed on its sixteen pits has lost; the side to move is
    // judged first (only a set-up position can have both sides empty).
    for (Side side : List.of(board.toMove, board.toMove.other())) {
      if (Arrays.stream(board.pits[side.ordinal()]).allMatch(c -> c == 0)) {
        return Status.win(side.other(), Reason.ALL_CAPTURED);
      }
    }
    if (board.quiet >= QUIET_LIMIT) return called(board.store, Reason.NO_PROGRESS).status();
    return Status.ONGOING;
  }

  @Override
  public String name() {
    return "maasai-example 1.0 (java)";
  }

  @Override
  public List<String> rulesets() {
    return List.of(RULESET);
  }

  @Override
  public Board decode(Position pos, String ruleset) {
    // Why the position cannot occur in Maasai: the answer to `position`.
    if (pos.hand[0] != 0 || pos.hand[1] != 0) throw new ProtocolError("key hand: site-maasai has no reserve seeds");
    if (!pos.house.isEmpty() || !pos.block.isEmpty() || !pos.used.isEmpty()) {
      throw new ProtocolError("site-maasai has no house status, blocks or house use");
    }
    if (pos.quiet > QUIET_LIMIT) throw new ProtocolError("key quiet: the game is called at " + QUIET_LIMIT);
    if (pos.result != null && pos.result.reason() != Reason.INFINITE) {
      throw new ProtocolError("key result: only an endless relay decides a result the board cannot show");
    }
    Board board = new Board();
    for (Side side : Side.values()) {
      for (int number = 1; number <= 8; number++) {
        board.pits[side.ordinal()][circuitIndex(true, number)] = pos.at(new Pit(Row.of(side, true), number));
        board.pits[side.ordinal()][circuitIndex(false, number)] = pos.at(new Pit(Row.of(side, false), number));
      }
    }
    board.store[0] = pos.store[0];
    board.store[1] = pos.store[1];
    board.quiet = pos.quiet;
    board.toMove = pos.toMove;
    board.result = pos.result;
    return board;
  }

  @Override
  public Position encode(Board board, String ruleset) {
    Position pos = new Position();
    for (Side side : Side.values()) {
      for (int i = 0; i < 16; i++) pos.set(pitOf(side, i), board.pits[side.ordinal()][i]);
    }
    pos.toMove = board.toMove;
    pos.store = board.store.clone();
    pos.quiet = board.quiet;
    pos.result = board.result;
    return pos;
  }

  @Override
  public Board start(String ruleset) {
    Board board = new Board();
    for (int[] side : board.pits) Arrays.fill(side, 2);
    return board;
  }

  @Override
  public Status status(Board board, String ruleset) {
    return boardStatus(board);
  }

  @Override
  public List<Move> moves(Board board, String ruleset) {
    List<Move> moves = new ArrayList<>();
    if (!boardStatus(board).equals(Status.ONGOING)) return moves;
    Side me = board.toMove;
    for (int i = 0; i < 16; i++) if (board.pits[me.ordinal()][i] > 0) moves.add(new Move(pitOf(me, i), Dir.L));
    return moves;
  }

  /** The board after a legal move, and the move's trace items. */
  @Override
  public Played<Board> play(Board board, Move move, String ruleset) {
    Side me = board.toMove;
    Side them = me.other();
    int[] mine = board.pits[me.ordinal()];
    int[] theirs = board.pits[them.ordinal()];
    List<String> trace = new ArrayList<>();

    // Lift the chosen pit and sow it.
    int start = circuitIndex(move.pit().front(), move.pit().number());
    int seeds = mine[start];
    mine[start] = 0;
    trace.add("lift " + pitOf(me, start) + " " + seeds);
    int last = sow(mine, me, start, seeds, trace);
    // Relay from every occupied pit the last seed reaches. A relay is a
    // function of (the mover's pits, the pit to lift): a state seen before
    // means it can never stop, and the move is cut at that first repeat. One
    // that has relayed RELAY_LIMIT times without a repeat is cut there
    // (site.interp.endless-relay: some cycle only after millions).
    Set<String> seen = new HashSet<>();
    boolean endless = false;
    while (mine[last] > 1) {
      String state = Arrays.toString(mine) + last;
      if (seen.size() == RELAY_LIMIT || !seen.add(state)) {
        endless = true;
        break;
      }
      seeds = mine[last];
      mine[last] = 0;
      trace.add("relay " + pitOf(me, last) + " " + seeds);
      last = sow(mine, me, last, seeds, trace);
    }
    trace.add("stop " + pitOf(me, last));
    // The capture: stopped in an empty pit of the own inner row, across from
    // a pit with seeds.
    boolean captured = false;
    if (!endless && last < 8 && theirs[7 - last] > 0) {
      int taken = theirs[7 - last];
      theirs[7 - last] = 0;
      board.store[me.ordinal()] += taken;
      trace.add("capture " + pitOf(them, 7 - last) + " " + taken);
      captured = true;
    }
    board.quiet = captured ? 0 : board.quiet + 1;
    board.toMove = them;
    if (endless) {
      board.result = called(board.store, Reason.INFINITE);
      trace.add("end infinite");
    } else {
      Status status = boardStatus(board);
      if (status.over()) trace.add("end " + status.reason().word());
    }
    return new Played<>(board, trace);
  }

  private static int sow(int[] mine, Side me, int from, int seeds, List<String> trace) {
    int i = from;
    for (int k = 0; k < seeds; k++) {
      i = (i + 15) % 16;
      mine[i] += 1;
      trace.add("sow " + pitOf(me, i));
    }
    return i;
  }
}
