package bao.protocol;

/**
 * The answer to {@code status}: ongoing, a win of {@code winner}, or a draw
 * ({@code winner} null), with the reason. {@code toString()} is the
 * protocol's text ({@code win S front-empty}).
 */
public record Status(boolean over, Side winner, Reason reason) {
  public static final Status ONGOING = new Status(false, null, null);

  public Status {
    if (over && reason == null) throw new IllegalArgumentException("a finished game needs a reason");
    if (!over && (winner != null || reason != null)) {
      throw new IllegalArgumentException("an ongoing game has no winner and no reason");
    }
  }

  public static Status win(Side winner, Reason reason) {
    if (winner == null) throw new IllegalArgumentException("a win needs a winner");
    return new Status(true, winner, reason);
  }

  public static Status draw(Reason reason) {
    return new Status(true, null, reason);
  }

  @Override
  public String toString() {
    if (!over) return "ongoing";
    return winner == null ? "draw " + reason.word() : "win " + winner.letter() + " " + reason.word();
  }
}
