package bao.protocol;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A position exactly as BPN writes it, all plain values. {@code
 * pits[row.ordinal()][n - 1]} is pit {@code n} of that row ({@code
 * pits[0][0]} is A1, {@code pits[3][7]} is b8); {@code hand} and {@code
 * store} are {@code {south, north}}; {@code house}, {@code block} and {@code
 * used} list pits in any order; {@code result} is null or a result the board
 * cannot show. {@code toString()} is canonical BPN.
 */
public final class Position {
  /** The most seeds a position may hold, board, hands and stores together. */
  public static final int MAX_TOTAL_SEEDS = 255;
  /** The largest {@code quiet} count BPN can hold. */
  public static final int MAX_QUIET = 65535;
  private static final List<String> KEYS = List.of("hand", "house", "block", "store", "quiet", "used", "result");

  public Side toMove = Side.SOUTH;
  public int[][] pits = new int[4][8];
  public int[] hand = {0, 0};
  public int[] store = {0, 0};
  public int quiet = 0;
  public List<Pit> house = new ArrayList<>();
  public List<Pit> block = new ArrayList<>();
  public List<Pit> used = new ArrayList<>();
  public GameResult result = null;

  /** The seeds in one pit. */
  public int at(Pit pit) {
    return pits[pit.row().ordinal()][pit.number() - 1];
  }

  /** Sets the seeds in one pit. */
  public void set(Pit pit, int seeds) {
    pits[pit.row().ordinal()][pit.number() - 1] = seeds;
  }

  /** A deep copy. */
  public Position copy() {
    Position p = new Position();
    p.toMove = toMove;
    for (int r = 0; r < 4; r++) p.pits[r] = pits[r].clone();
    p.hand = hand.clone();
    p.store = store.clone();
    p.quiet = quiet;
    p.house = new ArrayList<>(house);
    p.block = new ArrayList<>(block);
    p.used = new ArrayList<>(used);
    p.result = result;
    return p;
  }

  /**
   * Checks a position an engine made and returns a canonical copy (pit lists
   * sorted); throws IllegalArgumentException naming the first thing wrong
   * ({@code pits.A[3] is -1, not a count 0..255}).
   */
  public Position checked() {
    if (toMove == null) throw new IllegalArgumentException("toMove must be SOUTH or NORTH, got null");
    if (pits == null || pits.length != 4) throw new IllegalArgumentException("pits must be 4 rows of 8 counts");
    int seeds = 0;
    for (Row row : Row.values()) {
      int[] counts = pits[row.ordinal()];
      if (counts == null || counts.length != 8) {
        throw new IllegalArgumentException("pits." + row.letter() + " must be 8 counts");
      }
      for (int i = 0; i < 8; i++) {
        if (counts[i] < 0 || counts[i] > 255) {
          throw new IllegalArgumentException(
              "pits." + row.letter() + "[" + i + "] is " + counts[i] + ", not a count 0..255");
        }
        seeds += counts[i];
      }
    }
    for (String key : List.of("hand", "store")) {
      int[] pair = key.equals("hand") ? hand : store;
      if (pair == null || pair.length != 2 || pair[0] < 0 || pair[0] > 255 || pair[1] < 0 || pair[1] > 255) {
        throw new IllegalArgumentException(key + " must be {south, north}, two counts 0..255");
      }
      seeds += pair[0] + pair[1];
    }
    if (seeds > MAX_TOTAL_SEEDS) {
      throw new IllegalArgumentException(seeds + " seeds in all, above the limit of " + MAX_TOTAL_SEEDS);
    }
    if (quiet < 0 || quiet > MAX_QUIET) {
      throw new IllegalArgumentException("quiet is " + quiet + ", not a count 0.." + MAX_QUIET);
    }
    Position out = copy();
    out.house = sortedPits("house", house);
    out.block = sortedPits("block", block);
    out.used = sortedPits("used", used);
    return out;
  }

