package bao.protocol;

/**
 * A row, in canonical order: South's front (A) and back (B), North's front
 * (a) and back (b). {@code ordinal()} indexes {@link Position#pits}.
 */
public enum Row {
  A('A', Side.SOUTH, true),
  B('B', Side.SOUTH, false),
  LOWER_A('a', Side.NORTH, true),
  LOWER_B('b', Side.NORTH, false);

  private final char letter;
  private final Side side;
  private final boolean front;

  Row(char letter, Side side, boolean front) {
    this.letter = letter;
    this.side = side;
    this.front = front;
  }

  public char letter() {
    return letter;
  }

  public Side side() {
    return side;
  }

  /** Whether it is a front (inner) row. */
  public boolean front() {
    return front;
  }

  /** The row of {@code side}, front or back. */
  public static Row of(Side side, boolean front) {
    if (side == Side.SOUTH) return front ? A : B;
    return front ? LOWER_A : LOWER_B;
  }

  /** The row with this letter, or null. */
  public static Row fromLetter(char letter) {
    for (Row r : values()) if (r.letter == letter) return r;
    return null;
  }
}
