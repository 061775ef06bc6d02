//! The Bao engine protocol, version 1, engine side (docs/protocol.md in the
//! bao-oracle source tree).
//!
//! This crate is the part an engine author keeps. It reads requests, answers
//! each with exactly one `=` or `?` line, and turns positions (BPN) and
//! moves between protocol text and plain Rust values. It knows nothing about
//! the rules: those come from an [`Engine`] you implement over your own
//! engine; `examples/site_maasai.rs` is one. The standard library only.
//!
//! ```no_run
//! # use bao_protocol::*;
//! # struct MyEngine;
//! # impl Engine for MyEngine {
//! #   type State = Position;
//! #   fn name(&mut self) -> String { "mine 0.1".into() }
//! #   fn rulesets(&mut self) -> Vec<String> { vec!["ap-zanzibar".into()] }
//! #   fn decode(&mut self, p: Position, _: &str) -> Result<Position, String> { Ok(p) }
//! #   fn encode(&mut self, s: &Position, _: &str) -> Position { s.clone() }
//! #   fn start(&mut self, _: &str) -> Position { Position::default() }
//! #   fn moves(&mut self, _: &Position, _: &str) -> Vec<Move> { vec![] }
//! #   fn play(&mut self, s: Position, _: &Move, _: &str) -> Played<Position> { Played { state: s, trace: None } }
//! #   fn status(&mut self, _: &Position, _: &str) -> Status { Status::Ongoing }
//! # }
//! std::process::exit(bao_protocol::serve(MyEngine));
//! ```

mod notation;
mod session;

use std::io::{self, BufRead, Write};

pub use notation::{
    latin1, Dir, GameResult, Move, Pit, Position, Reason, Row, Side, Status, MAX_QUIET, MAX_TOTAL_SEEDS,
};
pub use session::{
    printable, Session, MAX_LINE_BYTES, MAX_MESSAGE, MAX_PERFT_DEPTH, MAX_PERFT_POSITIONS, PROTOCOL_VERSION,
};

/// What `play` returns: the engine's state after the move, and the `trace`
/// answer as a list of items (`["lift A6 2", "sow A5", ...]`), or `None`
/// when the engine gives no trace.
pub struct Played<S> {
    pub state: S,
    pub trace: Option<Vec<String>>,
}

/// An engine, as the protocol sees it. Write each member as a translation:
/// convert a [`Position`] into your engine's board, ask your engine, convert
/// the answer back.
///
/// What the kit guarantees you: every request decodes a fresh state from the
/// position the kit keeps, so `play` may change the state it is given; only
/// moves `moves` listed reach `play`; a panic in any member becomes a `?`
/// answer naming the request and the member, and the session goes on with
/// nothing changed (so keep the default `panic = "unwind"`).
pub trait Engine {
    /// Your engine's state for one position.
    type State;
    /// The `name` answer, e.g. `my-engine 0.3`.
    fn name(&mut self) -> String;
    /// The ruleset ids you support; the first is selected at start-up.
    fn rulesets(&mut self) -> Vec<String>;
    /// Your state for a protocol position; `Err(why)` for a position the
    /// ruleset cannot hold (`why` is the `?` answer to `position`).
    fn decode(&mut self, position: Position, ruleset: &str) -> Result<Self::State, String>;
    /// The protocol position of one of your states.
    fn encode(&mut self, state: &Self::State, ruleset: &str) -> Position;
    /// The state at the start of the game.
    fn start(&mut self, ruleset: &str) -> Self::State;
    /// Every legal move; none once the game is over.
    fn moves(&mut self, state: &Self::State, ruleset: &str) -> Vec<Move>;
    /// The state after a legal move, with its trace.
    fn play(&mut self, state: Self::State, mv: &Move, ruleset: &str) -> Played<Self::State>;
    /// `ongoing`, a win or a draw, with the protocol's reason words.
    fn status(&mut self, state: &Self::State, ruleset: &str) -> Status;
    /// `false` if the engine never gives traces: `trace` is then answered
    /// `? unknown command`, the protocol's way to say an optional command is
    /// missing.
    fn traces(&self) -> bool {
        true
    }
}

/// Serves the protocol on standard input and output until `quit` or the end
/// of input; returns the exit status (0, or 1 when the output failed).
pub fn serve<E: Engine>(engine: E) -> i32 {
    let stdin = io::stdin();
    let stdout = io::stdout();
    serve_io(engine, stdin.lock(), stdout.lock())
}

/// Answers one line (a line over MAX_LINE_BYTES, or one whose rest was
/// thrown away, is `? line too long`).
fn answer<E: Engine>(session: &mut Session<E>, line: &[u8], too_long: bool, output: &mut impl Write) -> io::Result<()> {
    let response =
        if too_long || line.len() > MAX_LINE_BYTES { "? line too long".to_string() } else { session.handle(line) };
    output.write_all(response.as_bytes())?;
    output.write_all(b"\n")
}

/// Serves the protocol on `input` and `output`. Each answer is flushed
/// before the next read that could wait, so a peer waiting for an answer
/// always has it; requests sent in a batch are answered in order.
pub fn serve_io<E: Engine>(engine: E, mut input: impl BufRead, mut output: impl Write) -> i32 {
    let mut session = Session::new(engine);
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false; // the line being read is past MAX_LINE_BYTES
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return 1,
        };
        if buffer.is_empty() {
            // End of input: a last line without '\n' is still answered.
            if !line.is_empty() || too_long {
                if answer(&mut session, &line, too_long, &mut output).is_err() {
                    return 1;
                }
            }
            return if output.flush().is_ok() { 0 } else { 1 };
        }
        let (piece, ends) = match buffer.iter().position(|&b| b == b'\n') {
            Some(nl) => (&buffer[..nl], nl + 1),
            None => (buffer, buffer.len()),
        };
        let complete = ends > piece.len();
        let drained = ends == buffer.len();
        if !too_long {
            if line.len() + piece.len() > MAX_LINE_BYTES {
                // The rest of this line is read and thrown away, never stored.
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(piece);
            }
        }
        input.consume(ends);
        if complete {
            if answer(&mut session, &line, too_long, &mut output).is_err() {
                return 1;
            }
            line.clear();
            too_long = false;
            if session.done() {
                return if output.flush().is_ok() { 0 } else { 1 };
            }
        }
        // Nothing more waiting: the peer may be waiting for our answers.
        if drained && output.flush().is_err() {
            return 1;
        }
    }
}
