package bao.protocol;

/**
 * A move, {@code <pit><dir>[t][+]}: {@code twoSeed} a two-seed start from a
 * house, {@code goOn} going on at a house. {@code toString()} is the
 * canonical text ({@code A6L}, {@code A5Rt+}).
 */
public record Move(Pit pit, Dir dir, boolean twoSeed, boolean goOn) {
  public Move {
    if (pit == null || dir == null) throw new IllegalArgumentException("a move needs a pit and a direction");
  }

  /** A plain move: no {@code t}, no {@code +}. */
  public Move(Pit pit, Dir dir) {
    this(pit, dir, false, false);
  }

  /**
   * Reads a move for the side to move; the error says what is wrong and
   * where ({@code move 'A6X': direction must be L or R at offset 2}).
   */
  public static Move parse(String text, Side toMove) {
    if (text.isEmpty()) throw fail(text, "empty");
    Pit pit;
    try {
      pit = Pit.parse(text.substring(0, Math.min(2, text.length())));
    } catch (ProtocolError e) {
      throw fail(text, e.getMessage());
    }
    if (pit.side() != toMove) {
      throw fail(text, "pit " + pit + " belongs to " + pit.side().title() + " but " + toMove.title() + " is to move");
    }
    if (text.length() < 3) throw fail(text, "direction L or R missing at offset 2");
    char d = text.charAt(2);
    if (d != 'L' && d != 'R') throw fail(text, "direction must be L or R at offset 2");
    int i = 3;
    boolean twoSeed = i < text.length() && text.charAt(i) == 't';
    if (twoSeed) i++;
    boolean goOn = i < text.length() && text.charAt(i) == '+';
    if (goOn) i++;
    if (i < text.length()) throw fail(text, "unexpected character '" + text.charAt(i) + "' at offset " + i);
    return new Move(pit, d == 'L' ? Dir.L : Dir.R, twoSeed, goOn);
  }

  private static ProtocolError fail(String text, String what) {
    return new ProtocolError("move '" + text + "': " + what);
  }

  @Override
  public String toString() {
    return pit.toString() + dir + (twoSeed ? "t" : "") + (goOn ? "+" : "");
  }
}
