//! Pits, moves and positions (BPN) as plain values, read from and written
//! to protocol text (docs/notation.md). Every parse error is a `String`
//! saying what is wrong and where, in the words of `bao-oracle engine`.
//!
//! Text is handled as bytes: a request is read as Latin-1, so a byte of the
//! input is one character, and offsets count bytes.

use std::fmt;

/// The most seeds a position may hold, board, hands and stores together.
pub const MAX_TOTAL_SEEDS: u32 = 255;
/// The largest `quiet` count BPN can hold.
pub const MAX_QUIET: u32 = 65535;

/// A side: South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    South,
    North,
}

impl Side {
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
    /// 0 for South, 1 for North.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A row, in canonical order: South's front (A) and back (B), North's front
/// (a) and back (b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Row {
    A,
    B,
    LowerA,
    LowerB,
}

impl Row {
    pub const ALL: [Row; 4] = [Row::A, Row::B, Row::LowerA, Row::LowerB];

    pub fn letter(self) -> char {
        ['A', 'B', 'a', 'b'][self as usize]
    }
    pub fn from_letter(letter: u8) -> Option<Row> {
        match letter {
            b'A' => Some(Row::A),
            b'B' => Some(Row::B),
            b'a' => Some(Row::LowerA),
            b'b' => Some(Row::LowerB),
            _ => None,
        }
    }
    /// The side the row belongs to.
    pub fn side(self) -> Side {
        if matches!(self, Row::A | Row::B) {
            Side::South
        } else {
            Side::North
        }
    }
    /// Whether it is a front (inner) row.
    pub fn front(self) -> bool {
        matches!(self, Row::A | Row::LowerA)
    }
    /// The row of `side`, front or back.
    pub fn of(side: Side, front: bool) -> Row {
        match (side, front) {
            (Side::South, true) => Row::A,
            (Side::South, false) => Row::B,
            (Side::North, true) => Row::LowerA,
            (Side::North, false) => Row::LowerB,
        }
    }
    /// Index into `Position::pits`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A pit: a row and a number 1 to 8 in the owner's numbering (`A5`, `b3`).
/// Made only through `Pit::new` or `Pit::parse`, so it is always valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit {
    row: Row,
    number: u8,
}

impl Pit {
    /// `None` unless `number` is 1 to 8.
    pub fn new(row: Row, number: u8) -> Option<Pit> {
        if (1..=8).contains(&number) {
            Some(Pit { row, number })
        } else {
            None
        }
    }
    pub fn row(self) -> Row {
        self.row
    }
    pub fn number(self) -> u8 {
        self.number
    }
    pub fn side(self) -> Side {
        self.row.side()
    }
    pub fn front(self) -> bool {
        self.row.front()
    }

    /// `Pit::parse(b"A5")`; the error is `pit 'C3': row letter must be A, B, a or b`.
    pub fn parse(text: &[u8]) -> Result<Pit, String> {
        let fail = |what: &str| format!("pit '{}': {}", latin1(text), what);
        if text.is_empty() {
            return Err(fail("empty"));
        }
        let row = Row::from_letter(text[0]).ok_or_else(|| fail("row letter must be A, B, a or b"))?;
        if text.len() == 1 {
            return Err(fail("pit number missing"));
        }
        if text.len() != 2 || !(b'1'..=b'8').contains(&text[1]) {
            return Err(fail("pit number must be 1 to 8"));
        }
        Ok(Pit { row, number: text[1] - b'0' })
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row.letter(), self.number)
    }
}

/// The direction of the first sowing, seen from the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    L,
    R,
}

/// A move, `<pit><dir>[t][+]`: `t` a two-seed start from a house, `+` going
/// on at a house. Its `Display` is the canonical text (`A6L`, `A5Rt+`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub pit: Pit,
    pub dir: Dir,
    pub two_seed: bool,
    pub go_on: bool,
}

impl Move {
    /// A plain move: no `t`, no `+`.
    pub fn new(pit: Pit, dir: Dir) -> Move {
        Move { pit, dir, two_seed: false, go_on: false }
    }

