//! Tests of the kit through the protocol, as a checker sees it: request
//! lines in, answer lines out, with the example engine and with engines
//! that misbehave on purpose. `cargo test --offline`.

#[path = "../examples/site_maasai.rs"]
#[allow(dead_code)]
mod site_maasai;

use bao_protocol::{serve_io, Dir, Engine, Move, Pit, Played, Position, Row, Session, Status};
use site_maasai::{Board, Maasai};

const START: &str = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
const AFTER_A6L: &str = "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0";
const ALL_MOVES: &str = "= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L";

/// The answers of a whole session on `input` (bytes), checking the framing.
fn serve_bytes<E: Engine>(engine: E, input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    assert_eq!(serve_io(engine, input, &mut out), 0);
    let text: String = out.iter().map(|&b| char::from(b)).collect();
    let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
    assert_eq!(lines.pop().as_deref(), Some(""), "the last answer ends with a newline");
    for line in &lines {
        let ok = line == "=" || ((line.starts_with("= ") || line.starts_with("? ")) && line.len() > 2);
        assert!(ok && line.bytes().all(|b| (0x20..0x7f).contains(&b)), "a well-formed answer line: {:?}", line);
    }
    lines
}

fn session<E: Engine>(engine: E, requests: &[&str]) -> Vec<String> {
    let input: String = requests.iter().map(|r| format!("{}\n", r)).collect();
    serve_bytes(engine, input.as_bytes())
}

#[test]
fn the_session_of_the_protocol_page_every_command() {
    let answers = session(
        Maasai,
        &[
            "protocol",
            "name",
            "rulesets",
            "ruleset site-maasai",
            "show",
            "moves",
            "play A6L",
            "status",
            "position start",
            "show",
            "perft 2",
            "perft 0",
            "quit",
        ],
    );
    let want = [
        "= 1".to_string(),
        "= maasai-example 1.0 (rust)".into(),
        "= site-maasai".into(),
        "=".into(),
        format!("= {}", START),
        ALL_MOVES.into(),
        format!("= {}", AFTER_A6L),
        "= ongoing".into(),
        "=".into(),
        format!("= {}", START),
        "= 248".into(),
        "= 1".into(),
        "=".into(),
    ];
    assert_eq!(answers, want);
}

#[test]
fn handle_answers_one_line_with_its_sign() {
    let mut s = Session::new(Maasai);
    assert_eq!(s.handle(b"perft 1"), "= 16");
    assert_eq!(s.handle(b"hello"), "? unknown command");
    assert_eq!(s.handle(b"quit"), "=");
    assert!(s.done());
}

#[test]
fn malformed_requests_are_one_refusal_each_that_says_what_is_wrong() {
    let answers = session(
        Maasai,
        &[
            "",
            "   \t ",
            "hello",
            "PROTOCOL",
            "show me",
            "play",
            "play A6L A5L",
            "ruleset",
            "ruleset ap-zanzibar",
            "position",
            "perft 7",
            "perft x",
            "trace",
            "play A6X",
            "play a6L",
            "play A6L+x",
            "play A6R",
            "play C3L",
            "position S 1,2",
            "position X",
        ],
    );
    assert_eq!(
        answers,
        [
            "? empty request",
            "? empty request",
            "? unknown command",
            "? unknown command",
            "? show takes no argument",
            "? play needs an argument",
            "? play takes one argument",
            "? ruleset needs an argument",
            "? unknown ruleset 'ap-zanzibar'",
            "? position needs an argument",
            "? perft depth must be a whole number from 0 to 6",
            "? perft depth must be a whole number from 0 to 6",
            "? no move played since the position was set",
            "? move 'A6X': direction must be L or R at offset 2",
            "? move 'a6L': pit a6 belongs to North but South is to move",
            "? move 'A6L+x': unexpected character 'x' at offset 4",
            "? move A6R is not legal here",
            "? move 'C3L': pit 'C3': row letter must be A, B, a or b",
            "? BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2",
            "? BPN field 1 (side): side must be S or N, got 'X' at offset 0",
        ]
    );
}

#[test]
fn a_failed_request_changes_nothing() {
    let answers = session(
        Maasai,
        &[
            "play A6L",
            "trace",
            "play a1R",
            "play A6L",
            "position S 9",
            &format!("position {} hand=1,0", START),
            "ruleset nope",
            "perft 9",
            "bogus",
            "show",
            "trace",
        ],
    );
    assert_eq!(answers[0], format!("= {}", AFTER_A6L));
    assert!(answers[2..9].iter().all(|a| a.starts_with("? ")), "{:?}", answers);
    assert_eq!(answers[9], answers[0]);
    assert_eq!(answers[10], answers[1]);
}

