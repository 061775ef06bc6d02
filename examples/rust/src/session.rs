//! The session: the engine's state between requests, and the answer to
//! each request line, as docs/protocol.md and `bao-oracle engine` give
//! them.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::notation::{latin1, Move, Position, Status};
use crate::Engine;

pub const PROTOCOL_VERSION: &str = "1";
/// A request may be up to this many bytes, a '\r' before the '\n' included.
pub const MAX_LINE_BYTES: usize = 65536;
/// A `?` line is cut at about this many characters.
pub const MAX_MESSAGE: usize = 200;
pub const MAX_PERFT_DEPTH: u32 = 6;
/// One `perft` may list at most this many positions, every level counted,
/// so that one request cannot keep the engine busy for long; the count does
/// not depend on the machine, so neither does the answer.
pub const MAX_PERFT_POSITIONS: u64 = 500_000;

/// Why a request failed: a refusal is the `?` message as it is; an engine
/// fault (a panic, a bad answer) is reported naming the request.
enum Fail {
    Refused(String),
    Engine(String),
}

type Answer<T> = Result<T, Fail>;

fn refuse<T>(message: impl Into<String>) -> Answer<T> {
    Err(Fail::Refused(message.into()))
}

/// What `trace` answers.
enum LastTrace {
    NoPlay,
    NotGiven,
    Items(Vec<String>),
}

#[derive(Clone, Copy, PartialEq)]
enum Arity {
    None,
    One,
    Rest,
}

fn arity(command: &[u8]) -> Option<Arity> {
    Some(match command {
        b"protocol" | b"name" | b"rulesets" | b"show" | b"moves" | b"status" | b"quit" | b"trace" => Arity::None,
        b"ruleset" | b"play" | b"perft" => Arity::One,
        b"position" => Arity::Rest,
        _ => return None,
    })
}

/// Anything that is not printable ASCII is written `\xNN` (a character
/// above U+00FF as its UTF-8 bytes); the text is cut once the line (`? `
/// included) reaches MAX_MESSAGE characters.
pub fn printable(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        if out.len() + 2 >= MAX_MESSAGE {
            out.push_str("...");
            return out;
        }
        let code = u32::from(ch);
        if (0x20..0x7f).contains(&code) {
            out.push(ch);
        } else if code < 0x100 {
            out.push_str(&format!("\\x{:02X}", code));
        } else {
            let mut bytes = [0; 4];
            for b in ch.encode_utf8(&mut bytes).bytes() {
                out.push_str(&format!("\\x{:02X}", b));
            }
        }
    }
    out
}

fn is_printable(text: &str) -> bool {
    text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// The message of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Runs one call into the engine: a panic becomes an engine fault naming it.
fn call<T>(what: &str, f: impl FnOnce() -> T) -> Answer<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| Fail::Engine(format!("{} panicked: {}", what, panic_text(&*p))))
}

/// A '\r' at the end dropped (a CRLF line end), then blanks at both ends:
/// how bao-oracle engine trims a request, and then its argument again.
fn trim_request(text: &[u8]) -> &[u8] {
    let mut text = text.strip_suffix(b"\r").unwrap_or(text);
    while let [b' ' | b'\t', rest @ ..] = text {
        text = rest;
    }
    while let [rest @ .., b' ' | b'\t'] = text {
        text = rest;
    }
    text
}

/// The request as quoted in a message: at most 60 characters.
fn cut(text: &str) -> String {
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(57).collect::<String>())
    } else {
        text.to_string()
    }
}

/// One engine's session: the ruleset, the position (the protocol's view of
/// the engine's state) and the last move's trace. Every request decodes a
/// fresh engine state from the position, and nothing is kept until every
/// step of a request has succeeded, so a failed request changes nothing.
pub struct Session<E: Engine> {
    engine: E,
    ruleset: Option<String>,
    position: Option<Position>,
    last_trace: LastTrace,
    /// Why the first ruleset could not be set up.
    start_fault: String,
    done: bool,
}

impl<E: Engine> Session<E> {
    /// Selects the engine's first ruleset. An engine that fails doing so
    /// still answers: every request that needs a position says what failed,
    /// until a `ruleset` or `position` request succeeds.
    pub fn new(engine: E) -> Session<E> {
        let mut session = Session {
            engine,
            ruleset: None,
            position: None,
            last_trace: LastTrace::NoPlay,
            start_fault: String::new(),
            done: false,
        };
        let started = session.ruleset_ids().and_then(|ids| {
            let id = ids[0].clone();
            session.ruleset = Some(id.clone());
            session.start_position(&id)
        });
        match started {
            Ok(position) => session.position = Some(position),
            Err(Fail::Refused(why)) | Err(Fail::Engine(why)) => session.start_fault = format!("at start-up, {}", why),
        }
        session
    }

    /// Whether `quit` has been answered.
    pub fn done(&self) -> bool {
        self.done
    }

    /// The engine served.
    pub fn engine(&mut self) -> &mut E {
        &mut self.engine
    }