    /// Reads a move for the side to move; the error says what is wrong and
    /// where (`move 'A6X': direction must be L or R at offset 2`).
    pub fn parse(text: &[u8], to_move: Side) -> Result<Move, String> {
        let fail = |what: &str| format!("move '{}': {}", latin1(text), what);
        if text.is_empty() {
            return Err(fail("empty"));
        }
        let pit = Pit::parse(&text[..text.len().min(2)]).map_err(|e| fail(&e))?;
        if pit.side() != to_move {
            return Err(fail(&format!(
                "pit {} belongs to {} but {} is to move",
                pit,
                pit.side().name(),
                to_move.name()
            )));
        }
        if text.len() < 3 {
            return Err(fail("direction L or R missing at offset 2"));
        }
        let dir = match text[2] {
            b'L' => Dir::L,
            b'R' => Dir::R,
            _ => return Err(fail("direction must be L or R at offset 2")),
        };
        let mut i = 3;
        let two_seed = text.get(i) == Some(&b't');
        if two_seed {
            i += 1;
        }
        let go_on = text.get(i) == Some(&b'+');
        if go_on {
            i += 1;
        }
        if i < text.len() {
            return Err(fail(&format!("unexpected character '{}' at offset {}", latin1(&text[i..=i]), i)));
        }
        Ok(Move { pit, dir, two_seed, go_on })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dir = match self.dir {
            Dir::L => 'L',
            Dir::R => 'R',
        };
        write!(f, "{}{}{}{}", self.pit, dir, if self.two_seed { "t" } else { "" }, if self.go_on { "+" } else { "" })
    }
}

/// The protocol's reason words, for `status` and the `result` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    FrontEmpty,
    NoMove,
    Infinite,
    AllCaptured,
    HouseFull,
    NoProgress,
}

impl Reason {
    pub const ALL: [Reason; 6] = [
        Reason::FrontEmpty,
        Reason::NoMove,
        Reason::Infinite,
        Reason::AllCaptured,
        Reason::HouseFull,
        Reason::NoProgress,
    ];

    pub fn word(self) -> &'static str {
        match self {
            Reason::FrontEmpty => "front-empty",
            Reason::NoMove => "no-move",
            Reason::Infinite => "infinite",
            Reason::AllCaptured => "all-captured",
            Reason::HouseFull => "house-full",
            Reason::NoProgress => "no-progress",
        }
    }
    pub fn from_word(word: &[u8]) -> Option<Reason> {
        Reason::ALL.iter().copied().find(|r| r.word().as_bytes() == word)
    }
}

/// The answer to `status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Win(Side, Reason),
    Draw(Reason),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => write!(f, "ongoing"),
            Status::Win(side, reason) => write!(f, "win {} {}", side.letter(), reason.word()),
            Status::Draw(reason) => write!(f, "draw {}", reason.word()),
        }
    }
}

/// A result the board cannot show (bao-oracle's `result` key):
/// `winner` `None` is a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub winner: Option<Side>,
    pub reason: Reason,
}

impl GameResult {
    /// The status this result gives.
    pub fn status(self) -> Status {
        match self.winner {
            Some(side) => Status::Win(side, self.reason),
            None => Status::Draw(self.reason),
        }
    }
}

/// A position exactly as BPN writes it. `pits[row.index()][n - 1]` is pit
/// `n` of that row (`pits[0][0]` is A1, `pits[3][7]` is b8); `hand` and
/// `store` are `[south, north]`; `house`, `block` and `used` list pits in
/// any order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub to_move: Side,
    pub pits: [[u8; 8]; 4],
    pub hand: [u8; 2],
    pub store: [u8; 2],
    pub quiet: u16,
    pub house: Vec<Pit>,
    pub block: Vec<Pit>,
    pub used: Vec<Pit>,
    pub result: Option<GameResult>,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            to_move: Side::South,
            pits: [[0; 8]; 4],
            hand: [0; 2],
            store: [0; 2],
            quiet: 0,
            house: Vec::new(),
            block: Vec::new(),
            used: Vec::new(),
            result: None,
        }
    }
}

impl Position {
    /// Seeds on the board, in the hands and in the stores.
    pub fn total_seeds(&self) -> u32 {
        let board: u32 = self.pits.iter().flatten().map(|&c| u32::from(c)).sum();
        board + self.hand.iter().chain(self.store.iter()).map(|&c| u32::from(c)).sum::<u32>()
    }

    /// The seeds in one pit.
    pub fn at(&self, pit: Pit) -> u8 {
        self.pits[pit.row().index()][usize::from(pit.number() - 1)]
    }

    /// Checks a position an engine made, and returns it canonical (pit
    /// lists sorted); the error names the first thing wrong.
    pub fn checked(&self) -> Result<Position, String> {
        let seeds = self.total_seeds();
        if seeds > MAX_TOTAL_SEEDS {
            return Err(format!("{} seeds in all, above the limit of {}", seeds, MAX_TOTAL_SEEDS));
        }
        let mut out = self.clone();
        for (key, list) in [("house", &mut out.house), ("block", &mut out.block), ("used", &mut out.used)] {
            list.sort();
            if list.windows(2).any(|w| w[0] == w[1]) {
                return Err(format!("{} lists a pit twice", key));
            }
        }
        Ok(out)
    }

