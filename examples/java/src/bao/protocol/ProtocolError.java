package bao.protocol;

/**
 * A request that fails on purpose: its message becomes the {@code ?} line as
 * it is. An engine throws it from {@link Engine#decode} to refuse a position
 * its ruleset cannot hold; anything else an engine throws is reported as an
 * engine error naming the request.
 */
public class ProtocolError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ProtocolError(String message) {
    super(message);
  }
}