    /// The answer line (without '\n') to one request line (without '\n'),
    /// e.g. `= 16` or `? unknown command`.
    pub fn handle(&mut self, line: &[u8]) -> String {
        let request = trim_request(line);
        match self.answer(request) {
            Ok(payload) if payload.is_empty() => "=".to_string(),
            Ok(payload) => format!("= {}", payload),
            Err(Fail::Refused(message)) => format!("? {}", printable(&message)),
            Err(Fail::Engine(message)) => {
                let text = format!("engine error in '{}': {}", cut(&latin1(request)), message);
                format!("? {}", printable(&text))
            }
        }
    }

    fn answer(&mut self, request: &[u8]) -> Answer<String> {
        if request.is_empty() {
            return refuse("empty request");
        }
        let blank = request.iter().position(|&b| b == b' ' || b == b'\t').unwrap_or(request.len());
        let command = &request[..blank];
        let argument = trim_request(&request[blank..]);
        // The exact text `? unknown command` is how a peer learns that an
        // optional command is missing, so nothing is added to it.
        let arity = match arity(command) {
            Some(_) if command == b"trace" && !self.engine.traces() => None,
            found => found,
        };
        let arity = match arity {
            Some(arity) => arity,
            None => return refuse("unknown command"),
        };
        let name = latin1(command);
        if arity == Arity::None && !argument.is_empty() {
            return refuse(format!("{} takes no argument", name));
        }
        if arity != Arity::None && argument.is_empty() {
            return refuse(format!("{} needs an argument", name));
        }
        if arity == Arity::One && argument.iter().any(|&b| b == b' ' || b == b'\t') {
            return refuse(format!("{} takes one argument", name));
        }
        let payload = match command {
            b"protocol" => PROTOCOL_VERSION.to_string(),
            b"name" => self.do_name()?,
            b"rulesets" => self.ruleset_ids()?.join(" "),
            b"ruleset" => self.do_ruleset(&latin1(argument))?,
            b"position" => self.do_position(argument)?,
            b"show" => self.current()?.to_string(),
            b"moves" => {
                let position = self.current()?.clone();
                self.legal_moves(&position)?.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
            }
            b"play" => self.do_play(argument)?,
            b"status" => self.do_status()?,
            b"quit" => {
                self.done = true;
                String::new()
            }
            b"perft" => self.do_perft(argument)?,
            _ => self.do_trace()?,
        };
        if let Some(bad) = payload.bytes().position(|b| !(0x20..0x7f).contains(&b)) {
            let what = printable(&payload[bad..].chars().next().map(String::from).unwrap_or_default());
            return Err(Fail::Engine(format!(
                "the answer holds {} at offset {}; answers are printable ASCII",
                what, bad
            )));
        }
        Ok(payload)
    }

    // -- calls into the engine, each checked ----------------------------------

    fn ruleset_ids(&mut self) -> Answer<Vec<String>> {
        let engine = &mut self.engine;
        let ids = call("rulesets", || engine.rulesets())?;
        let is_id = |id: &String| !id.is_empty() && id.bytes().all(|b| (0x21..0x7f).contains(&b));
        if ids.is_empty() || !ids.iter().all(is_id) {
            return Err(Fail::Engine("rulesets must be a non-empty list of ids without blanks".to_string()));
        }
        Ok(ids)
    }

    fn ruleset(&self) -> Answer<String> {
        self.ruleset.clone().ok_or_else(|| Fail::Engine(self.start_fault.clone()))
    }

    fn current(&self) -> Answer<&Position> {
        self.position.as_ref().ok_or_else(|| Fail::Engine(self.start_fault.clone()))
    }

    fn encode(&mut self, state: &E::State, ruleset: &str, after: &str) -> Answer<Position> {
        let engine = &mut self.engine;
        let position = call(&format!("encode after {}", after), || engine.encode(state, ruleset))?;
        position.checked().map_err(|e| Fail::Engine(format!("encode after {} gave a bad position: {}", after, e)))
    }

    fn decode(&mut self, position: &Position, ruleset: &str) -> Answer<E::State> {
        // A copy, so that the engine cannot change the session's position.
        let copy = position.clone();
        let engine = &mut self.engine;
        call("decode", || engine.decode(copy, ruleset))?.map_err(Fail::Refused)
    }

    fn start_position(&mut self, ruleset: &str) -> Answer<Position> {
        let engine = &mut self.engine;
        let state = call(&format!("start({})", ruleset), || engine.start(ruleset))?;
        self.encode(&state, ruleset, &format!("start({})", ruleset))
    }

    /// The engine's legal moves from a position, checked.
    fn legal_moves(&mut self, position: &Position) -> Answer<Vec<Move>> {
        let ruleset = self.ruleset()?;
        let state = self.decode(position, &ruleset)?;
        let engine = &mut self.engine;
        let moves = call("moves", || engine.moves(&state, &ruleset))?;
        for m in &moves {
            if m.pit.side() != position.to_move {
                return Err(Fail::Engine(format!(
                    "moves returned '{}': move '{}': pit {} belongs to {} but {} is to move",
                    m,
                    m,
                    m.pit,
                    m.pit.side().name(),
                    position.to_move.name()
                )));
            }
        }
        Ok(moves)
    }

