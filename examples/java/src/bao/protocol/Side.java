package bao.protocol;

/** A side: South moves first. */
public enum Side {
  SOUTH('S', "South"),
  NORTH('N', "North");

  private final char letter;
  private final String title;

  Side(char letter, String title) {
    this.letter = letter;
    this.title = title;
  }

  /** {@code S} or {@code N}. */
  public char letter() {
    return letter;
  }

  /** {@code South} or {@code North}. */
  public String title() {
    return title;
  }

  public Side other() {
    return this == SOUTH ? NORTH : SOUTH;
  }
}
