package bao.protocol;

/** The protocol's reason words, for {@code status} and the {@code result} key. */
public enum Reason {
  FRONT_EMPTY("front-empty"),
  NO_MOVE("no-move"),
  INFINITE("infinite"),
  ALL_CAPTURED("all-captured"),
  HOUSE_FULL("house-full"),
  NO_PROGRESS("no-progress");

  private final String word;

  Reason(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  /** The reason with this word, or null. */
  public static Reason fromWord(String word) {
    for (Reason r : values()) if (r.word.equals(word)) return r;
    return null;
  }
}