  private static List<Pit> sortedPits(String key, List<Pit> list) {
    if (list == null || list.contains(null)) throw new IllegalArgumentException(key + " must be a list of pits");
    TreeSet<Pit> set = new TreeSet<>(list);
    if (set.size() != list.size()) throw new IllegalArgumentException(key + " lists a pit twice");
    return new ArrayList<>(set);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    out.append(toMove.letter()).append(' ');
    for (int r = 0; r < 4; r++) {
      for (int i = 0; i < 8; i++) out.append(i == 0 ? "" : ",").append(pits[r][i]);
      out.append(r == 0 || r == 2 ? "/" : r == 1 ? " " : "");
    }
    if (hand[0] != 0 || hand[1] != 0) out.append(" hand=").append(hand[0]).append(',').append(hand[1]);
    if (!house.isEmpty()) out.append(" house=").append(pitList(house));
    if (!block.isEmpty()) out.append(" block=").append(pitList(block));
    if (store[0] != 0 || store[1] != 0) out.append(" store=").append(store[0]).append(',').append(store[1]);
    if (quiet != 0) out.append(" quiet=").append(quiet);
    if (!used.isEmpty()) out.append(" used=").append(pitList(used));
    if (result != null) {
      out.append(" result=").append(result.winner() == null ? "draw" : "" + result.winner().letter()).append(':')
          .append(result.reason().word());
    }
    return out.toString();
  }

  private static String pitList(List<Pit> pits) {
    List<String> names = new ArrayList<>();
    for (Pit p : new TreeSet<>(pits)) names.add(p.toString());
    return String.join(",", names);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Position p && toString().equals(p.toString());
  }

  @Override
  public int hashCode() {
    return Objects.hash(toString());
  }

  // -- reading BPN ------------------------------------------------------------

  /** A piece of the text and where it starts. */
  private record Piece(String text, int offset) {}

  private static ProtocolError bpnError(int field, String name, String what, int offset) {
    return new ProtocolError("BPN field " + field + " (" + name + "): " + what + " at offset " + offset);
  }

  /** The pieces of {@code piece} between {@code sep}, empty pieces kept. */
  private static List<Piece> split(Piece piece, char sep) {
    List<Piece> parts = new ArrayList<>();
    int start = 0;
    String t = piece.text();
    for (int i = 0; i <= t.length(); i++) {
      if (i < t.length() && t.charAt(i) != sep) continue;
      parts.add(new Piece(t.substring(start, i), piece.offset() + start));
      start = i + 1;
    }
    return parts;
  }

  private static boolean blank(char c) {
    return c == ' ' || c == '\t';
  }

  /** Counts as BPN reads them, with the seeds so far. */
  private static final class Reader {
    int seeds = 0;

    int number(Piece tok, int field, String name, int max) {
      String t = tok.text();
      if (t.isEmpty()) throw bpnError(field, name, "empty count", tok.offset());
      if (t.charAt(0) == '-') throw bpnError(field, name, "negative counts are not allowed", tok.offset());
      for (int i = 0; i < t.length(); i++) {
        if (t.charAt(i) < '0' || t.charAt(i) > '9') {
          throw bpnError(field, name, "'" + t + "' is not a number", tok.offset());
        }
      }
      int zeros = 0;
      while (zeros < t.length() - 1 && t.charAt(zeros) == '0') zeros++;
      String digits = t.substring(zeros);
      int n = digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
      if (n > max) throw bpnError(field, name, t + " is above " + max, tok.offset());
      return n;
    }

    int count(Piece tok, int field, String name) {
      int n = number(tok, field, name, 255);
      seeds += n;
      if (seeds > MAX_TOTAL_SEEDS) {
        throw bpnError(
            field, name, "seed total " + seeds + " is above the limit of " + MAX_TOTAL_SEEDS, tok.offset());
      }
      return n;
    }
  }