#[test]
fn invalid_utf8_nul_bytes_and_long_lines_get_one_ascii_refusal_each() {
    let mut input = Vec::new();
    input.extend_from_slice(b"\xff\xfe\xc3\x28\nplay \xc3\xa9\npro\x00tocol\nshow\r\r\nplay A6\tL\r\r\n");
    input.extend_from_slice(format!("protocol{}\n", " ".repeat(65536 - 8)).as_bytes()); // at the limit: served
    input.extend_from_slice(format!("protocol{}\n", " ".repeat(65536 - 7)).as_bytes()); // one byte over
    input.extend_from_slice(format!("position {}\n", "9".repeat(5 << 20)).as_bytes()); // read and thrown away
    input.extend_from_slice(b"play A6L\n");
    input.extend_from_slice("x".repeat(65537).as_bytes()); // a last line without '\n'
    assert_eq!(
        serve_bytes(Maasai, &input),
        [
            "? unknown command".to_string(),
            "? move '\\xC3\\xA9': pit '\\xC3\\xA9': row letter must be A, B, a or b".into(),
            "? unknown command".into(),
            "? unknown command".into(),
            "? play takes one argument".into(),
            "= 1".into(),
            "? line too long".into(),
            "? line too long".into(),
            format!("= {}", AFTER_A6L),
            "? line too long".into(),
        ]
    );
}

#[test]
fn quit_ends_the_session_and_the_end_of_input_too() {
    assert_eq!(session(Maasai, &["moves", "quit", "protocol"]), [ALL_MOVES, "="]);
    assert_eq!(serve_bytes(Maasai, b"protocol\nstatus"), ["= 1", "= ongoing"]);
    assert!(serve_bytes(Maasai, b"").is_empty());
}

/// The example engine with one member broken on purpose.
struct Broken {
    inner: Maasai,
    fault: &'static str,
}

impl Engine for Broken {
    type State = Board;
    fn name(&mut self) -> String {
        if self.fault == "name" {
            return "two\nlines".to_string();
        }
        self.inner.name()
    }
    fn rulesets(&mut self) -> Vec<String> {
        if self.fault == "start" {
            return vec!["broken".to_string(), "site-maasai".to_string()];
        }
        self.inner.rulesets()
    }
    fn decode(&mut self, position: Position, ruleset: &str) -> Result<Board, String> {
        self.inner.decode(position, ruleset)
    }
    fn encode(&mut self, state: &Board, ruleset: &str) -> Position {
        let mut position = self.inner.encode(state, ruleset);
        if self.fault == "encode" && position.to_move == Side::North {
            position.store = [200, 200];
        }
        position
    }
    fn start(&mut self, ruleset: &str) -> Board {
        if ruleset == "broken" {
            panic!("no board");
        }
        self.inner.start(ruleset)
    }
    fn moves(&mut self, state: &Board, ruleset: &str) -> Vec<Move> {
        match self.fault {
            "moves" => {
                let v: Vec<Move> = Vec::new();
                vec![v[3]]
            }
            "north" => vec![Move::new(Pit::new(Row::LowerA, 1).unwrap(), Dir::L)],
            _ => self.inner.moves(state, ruleset),
        }
    }
    fn play(&mut self, state: Board, mv: &Move, ruleset: &str) -> Played<Board> {
        let mut played = self.inner.play(state, mv, ruleset);
        match self.fault {
            "play" => panic!("boom at {}", mv),
            "trace" => played.trace = Some(vec!["lift A3 2".to_string(), "sow A2; sow A1".to_string()]),
            "untraced" => played.trace = None,
            _ => {}
        }
        played
    }
    fn status(&mut self, state: &Board, ruleset: &str) -> Status {
        if self.fault == "status" {
            let none: Option<Status> = None;
            return none.expect("a status");
        }
        self.inner.status(state, ruleset)
    }
    fn traces(&self) -> bool {
        self.fault != "no-traces"
    }
}

use bao_protocol::Side;

fn broken(fault: &'static str) -> Broken {
    Broken { inner: Maasai, fault }
}

