package bao.protocol;

/** A result the board cannot show (bao-oracle's {@code result} key): {@code winner} null is a draw. */
public record GameResult(Side winner, Reason reason) {
  public GameResult {
    if (reason == null) throw new IllegalArgumentException("a result needs a reason");
  }

  /** The status this result gives. */
  public Status status() {
    return winner == null ? Status.draw(reason) : Status.win(winner, reason);
  }
}