    /// Reads BPN; the error is `BPN field <n> (<name>): <problem> at offset <k>`.
    pub fn parse(text: &[u8]) -> Result<Position, String> {
        parse_bpn(text)
    }
}

/// Canonical BPN: keys in protocol order, defaults left out.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |r: usize| self.pits[r].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
        write!(f, "{} {}/{} {}/{}", self.to_move.letter(), row(0), row(1), row(2), row(3))?;
        let pits = |list: &[Pit]| {
            let mut sorted = list.to_vec();
            sorted.sort();
            sorted.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
        };
        if self.hand != [0, 0] {
            write!(f, " hand={},{}", self.hand[0], self.hand[1])?;
        }
        if !self.house.is_empty() {
            write!(f, " house={}", pits(&self.house))?;
        }
        if !self.block.is_empty() {
            write!(f, " block={}", pits(&self.block))?;
        }
        if self.store != [0, 0] {
            write!(f, " store={},{}", self.store[0], self.store[1])?;
        }
        if self.quiet != 0 {
            write!(f, " quiet={}", self.quiet)?;
        }
        if !self.used.is_empty() {
            write!(f, " used={}", pits(&self.used))?;
        }
        if let Some(result) = self.result {
            let winner = match result.winner {
                Some(side) => side.letter().to_string(),
                None => "draw".to_string(),
            };
            write!(f, " result={}:{}", winner, result.reason.word())?;
        }
        Ok(())
    }
}

/// Bytes as Latin-1 text: each byte one character, so a message can quote
/// any input (the session escapes what is not printable ASCII).
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A piece of the BPN text and where it starts.
#[derive(Clone, Copy)]
struct Piece<'a> {
    text: &'a [u8],
    offset: usize,
}

