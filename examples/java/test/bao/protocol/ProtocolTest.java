package bao.protocol;

import bao.example.SiteMaasai;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Tests of the kit through the protocol, as a checker sees it: request lines
 * in, answer lines out, with the example engine and with engines that
 * misbehave on purpose. The JDK only: each test is a static method without
 * parameters, run by main, which prints one line per test and exits 1 if
 * any failed.
 *
 * <pre>java -cp out-test bao.protocol.ProtocolTest</pre>
 */
public final class ProtocolTest {
  private static final String START = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  private static final String AFTER_A6L =
      "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0";
  private static final String ALL_MOVES = "= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L";

  private ProtocolTest() {}

  /** The answers of a whole session on {@code input} (bytes), checking the framing. */
  static List<String> serveBytes(Engine<?> engine, byte[] input) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = Server.serve(engine, new ByteArrayInputStream(input), out);
    check(status == 0, "exit status " + status);
    String text = out.toString(StandardCharsets.ISO_8859_1);
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    check(lines.remove(lines.size() - 1).isEmpty(), "the last answer ends with a newline");
    for (String line : lines) {
      check(line.matches("=|= [\\x20-\\x7e]+|\\? [\\x20-\\x7e]+"), "a well-formed answer line: " + line);
    }
    return lines;
  }

  static List<String> session(Engine<?> engine, String... requests) {
    StringBuilder input = new StringBuilder();
    for (String r : requests) input.append(r).append('\n');
    return serveBytes(engine, input.toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  static void check(boolean ok, String what) {
    if (!ok) throw new AssertionError(what);
  }

  static void same(Object got, Object want) {
    if (!Objects.equals(got, want)) throw new AssertionError("\n  got  " + got + "\n  want " + want);
  }

  static void theSessionOfTheProtocolPageEveryCommand() {
    same(session(new SiteMaasai(), "protocol", "name", "rulesets", "ruleset site-maasai", "show", "moves",
            "play A6L", "status", "position start", "show", "perft 2", "perft 0", "quit"),
        List.of("= 1", "= maasai-example 1.0 (java)", "= site-maasai", "=", "= " + START, ALL_MOVES,
            "= " + AFTER_A6L, "= ongoing", "=", "= " + START, "= 248", "= 1", "="));
  }

  static void handleAnswersOneLineWithItsSign() {
    Session<SiteMaasai.Board> s = new Session<>(new SiteMaasai());
    same(s.handle("perft 1"), "= 16");
    same(s.handle("hello"), "? unknown command");
    same(s.handle("quit"), "=");
    check(s.done(), "quit ends the session");
  }

  static void malformedRequestsAreOneRefusalEachThatSaysWhatIsWrong() {
    same(session(new SiteMaasai(), "", "   \t ", "hello", "PROTOCOL", "show me", "play", "play A6L A5L", "ruleset",
            "ruleset ap-zanzibar", "position", "perft 7", "perft x", "trace", "play A6X", "play a6L", "play A6L+x",
            "play A6R", "play C3L", "position S 1,2", "position X"),
        List.of("? empty request", "? empty request", "? unknown command", "? unknown command",
            "? show takes no argument", "? play needs an argument", "? play takes one argument",
            "? ruleset needs an argument", "? unknown ruleset 'ap-zanzibar'", "? position needs an argument",
            "? perft depth must be a whole number from 0 to 6", "? perft depth must be a whole number from 0 to 6",
            "? no move played since the position was set", "? move 'A6X': direction must be L or R at offset 2",
            "? move 'a6L': pit a6 belongs to North but South is to move",
            "? move 'A6L+x': unexpected character 'x' at offset 4", "? move A6R is not legal here",
            "? move 'C3L': pit 'C3': row letter must be A, B, a or b",
            "? BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2",
            "? BPN field 1 (side): side must be S or N, got 'X' at offset 0"));
  }

  static void aFailedRequestChangesNothing() {
    List<String> a = session(new SiteMaasai(), "play A6L", "trace", "play a1R", "play A6L", "position S 9",
        "position " + START + " hand=1,0", "ruleset nope", "perft 9", "bogus", "show", "trace");
    same(a.get(0), "= " + AFTER_A6L);
    for (String x : a.subList(2, 9)) check(x.startsWith("? "), "refused: " + x);
    same(a.get(9), a.get(0));
    same(a.get(10), a.get(1));
  }

  static void invalidUtf8NulBytesAndLongLinesGetOneAsciiRefusalEach() {
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28, '\n'});
    in.writeBytes("play \u00c3\u00a9\npro\0tocol\nshow\r\r\nplay A6\tL\r\r\n".getBytes(StandardCharsets.ISO_8859_1));
    in.writeBytes(("protocol" + " ".repeat(65536 - 8) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    in.writeBytes(("protocol" + " ".repeat(65536 - 7) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    in.writeBytes(("position " + "9".repeat(5 << 20) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    in.writeBytes("play A6L\n".getBytes(StandardCharsets.ISO_8859_1));
    in.writeBytes("x".repeat(65537).getBytes(StandardCharsets.ISO_8859_1)); // a last line without '\n'
    same(serveBytes(new SiteMaasai(), in.toByteArray()),
        List.of("? unknown command", "? move '\\xC3\\xA9': pit '\\xC3\\xA9': row letter must be A, B, a or b",
            "? unknown command", "? unknown command", "? play takes one argument", "= 1",
            "? line too long", "? line too long", "= " + AFTER_A6L, "? line too long"));
  }

  static void quitEndsTheSessionAndTheEndOfInputToo() {
    same(session(new SiteMaasai(), "moves", "quit", "protocol"), List.of(ALL_MOVES, "="));
    same(serveBytes(new SiteMaasai(), "protocol\nstatus".getBytes(StandardCharsets.US_ASCII)),
        List.of("= 1", "= ongoing"));
    same(serveBytes(new SiteMaasai(), new byte[0]), List.of());
  }

  /** The example engine with one member broken on purpose. */
  static final class Broken implements Engine<SiteMaasai.Board> {
    final SiteMaasai inner = new SiteMaasai();
    final String fault;

    Broken(String fault) {
      this.fault = fault;
    }

    @Override
    public String name() {
      return fault.equals("name") ? "two\nlines" : inner.name();
    }

    @Override
    public List<String> rulesets() {
      return fault.equals("start") ? List.of("broken", "site-maasai") : inner.rulesets();
    }

    @Override
    public SiteMaasai.Board decode(Position position, String ruleset) {
      return inner.decode(position, ruleset);
    }

    @Override
    public Position encode(SiteMaasai.Board state, String ruleset) {
      Position p = inner.encode(state, ruleset);
      if (fault.equals("encode") && p.toMove == Side.NORTH) p.pits[0][3] = -1;
      return p;
    }

    @Override
    public SiteMaasai.Board start(String ruleset) {
      if (ruleset.equals("broken")) throw new IllegalStateException("no board");
      return inner.start(ruleset);
    }

    @Override
    public List<Move> moves(SiteMaasai.Board state, String ruleset) {
      if (fault.equals("moves")) return moves(state, ruleset); // a stack overflow
      if (fault.equals("north")) return List.of(new Move(new Pit(Row.LOWER_A, 1), Dir.L));
      return inner.moves(state, ruleset);
    }

    @Override
    public Played<SiteMaasai.Board> play(SiteMaasai.Board state, Move move, String ruleset) {
      if (fault.equals("play")) throw new IllegalStateException("boom at " + move);
      Played<SiteMaasai.Board> played = inner.play(state, move, ruleset);
      if (fault.equals("trace")) return new Played<>(played.state(), List.of("lift A3 2", "sow A2; sow A1"));
      if (fault.equals("untraced")) return new Played<>(played.state(), null);
      return played;
    }

    @Override
    public Status status(SiteMaasai.Board state, String ruleset) {
      if (fault.equals("status")) return null;
      return inner.status(state, ruleset);
    }

    @Override
    public boolean traces() {
      return !fault.equals("no-traces");
    }
  }

  static void anExceptionInTheEngineIsARefusalNamingTheRequestAndTheSessionGoesOn() {
    same(session(new Broken("play"), "play A6L", "show", "moves"),
        List.of("? engine error in 'play A6L': play(A6L) threw java.lang.IllegalStateException: boom at A6L",
            "= " + START, ALL_MOVES));
    List<String> a = session(new Broken("moves"), "moves", "play A6L", "perft 1", "status");
    check(a.get(0).equals("? engine error in 'moves': moves threw java.lang.StackOverflowError"), a.get(0));
    check(a.get(1).startsWith("? engine error in 'play A6L': moves threw java.lang.StackOverflowError"), a.get(1));
    check(a.get(2).startsWith("? engine error in 'perft 1': moves threw"), a.get(2));
    same(a.get(3), "= ongoing");
    same(session(new Broken("status"), "status", "moves"),
        List.of("? engine error in 'status': status returned null", ALL_MOVES));
  }

  static void whatTheEngineAnswersIsCheckedBeforeItReachesThePeer() {
    same(session(new Broken("name"), "name"),
        List.of("? engine error in 'name': the answer holds \\x0A at offset 3; answers are printable ASCII"));
    same(session(new Broken("north"), "moves"), List.of("? engine error in 'moves': moves returned 'a1L': move "
        + "'a1L': pit a1 belongs to North but South is to move"));
    same(session(new Broken("encode"), "play A6L", "show"),
        List.of("? engine error in 'play A6L': encode after play(A6L) gave a bad position: "
            + "pits.A[3] is -1, not a count 0..255", "= " + START));
    same(session(new Broken("trace"), "play A6L", "show"),
        List.of("? engine error in 'play A6L': play(A6L) gave a trace that is not a list of printable items "
            + "without ';'", "= " + START));
  }

  static void anEngineThatFailsAtStartUpStillAnswersAndRecovers() {
    same(session(new Broken("start"), "protocol", "rulesets", "show", "moves", "ruleset broken",
            "ruleset site-maasai", "show"),
        List.of("= 1", "= broken site-maasai",
            "? engine error in 'show': at start-up, start(broken) threw java.lang.IllegalStateException: no board",
            "? engine error in 'moves': at start-up, start(broken) threw java.lang.IllegalStateException: no board",
            "? engine error in 'ruleset broken': start(broken) threw java.lang.IllegalStateException: no board",
            "=", "= " + START));
  }

  static void anEngineWithoutTracesSaysSoTheProtocolsWay() {
    same(session(new Broken("no-traces"), "trace", "play A6L", "trace"),
        List.of("? unknown command", "= " + AFTER_A6L, "? unknown command"));
    same(session(new Broken("untraced"), "play A6L", "trace"),
        List.of("= " + AFTER_A6L, "? the engine gave no trace for the last move"));
  }

  static void perftIsRefusedAboveItsWorkLimitAndThePositionStays() {
    same(session(new SiteMaasai(), "perft 6", "show"), List.of(
        "? perft 6 here needs more than 500000 positions, the limit of this engine; ask a smaller depth",
        "= " + START));
  }

  static void bpnAndMovesRoundTripAsValues() {
    Position p = Position.parse("N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=b8,A1 quiet=2");
    same(p.toString(), "N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=A1,b8 quiet=2");
    same(p.at(new Pit(Row.LOWER_B, 8)), 3);
    Move m = Move.parse("a5Rt+", Side.NORTH);
    same(List.of(m.toString(), m.twoSeed(), m.goOn()), List.of("a5Rt+", true, true));
    try {
      Position.parse("S 1,2");
      throw new AssertionError("no error");
    } catch (ProtocolError e) {
      same(e.getMessage(), "BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2");
    }
  }

  /** Runs every test: each static method of this class without parameters that returns nothing. */
  public static void main(String[] args) throws IllegalAccessException {
    List<Method> tests = new ArrayList<>();
    for (Method m : ProtocolTest.class.getDeclaredMethods()) {
      if (Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0 && m.getReturnType() == void.class) {
        tests.add(m);
      }
    }
    tests.sort(Comparator.comparing(Method::getName));
    int failed = 0;
    for (Method t : tests) {
      try {
        t.invoke(null);
        System.out.println("ok " + t.getName());
      } catch (InvocationTargetException e) {
        failed++;
        System.out.println("FAIL " + t.getName() + ": " + e.getCause());
      }
    }
    System.out.println(tests.size() + " tests, " + failed + " failed");
    System.exit(failed == 0 ? 0 : 1);
  }
}