  /**
   * Reads BPN; throws a ProtocolError {@code BPN field <n> (<name>): <problem>
   * at offset <k>} (docs/notation.md).
   */
  public static Position parse(String text) {
    int end = text.length();
    while (end > 0 && (blank(text.charAt(end - 1)) || text.charAt(end - 1) == '\r')) end--;
    List<Piece> fields = new ArrayList<>();
    for (int i = 0; i < end; ) {
      if (blank(text.charAt(i))) {
        i++;
        continue;
      }
      int start = i;
      while (i < end && !blank(text.charAt(i))) i++;
      fields.add(new Piece(text.substring(start, i), start));
    }
    Position pos = new Position();
    Reader reader = new Reader();
    if (fields.isEmpty()) throw bpnError(1, "side", "empty input", 0);
    Piece last = fields.get(fields.size() - 1);
    int stop = last.offset() + last.text().length();
    Piece first = fields.get(0);
    if (!first.text().equals("S") && !first.text().equals("N")) {
      throw bpnError(1, "side", "side must be S or N, got '" + first.text() + "'", first.offset());
    }
    pos.toMove = first.text().equals("S") ? Side.SOUTH : Side.NORTH;
    String[] names = {"south rows", "north rows"};
    for (int i = 0; i < 2; i++) {
      int field = i + 2;
      if (fields.size() <= i + 1) throw bpnError(field, names[i], "missing", stop);
      Piece tok = fields.get(i + 1);
      List<Piece> rows = split(tok, '/');
      if (rows.size() != 2) {
        throw bpnError(field, names[i], "expected 2 rows (front/back) separated by '/', got " + rows.size(),
            tok.offset());
      }
      for (int r = 0; r < 2; r++) {
        List<Piece> counts = split(rows.get(r), ',');
        if (counts.size() != 8) {
          throw bpnError(field, names[i], "expected 8 counts, got " + counts.size(), rows.get(r).offset());
        }
        for (int n = 0; n < 8; n++) pos.pits[2 * i + r][n] = reader.count(counts.get(n), field, names[i]);
      }
    }
    List<String> seen = new ArrayList<>();
    for (int i = 3; i < fields.size(); i++) {
      Piece tok = fields.get(i);
      int field = i + 1;
      int eq = tok.text().indexOf('=');
      if (eq <= 0) throw bpnError(field, "key=value", "expected key=value, got '" + tok.text() + "'", tok.offset());
      String key = tok.text().substring(0, eq);
      if (!KEYS.contains(key)) throw bpnError(field, key, "unknown key '" + key + "'", tok.offset());
      if (seen.contains(key)) throw bpnError(field, key, "duplicate key '" + key + "'", tok.offset());
      seen.add(key);
      Piece value = new Piece(tok.text().substring(eq + 1), tok.offset() + eq + 1);
      switch (key) {
        case "hand", "store" -> {
          List<Piece> parts = split(value, ',');
          if (parts.size() != 2) throw bpnError(field, key, "expected two counts S,N", value.offset());
          int[] pair = {reader.count(parts.get(0), field, key), reader.count(parts.get(1), field, key)};
          if (key.equals("hand")) pos.hand = pair;
          else pos.store = pair;
        }
        case "quiet" -> pos.quiet = reader.number(value, field, key, MAX_QUIET);
        case "result" -> pos.result = parseResult(value, field);
        default -> {
          if (value.text().isEmpty()) throw bpnError(field, key, "empty pit list", value.offset());
          List<Pit> list = new ArrayList<>();
          for (Piece part : split(value, ',')) {
            Pit pit;
            try {
              pit = Pit.parse(part.text());
            } catch (ProtocolError e) {
              throw bpnError(field, key, e.getMessage(), part.offset());
            }
            if (list.contains(pit)) throw bpnError(field, key, "pit " + pit + " listed twice", part.offset());
            list.add(pit);
          }
          if (key.equals("house")) pos.house = list;
          else if (key.equals("block")) pos.block = list;
          else pos.used = list;
        }
      }
    }
    return pos;
  }

  private static GameResult parseResult(Piece value, int field) {
    int colon = value.text().indexOf(':');
    if (colon < 0) throw bpnError(field, "result", "expected <winner>:<reason>, e.g. N:infinite", value.offset());
    String winner = value.text().substring(0, colon);
    String word = value.text().substring(colon + 1);
    if (!Arrays.asList("S", "N", "draw").contains(winner)) {
      throw bpnError(field, "result", "winner must be S, N or draw, got '" + winner + "'", value.offset());
    }
    Reason reason = Reason.fromWord(word);
    if (reason == null) throw bpnError(field, "result", "unknown reason '" + word + "'", value.offset() + colon + 1);
    Side side = winner.equals("S") ? Side.SOUTH : winner.equals("N") ? Side.NORTH : null;
    return new GameResult(side, reason);
  }
}