/// The pieces of `piece` between `sep`, empty pieces kept.
fn split_at(piece: Piece<'_>, sep: u8) -> Vec<Piece<'_>> {
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 0..=piece.text.len() {
        if i < piece.text.len() && piece.text[i] != sep {
            continue;
        }
        parts.push(Piece { text: &piece.text[start..i], offset: piece.offset + start });
        start = i + 1;
    }
    parts
}

fn bpn_error(field: usize, name: &str, what: &str, offset: usize) -> String {
    format!("BPN field {} ({}): {} at offset {}", field, name, what, offset)
}

const KEYS: [&str; 7] = ["hand", "house", "block", "store", "quiet", "used", "result"];

struct Reader {
    seeds: u32,
}

impl Reader {
    fn number(&self, tok: Piece<'_>, field: usize, name: &str, max: u32) -> Result<u32, String> {
        if tok.text.is_empty() {
            return Err(bpn_error(field, name, "empty count", tok.offset));
        }
        if tok.text[0] == b'-' {
            return Err(bpn_error(field, name, "negative counts are not allowed", tok.offset));
        }
        if !tok.text.iter().all(u8::is_ascii_digit) {
            return Err(bpn_error(field, name, &format!("'{}' is not a number", latin1(tok.text)), tok.offset));
        }
        let digits = latin1(tok.text);
        match digits.parse::<u64>() {
            Ok(n) if n <= u64::from(max) => Ok(n as u32),
            _ => Err(bpn_error(field, name, &format!("{} is above {}", digits, max), tok.offset)),
        }
    }

    fn count(&mut self, tok: Piece<'_>, field: usize, name: &str) -> Result<u8, String> {
        let n = self.number(tok, field, name, 255)?;
        self.seeds += n;
        if self.seeds > MAX_TOTAL_SEEDS {
            let what = format!("seed total {} is above the limit of {}", self.seeds, MAX_TOTAL_SEEDS);
            return Err(bpn_error(field, name, &what, tok.offset));
        }
        Ok(n as u8)
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn parse_bpn(text: &[u8]) -> Result<Position, String> {
    // Blanks and '\r' at the end go; fields are runs of anything but blanks.
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b' ' | b'\t' | b'\r') {
        end -= 1;
    }
    let trimmed = &text[..end];
    let mut fields = Vec::new();
    let mut i = 0;
    while i < trimmed.len() {
        if is_blank(trimmed[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < trimmed.len() && !is_blank(trimmed[i]) {
            i += 1;
        }
        fields.push(Piece { text: &trimmed[start..i], offset: start });
    }
    let mut pos = Position::default();
    let mut reader = Reader { seeds: 0 };
    let (first, last) = match (fields.first(), fields.last()) {
        (Some(first), Some(last)) => (*first, *last),
        _ => return Err(bpn_error(1, "side", "empty input", 0)),
    };
    let end = last.offset + last.text.len();
    pos.to_move = match first.text {
        b"S" => Side::South,
        b"N" => Side::North,
        other => {
            let what = format!("side must be S or N, got '{}'", latin1(other));
            return Err(bpn_error(1, "side", &what, first.offset));
        }
    };
    for (i, (name, front, back)) in
        [("south rows", Row::A, Row::B), ("north rows", Row::LowerA, Row::LowerB)].into_iter().enumerate()
    {
        let field = i + 2;
        let tok = *fields.get(i + 1).ok_or_else(|| bpn_error(field, name, "missing", end))?;
        let rows = split_at(tok, b'/');
        if rows.len() != 2 {
            let what = format!("expected 2 rows (front/back) separated by '/', got {}", rows.len());
            return Err(bpn_error(field, name, &what, tok.offset));
        }
        for (row, piece) in [front, back].into_iter().zip(rows) {
            let counts = split_at(piece, b',');
            if counts.len() != 8 {
                let what = format!("expected 8 counts, got {}", counts.len());
                return Err(bpn_error(field, name, &what, piece.offset));
            }
            for (n, c) in counts.into_iter().enumerate() {
                pos.pits[row.index()][n] = reader.count(c, field, name)?;
            }
        }
    }
    let mut seen: Vec<&[u8]> = Vec::new();
    for (i, tok) in fields.iter().enumerate().skip(3) {
        let field = i + 1;
        let eq = match tok.text.iter().position(|&b| b == b'=') {
            Some(eq) if eq > 0 => eq,
            _ => {
                let what = format!("expected key=value, got '{}'", latin1(tok.text));
                return Err(bpn_error(field, "key=value", &what, tok.offset));
            }
        };
        let key_bytes = &tok.text[..eq];
        let key = latin1(key_bytes);
        if !KEYS.contains(&key.as_str()) {
            return Err(bpn_error(field, &key, &format!("unknown key '{}'", key), tok.offset));
        }
        if seen.contains(&key_bytes) {
            return Err(bpn_error(field, &key, &format!("duplicate key '{}'", key), tok.offset));
        }
        seen.push(key_bytes);
        let value = Piece { text: &tok.text[eq + 1..], offset: tok.offset + eq + 1 };
        match key.as_str() {
            "hand" | "store" => {
                let parts = split_at(value, b',');
                if parts.len() != 2 {
                    return Err(bpn_error(field, &key, "expected two counts S,N", value.offset));
                }
                let pair = [reader.count(parts[0], field, &key)?, reader.count(parts[1], field, &key)?];
                if key == "hand" {
                    pos.hand = pair;
                } else {
                    pos.store = pair;
                }
            }
            "quiet" => pos.quiet = reader.number(value, field, &key, MAX_QUIET)? as u16,
            "result" => pos.result = Some(parse_result(value, field)?),
            _ => {
                // house, block, used
                if value.text.is_empty() {
                    return Err(bpn_error(field, &key, "empty pit list", value.offset));
                }
                let mut pits: Vec<Pit> = Vec::new();
                for part in split_at(value, b',') {
                    let pit = Pit::parse(part.text).map_err(|e| bpn_error(field, &key, &e, part.offset))?;
                    if pits.contains(&pit) {
                        let what = format!("pit {} listed twice", pit);
                        return Err(bpn_error(field, &key, &what, part.offset));
                    }
                    pits.push(pit);
                }
                match key.as_str() {
                    "house" => pos.house = pits,
                    "block" => pos.block = pits,
                    _ => pos.used = pits,
                }
            }
        }
    }
    Ok(pos)
}

fn parse_result(value: Piece<'_>, field: usize) -> Result<GameResult, String> {
    let colon = value
        .text
        .iter()
        .position(|&b| b == b':')
        .ok_or_else(|| bpn_error(field, "result", "expected <winner>:<reason>, e.g. N:infinite", value.offset))?;
    let winner = match &value.text[..colon] {
        b"S" => Some(Side::South),
        b"N" => Some(Side::North),
        b"draw" => None,
        other => {
            let what = format!("winner must be S, N or draw, got '{}'", latin1(other));
            return Err(bpn_error(field, "result", &what, value.offset));
        }
    };
    let reason_text = &value.text[colon + 1..];
    let reason = Reason::from_word(reason_text).ok_or_else(|| {
        let what = format!("unknown reason '{}'", latin1(reason_text));
        bpn_error(field, "result", &what, value.offset + colon + 1)
    })?;
    Ok(GameResult { winner, reason })
}