#[test]
fn a_panic_in_the_engine_is_a_refusal_naming_the_request_and_the_session_goes_on() {
    let answers = session(broken("play"), &["play A6L", "show", "moves"]);
    assert_eq!(
        answers,
        [
            "? engine error in 'play A6L': play(A6L) panicked: boom at A6L".to_string(),
            format!("= {}", START),
            ALL_MOVES.to_string(),
        ]
    );
    let answers = session(broken("moves"), &["moves", "play A6L", "perft 1", "status"]);
    assert!(answers[0].starts_with("? engine error in 'moves': moves panicked: index out of bounds"), "{:?}", answers);
    assert!(answers[1].starts_with("? engine error in 'play A6L': moves panicked"), "{:?}", answers);
    assert!(answers[2].starts_with("? engine error in 'perft 1': moves panicked"), "{:?}", answers);
    assert_eq!(answers[3], "= ongoing");
    let answers = session(broken("status"), &["status", "moves"]);
    assert_eq!(answers, ["? engine error in 'status': status panicked: a status", ALL_MOVES]);
}

#[test]
fn what_the_engine_answers_is_checked_before_it_reaches_the_peer() {
    assert_eq!(
        session(broken("name"), &["name"]),
        ["? engine error in 'name': the answer holds \\x0A at offset 3; answers are printable ASCII"]
    );
    assert_eq!(
        session(broken("north"), &["moves"]),
        ["? engine error in 'moves': moves returned 'a1L': move 'a1L': pit a1 belongs to North but South is to move"]
    );
    assert_eq!(
        session(broken("encode"), &["play A6L", "show"]),
        [
            "? engine error in 'play A6L': encode after play(A6L) gave a bad position: 462 seeds in all, \
         above the limit of 255"
                .to_string(),
            format!("= {}", START),
        ]
    );
    assert_eq!(
        session(broken("trace"), &["play A6L", "show"]),
        [
            "? engine error in 'play A6L': play(A6L) gave a trace that is not a list of printable items without ';'"
                .to_string(),
            format!("= {}", START),
        ]
    );
}

#[test]
fn an_engine_that_fails_at_start_up_still_answers_and_recovers() {
    let answers = session(
        broken("start"),
        &["protocol", "rulesets", "show", "moves", "ruleset broken", "ruleset site-maasai", "show"],
    );
    assert_eq!(
        answers,
        [
            "= 1".to_string(),
            "= broken site-maasai".into(),
            "? engine error in 'show': at start-up, start(broken) panicked: no board".into(),
            "? engine error in 'moves': at start-up, start(broken) panicked: no board".into(),
            "? engine error in 'ruleset broken': start(broken) panicked: no board".into(),
            "=".into(),
            format!("= {}", START),
        ]
    );
}

#[test]
fn an_engine_without_traces_says_so_the_protocols_way() {
    assert_eq!(
        session(broken("no-traces"), &["trace", "play A6L", "trace"]),
        ["? unknown command".to_string(), format!("= {}", AFTER_A6L), "? unknown command".into(),]
    );
    assert_eq!(
        session(broken("untraced"), &["play A6L", "trace"]),
        [format!("= {}", AFTER_A6L), "? the engine gave no trace for the last move".into(),]
    );
}

#[test]
fn perft_is_refused_above_its_work_limit_and_the_position_stays() {
    assert_eq!(
        session(Maasai, &["perft 6", "show"]),
        [
            "? perft 6 here needs more than 500000 positions, the limit of this engine; ask a smaller depth"
                .to_string(),
            format!("= {}", START),
        ]
    );
}

#[test]
fn positions_are_read_in_any_form_and_shown_canonical() {
    let answers = session(
        Maasai,
        &[
            "position  N  01,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0\t0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0   quiet=3 store=4,5 ",
            "show",
            "position S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 result=draw:infinite store=0,0",
            "show",
            "status",
            "moves",
        ],
    );
    assert_eq!(
        answers,
        [
            "=",
            "= N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0 store=4,5 quiet=3",
            "=",
            "= S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 result=draw:infinite",
            "= draw infinite",
            "=",
        ]
    );
}

#[test]
fn bpn_and_moves_round_trip_as_values() {
    let text = b"N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=b8,A1 quiet=2";
    let position = Position::parse(text).unwrap();
    assert_eq!(
        position.to_string(),
        "N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=A1,b8 quiet=2"
    );
    assert_eq!(position.at(Pit::new(Row::LowerB, 8).unwrap()), 3);
    let mv = Move::parse(b"a5Rt+", Side::North).unwrap();
    assert_eq!((mv.to_string(), mv.two_seed, mv.go_on), ("a5Rt+".to_string(), true, true));
    assert_eq!(
        Position::parse(b"S 1,2").unwrap_err(),
        "BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2"
    );
}
