package bao.protocol;

/** A pit: a row and a number 1 to 8 in the owner's numbering ({@code A5}, {@code b3}). */
public record Pit(Row row, int number) implements Comparable<Pit> {
  public Pit {
    if (row == null || number < 1 || number > 8) {
      throw new IllegalArgumentException("a pit is a row and a number 1 to 8, got " + row + " " + number);
    }
  }

  public Side side() {
    return row.side();
  }

  public boolean front() {
    return row.front();
  }

  /** {@code Pit.parse("A5")}; the error is {@code pit 'C3': row letter must be A, B, a or b}. */
  public static Pit parse(String text) {
    if (text.isEmpty()) throw fail(text, "empty");
    Row row = Row.fromLetter(text.charAt(0));
    if (row == null) throw fail(text, "row letter must be A, B, a or b");
    if (text.length() == 1) throw fail(text, "pit number missing");
    if (text.length() != 2 || text.charAt(1) < '1' || text.charAt(1) > '8') {
      throw fail(text, "pit number must be 1 to 8");
    }
    return new Pit(row, text.charAt(1) - '0');
  }

  private static ProtocolError fail(String text, String what) {
    return new ProtocolError("pit '" + text + "': " + what);
  }

  @Override
  public int compareTo(Pit other) {
    return row != other.row ? row.compareTo(other.row) : Integer.compare(number, other.number);
  }

  @Override
  public String toString() {
    return "" + row.letter() + number;
  }
}