    /// The position after a legal move, and its trace.
    fn play_on(&mut self, position: &Position, mv: &Move) -> Answer<(Position, Option<Vec<String>>)> {
        let ruleset = self.ruleset()?;
        let state = self.decode(position, &ruleset)?;
        let engine = &mut self.engine;
        let played = call(&format!("play({})", mv), || engine.play(state, mv, &ruleset))?;
        let after = self.encode(&played.state, &ruleset, &format!("play({})", mv))?;
        if let Some(trace) = &played.trace {
            if !trace.iter().all(|t| !t.is_empty() && is_printable(t) && !t.contains(';')) {
                return Err(Fail::Engine(format!(
                    "play({}) gave a trace that is not a list of printable items without ';'",
                    mv
                )));
            }
        }
        Ok((after, played.trace))
    }

    // -- the commands -----------------------------------------------------------

    fn do_name(&mut self) -> Answer<String> {
        let engine = &mut self.engine;
        let name = call("name", || engine.name())?;
        if name.is_empty() {
            return Err(Fail::Engine("name must be a non-empty string".to_string()));
        }
        Ok(name)
    }

    fn do_ruleset(&mut self, id: &str) -> Answer<String> {
        if !self.ruleset_ids()?.iter().any(|r| r == id) {
            return refuse(format!("unknown ruleset '{}'", id));
        }
        let position = self.start_position(id)?;
        self.ruleset = Some(id.to_string());
        self.position = Some(position);
        self.last_trace = LastTrace::NoPlay;
        Ok(String::new())
    }

    fn do_position(&mut self, text: &[u8]) -> Answer<String> {
        let ruleset = self.ruleset()?;
        let position = if text == b"start" {
            self.start_position(&ruleset)?
        } else {
            let parsed = Position::parse(text).map_err(Fail::Refused)?;
            // The engine refuses a position its ruleset cannot hold from
            // decode; what it keeps is what `show` reports.
            let state = self.decode(&parsed, &ruleset)?;
            self.encode(&state, &ruleset, "decode")?
        };
        self.position = Some(position);
        self.last_trace = LastTrace::NoPlay;
        Ok(String::new())
    }

    fn do_play(&mut self, text: &[u8]) -> Answer<String> {
        let position = self.current()?.clone();
        let mv = Move::parse(text, position.to_move).map_err(Fail::Refused)?;
        // The engine only ever sees moves it listed itself.
        if !self.legal_moves(&position)?.contains(&mv) {
            return refuse(format!("move {} is not legal here", latin1(text)));
        }
        let (after, trace) = self.play_on(&position, &mv)?;
        let answer = after.to_string();
        self.position = Some(after);
        self.last_trace = match trace {
            Some(items) => LastTrace::Items(items),
            None => LastTrace::NotGiven,
        };
        Ok(answer)
    }

    fn do_status(&mut self) -> Answer<String> {
        let position = self.current()?.clone();
        let ruleset = self.ruleset()?;
        let state = self.decode(&position, &ruleset)?;
        let engine = &mut self.engine;
        let status: Status = call("status", || engine.status(&state, &ruleset))?;
        Ok(status.to_string())
    }

    fn do_perft(&mut self, text: &[u8]) -> Answer<String> {
        let depth = match latin1(text).parse::<u32>() {
            Ok(d) if text.iter().all(u8::is_ascii_digit) && d <= MAX_PERFT_DEPTH => d,
            _ => return refuse(format!("perft depth must be a whole number from 0 to {}", MAX_PERFT_DEPTH)),
        };
        let mut budget = MAX_PERFT_POSITIONS;
        let position = self.current()?.clone();
        Ok(self.perft(&position, depth, depth, &mut budget)?.to_string())
    }

    fn perft(&mut self, position: &Position, depth: u32, asked: u32, budget: &mut u64) -> Answer<u64> {
        if depth == 0 {
            return Ok(1);
        }
        let moves = self.legal_moves(position)?;
        if moves.len() as u64 > *budget {
            return refuse(format!(
                "perft {} here needs more than {} positions, the limit of this engine; ask a smaller depth",
                asked, MAX_PERFT_POSITIONS
            ));
        }
        *budget -= moves.len() as u64;
        if depth == 1 {
            return Ok(moves.len() as u64);
        }
        let mut n = 0;
        for mv in &moves {
            let (after, _) = self.play_on(position, mv)?;
            n += self.perft(&after, depth - 1, asked, budget)?;
        }
        Ok(n)
    }

    fn do_trace(&mut self) -> Answer<String> {
        match &self.last_trace {
            LastTrace::NoPlay => refuse("no move played since the position was set"),
            LastTrace::NotGiven => refuse("the engine gave no trace for the last move"),
            LastTrace::Items(items) => Ok(items.join("; ")),
        }
    }
}
