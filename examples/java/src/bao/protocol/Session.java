package bao.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One engine's session: the ruleset, the position (the protocol's view of the
 * engine's state) and the last move's trace. Every request decodes a fresh
 * engine state from the position, and nothing is kept until every step of a
 * request has succeeded, so a failed request changes nothing.
 *
 * <p>{@link #handle} answers one request line, without any process around
 * it: {@code handle("perft 1")} is {@code "= 16"}.
 */
public final class Session<S> {
  public static final String PROTOCOL_VERSION = "1";
  /** A {@code ?} line is cut at about this many characters. */
  public static final int MAX_MESSAGE = 200;
  public static final int MAX_PERFT_DEPTH = 6;
  /**
   * One {@code perft} may list at most this many positions, every level
   * counted, so that one request cannot keep the engine busy for long; the
   * count does not depend on the machine, so neither does the answer.
   */
  public static final long MAX_PERFT_POSITIONS = 500_000;

  /** A fault of the engine while answering a request. */
  private static final class EngineFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    EngineFault(String message) {
      super(message);
    }
  }

  private enum Arity { NONE, ONE, REST }

  private static final Map<String, Arity> COMMANDS = Map.ofEntries(
      Map.entry("protocol", Arity.NONE), Map.entry("name", Arity.NONE), Map.entry("rulesets", Arity.NONE),
      Map.entry("ruleset", Arity.ONE), Map.entry("position", Arity.REST), Map.entry("show", Arity.NONE),
      Map.entry("moves", Arity.NONE), Map.entry("play", Arity.ONE), Map.entry("status", Arity.NONE),
      Map.entry("quit", Arity.NONE), Map.entry("perft", Arity.ONE), Map.entry("trace", Arity.NONE));

  private final Engine<S> engine;
  private String ruleset;
  private Position position;
  /** null: no play since the position was set; NOT_GIVEN: the engine gave none. */
  private List<String> lastTrace;
  private static final List<String> NOT_GIVEN = List.of();
  private String startFault = "";
  private boolean done = false;

  /**
   * Selects the engine's first ruleset. An engine that fails doing so still
   * answers: every request that needs a position says what failed, until a
   * {@code ruleset} or {@code position} request succeeds.
   */
  public Session(Engine<S> engine) {
    if (engine == null) throw new IllegalArgumentException("Session(engine): engine is null");
    this.engine = engine;
    try {
      String first = rulesetIds().get(0);
      ruleset = first;
      position = startPosition(first);
    } catch (EngineFault | ProtocolError e) {
      startFault = "at start-up, " + e.getMessage();
    }
  }

  /** Whether {@code quit} has been answered. */
  public boolean done() {
    return done;
  }

  /** The answer line (without '\n') to one request line (without '\n'). */
  public String handle(String line) {
    String request = trimRequest(line);
    try {
      if (request.isEmpty()) throw new ProtocolError("empty request");
      int blank = 0;
      while (blank < request.length() && request.charAt(blank) != ' ' && request.charAt(blank) != '\t') blank++;
      String command = request.substring(0, blank);
      String argument = trimRequest(request.substring(blank));
      // The exact text `? unknown command` is how a peer learns that an
      // optional command is missing, so nothing is added to it.
      Arity arity = COMMANDS.get(command);
      if (arity == null || (command.equals("trace") && !engine.traces())) return "? unknown command";
      if (arity == Arity.NONE && !argument.isEmpty()) throw new ProtocolError(command + " takes no argument");
      if (arity != Arity.NONE && argument.isEmpty()) throw new ProtocolError(command + " needs an argument");
      if (arity == Arity.ONE && (argument.contains(" ") || argument.contains("\t"))) {
        throw new ProtocolError(command + " takes one argument");
      }
      String payload = answer(command, argument);
      for (int i = 0; i < payload.length(); i++) {
        char c = payload.charAt(i);
        if (c < 0x20 || c > 0x7e) {
          throw new EngineFault("the answer holds " + printable(String.valueOf(c)) + " at offset " + i
              + "; answers are printable ASCII");
        }
      }
      return payload.isEmpty() ? "=" : "= " + payload;
    } catch (ProtocolError e) {
      return "? " + printable(e.getMessage());
    } catch (EngineFault e) {
      return "? " + printable("engine error in '" + cut(request) + "': " + e.getMessage());
    } catch (RuntimeException | StackOverflowError e) {
      // A fault of this class itself; reported all the same, never fatal.
      return "? " + printable("internal error in '" + cut(request) + "': " + e);
    }
  }

  private String answer(String command, String argument) {
    switch (command) {
      case "protocol":
        return PROTOCOL_VERSION;
      case "name":
        return doName();
      case "rulesets":
        return String.join(" ", rulesetIds());
      case "ruleset":
        return doRuleset(argument);
      case "position":
        return doPosition(argument);
      case "show":
        return current().toString();
      case "moves":
        return joined(legalMoves(current()));
      case "play":
        return doPlay(argument);
      case "status":
        return doStatus();
      case "quit":
        done = true;
        return "";
      case "perft":
        return doPerft(argument);
      default:
        return doTrace();
    }
  }

  // -- calls into the engine, each checked --------------------------------------

  /** Runs one call into the engine: anything it throws becomes an engine fault naming it. */
  private static <T> T call(String what, Supplier<T> f) {
    try {
      return f.get();
    } catch (ProtocolError e) {
      throw e;
    } catch (Throwable e) { // NOPMD: a stack overflow in the engine is an answer too
      if (e instanceof VirtualMachineError && !(e instanceof StackOverflowError)) throw (VirtualMachineError) e;
      throw new EngineFault(what + " threw " + e);
    }
  }

  private List<String> rulesetIds() {
    List<String> ids = call("rulesets", engine::rulesets);
    boolean ok = ids != null && !ids.isEmpty();
    for (int i = 0; ok && i < ids.size(); i++) {
      ok = ids.get(i) != null && !ids.get(i).isEmpty() && printableFrom(ids.get(i), 0x21);
    }
    if (!ok) throw new EngineFault("rulesets must be a non-empty list of ids without blanks");
    return ids;
  }

  private Position encode(S state, String rules, String after) {
    Position p = call("encode after " + after, () -> engine.encode(state, rules));
    if (p == null) throw new EngineFault("encode after " + after + " gave a bad position: null");
    try {
      return p.checked();
    } catch (IllegalArgumentException e) {
      throw new EngineFault("encode after " + after + " gave a bad position: " + e.getMessage());
    }
  }

  /** The engine's state for a position: decode gets a copy, so it cannot change the session's. */
  private S decode(Position p, String rules) {
    Position copy = p.copy();
    return call("decode", () -> engine.decode(copy, rules));
  }

  private Position startPosition(String rules) {
    S state = call("start(" + rules + ")", () -> engine.start(rules));
    return encode(state, rules, "start(" + rules + ")");
  }

  private String rules() {
    if (ruleset == null) throw new EngineFault(startFault);
    return ruleset;
  }

  private Position current() {
    if (position == null) throw new EngineFault(startFault);
    return position;
  }

  /** The engine's legal moves from a position, checked. */
  private List<Move> legalMoves(Position p) {
    String rules = rules();
    S state = decode(p, rules);
    List<Move> moves = call("moves", () -> engine.moves(state, rules));
    if (moves == null) throw new EngineFault("moves must return a list");
    for (Move m : moves) {
      if (m == null) throw new EngineFault("moves returned null");
      if (m.pit().side() != p.toMove) {
        throw new EngineFault("moves returned '" + m + "': move '" + m + "': pit " + m.pit() + " belongs to "
            + m.pit().side().title() + " but " + p.toMove.title() + " is to move");
      }
    }
    return moves;
  }

  private static String joined(List<Move> moves) {
    List<String> texts = new ArrayList<>();
    for (Move m : moves) texts.add(m.toString());
    return String.join(" ", texts);
  }

  private record After(Position position, List<String> trace) {}

  /** The position after a legal move, and its trace. */
  private After playOn(Position p, Move move) {
    String rules = rules();
    S state = decode(p, rules);
    Played<S> played = call("play(" + move + ")", () -> engine.play(state, move, rules));
    if (played == null) throw new EngineFault("play(" + move + ") must return a Played");
    Position after = encode(played.state(), rules, "play(" + move + ")");
    List<String> trace = played.trace();
    if (trace != null) {
      for (String item : trace) {
        if (item == null || item.isEmpty() || !printableFrom(item, 0x20) || item.indexOf(';') >= 0) {
          throw new EngineFault(
              "play(" + move + ") gave a trace that is not a list of printable items without ';'");
        }
      }
      trace = List.copyOf(trace);
    }
    return new After(after, trace);
  }

  // -- the commands ---------------------------------------------------------------

  private String doName() {
    String name = call("name", engine::name);
    if (name == null || name.isEmpty()) throw new EngineFault("name must be a non-empty string");
    return name;
  }

  private String doRuleset(String id) {
    if (!rulesetIds().contains(id)) throw new ProtocolError("unknown ruleset '" + id + "'");
    Position p = startPosition(id);
    ruleset = id;
    position = p;
    lastTrace = null;
    return "";
  }

  private String doPosition(String text) {
    String rules = rules();
    Position p;
    if (text.equals("start")) {
      p = startPosition(rules);
    } else {
      Position parsed = Position.parse(text);
      // The engine refuses a position its ruleset cannot hold by throwing a
      // ProtocolError from decode; what it keeps is what `show` reports.
      S state = decode(parsed, rules);
      p = encode(state, rules, "decode");
    }
    position = p;
    lastTrace = null;
    return "";
  }

  private String doPlay(String text) {
    Position p = current();
    Move move = Move.parse(text, p.toMove);
    // The engine only ever sees moves it listed itself.
    if (!legalMoves(p).contains(move)) throw new ProtocolError("move " + text + " is not legal here");
    After after = playOn(p, move);
    position = after.position();
    lastTrace = after.trace() == null ? NOT_GIVEN : after.trace();
    return position.toString();
  }

  private String doStatus() {
    Position p = current();
    String rules = rules();
    S state = decode(p, rules);
    Status status = call("status", () -> engine.status(state, rules));
    if (status == null) throw new EngineFault("status returned null");
    return status.toString();
  }

  private String doPerft(String text) {
    boolean digits = !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
    String value = digits ? text.replaceFirst("^0+(?=.)", "") : "";
    if (!digits || value.length() > 1 || Integer.parseInt(value) > MAX_PERFT_DEPTH) {
      throw new ProtocolError("perft depth must be a whole number from 0 to " + MAX_PERFT_DEPTH);
    }
    int depth = Integer.parseInt(value);
    long[] budget = {MAX_PERFT_POSITIONS};
    return Long.toString(perft(current(), depth, depth, budget));
  }

  private long perft(Position p, int depth, int asked, long[] budget) {
    if (depth == 0) return 1;
    List<Move> moves = legalMoves(p);
    budget[0] -= moves.size();
    if (budget[0] < 0) {
      throw new ProtocolError("perft " + asked + " here needs more than " + MAX_PERFT_POSITIONS
          + " positions, the limit of this engine; ask a smaller depth");
    }
    if (depth == 1) return moves.size();
    long n = 0;
    for (Move m : moves) n += perft(playOn(p, m).position(), depth - 1, asked, budget);
    return n;
  }

  private String doTrace() {
    if (lastTrace == null) throw new ProtocolError("no move played since the position was set");
    if (lastTrace == NOT_GIVEN) throw new ProtocolError("the engine gave no trace for the last move");
    return String.join("; ", lastTrace);
  }

  // -- text -----------------------------------------------------------------------

  /** Whether every character is printable ASCII from {@code low} (0x20, or 0x21 without the space). */
  private static boolean printableFrom(String s, int low) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < low || s.charAt(i) > 0x7e) return false;
    }
    return true;
  }

  /**
   * A '\r' at the end dropped (a CRLF line end), then blanks at both ends: how
   * bao-oracle engine trims a request, and then its argument again.
   */
  private static String trimRequest(String text) {
    String s = text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    int a = 0;
    int b = s.length();
    while (a < b && (s.charAt(a) == ' ' || s.charAt(a) == '\t')) a++;
    while (b > a && (s.charAt(b - 1) == ' ' || s.charAt(b - 1) == '\t')) b--;
    return s.substring(a, b);
  }

  /**
   * Anything that is not printable ASCII is written {@code \xNN} (a character
   * above U+00FF as its UTF-8 bytes); the text is cut once the line ({@code ?
   * } included) reaches MAX_MESSAGE characters.
   */
  public static String printable(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); ) {
      int code = text.codePointAt(i);
      i += Character.charCount(code);
      if (out.length() + 2 >= MAX_MESSAGE) return out + "...";
      if (code >= 0x20 && code < 0x7f) {
        out.append((char) code);
      } else if (code < 0x100) {
        out.append(String.format("\\x%02X", code));
      } else {
        for (byte b : new String(Character.toChars(code)).getBytes(StandardCharsets.UTF_8)) {
          out.append(String.format("\\x%02X", b & 0xff));
        }
      }
    }
    return out.toString();
  }

  /** The request as quoted in a message: at most 60 characters. */
  private static String cut(String text) {
    return text.length() > 60 ? text.substring(0, 57) + "..." : text;
  }
}
