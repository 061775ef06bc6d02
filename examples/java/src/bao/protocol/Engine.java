package bao.protocol;

import java.util.List;

/**
 * An engine, as the protocol sees it. Write each member as a translation:
 * convert a {@link Position} into your engine's board, ask your engine,
 * convert the answer back.
 *
 * <p>What the kit guarantees you: every request decodes a fresh state from
 * the position the kit keeps, so {@code play} may change the state it is
 * given; only moves {@code moves} listed reach {@code play}; anything a
 * member throws (a stack overflow included), other than a {@link
 * ProtocolError} from {@code decode}, becomes a {@code ?} answer naming the
 * request and the member, and the session goes on with nothing changed.
 *
 * @param <S> your engine's state for one position
 */
public interface Engine<S> {
  /** The {@code name} answer, e.g. {@code my-engine 0.3}. */
  String name();

  /** The ruleset ids you support; the first is selected at start-up. */
  List<String> rulesets();

  /**
   * Your state for a protocol position (a copy: change it if you like);
   * throw a {@link ProtocolError} for a position the ruleset cannot hold.
   */
  S decode(Position position, String ruleset);

  /** The protocol position of one of your states. */
  Position encode(S state, String ruleset);

  /** The state at the start of the game. */
  S start(String ruleset);

  /** Every legal move; none once the game is over. */
  List<Move> moves(S state, String ruleset);

  /** The state after a legal move, with its trace. */
  Played<S> play(S state, Move move, String ruleset);

  /** Ongoing, a win or a draw, with the protocol's reason words. */
  Status status(S state, String ruleset);

  /**
   * False if the engine never gives traces: {@code trace} is then answered
   * {@code ? unknown command}, the protocol's way to say an optional command
   * is missing.
   */
  default boolean traces() {
    return true;
  }
}
