//! The rules of `site-maasai`, the play site's Maasai variant (the play
//! site's rules page, docs/sources.md), as bao-oracle reads them
//! (docs/rulesets/site-maasai.md).
//!
//! This is the engine the kit serves: replace it with an adapter over your
//! own engine (README.md). It plays on its own board representation and
//! converts to and from the protocol's positions in `decode` and `encode`.
//!
//! Each side's sixteen pits are an array indexed by circuit position: front
//! pits 1..8 are 0..7 and back pits 8..1 are 8..15, so the one legal
//! direction, L, is -1 around the circuit: A8 -> A1 -> B1 -> B8 -> A8.
//! Front pit f faces the opponent's front pit 7 - f (A(i) faces a(9-i)).

use std::collections::HashSet;

use bao_protocol::{Dir, Engine, GameResult, Move, Pit, Played, Position, Reason, Row, Side, Status};

pub const RULESET: &str = "site-maasai";
/// The no-progress rule: the game is called after fifty turns without a capture.
pub const QUIET_LIMIT: u16 = 50;
/// Relays after which a move is cut as endless when no state has come back yet.
pub const RELAY_LIMIT: usize = 1 << 16;

/// The engine's own state.
#[derive(Clone)]
pub struct Board {
    pits: [[u8; 16]; 2],
    store: [u8; 2],
    quiet: u16,
    to_move: Side,
    result: Option<GameResult>,
}

fn circuit_index(front: bool, number: u8) -> usize {
    usize::from(if front { number - 1 } else { 16 - number })
}

fn pit_of(side: Side, index: usize) -> Pit {
    let (front, number) = if index < 8 { (true, index + 1) } else { (false, 16 - index) };
    Pit::new(Row::of(side, front), number as u8).expect("a circuit index names a pit")
}

/// A called game goes to the side with more captured seeds; level stores are a draw.
fn called(store: [u8; 2], reason: Reason) -> GameResult {
    let winner = match store[0].cmp(&store[1]) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
    };
    GameResult { winner, reason }
}

fn board_status(board: &Board) -> Status {
    if let Some(result) = board.result {
        return result.status();
    }
    // A side with no seed on its sixteen pits has lost; the side to move is
    // judged first (only a set-up position can have both sides empty).
    for side in [board.to_move, board.to_move.other()] {
        if board.pits[side.index()].iter().all(|&c| c == 0) {
            return Status::Win(side.other(), Reason::AllCaptured);
        }
    }
    if board.quiet >= QUIET_LIMIT {
        return called(board.store, Reason::NoProgress).status();
    }
    Status::Ongoing
}

pub struct Maasai;

impl Engine for Maasai {
    type State = Board;

    fn name(&mut self) -> String {
        "maasai-example 1.0 (rust)".to_string()
    }

    fn rulesets(&mut self) -> Vec<String> {
        vec![RULESET.to_string()]
    }

    fn decode(&mut self, pos: Position, _ruleset: &str) -> Result<Board, String> {
        // Why the position cannot occur in Maasai: the answer to `position`.
        if pos.hand != [0, 0] {
            return Err("key hand: site-maasai has no reserve seeds".to_string());
        }
        if !pos.house.is_empty() || !pos.block.is_empty() || !pos.used.is_empty() {
            return Err("site-maasai has no house status, blocks or house use".to_string());
        }
        if pos.quiet > QUIET_LIMIT {
            return Err(format!("key quiet: the game is called at {}", QUIET_LIMIT));
        }
        if matches!(pos.result, Some(r) if r.reason != Reason::Infinite) {
            return Err("key result: only an endless relay decides a result the board cannot show".to_string());
        }
        let mut pits = [[0; 16]; 2];
        for side in [Side::South, Side::North] {
            for number in 1..=8u8 {
                for front in [true, false] {
                    let pit = Pit::new(Row::of(side, front), number).expect("1..8");
                    pits[side.index()][circuit_index(front, number)] = pos.at(pit);
                }
            }
        }
        Ok(Board { pits, store: pos.store, quiet: pos.quiet, to_move: pos.to_move, result: pos.result })
    }

    fn encode(&mut self, board: &Board, _ruleset: &str) -> Position {
        let mut pos = Position {
            to_move: board.to_move,
            store: board.store,
            quiet: board.quiet,
            result: board.result,
            ..Position::default()
        };
        for side in [Side::South, Side::North] {
            for index in 0..16 {
                let pit = pit_of(side, index);
                pos.pits[pit.row().index()][usize::from(pit.number() - 1)] = board.pits[side.index()][index];
            }
        }
        pos
    }

    fn start(&mut self, _ruleset: &str) -> Board {
        Board { pits: [[2; 16]; 2], store: [0, 0], quiet: 0, to_move: Side::South, result: None }
    }

    fn moves(&mut self, board: &Board, _ruleset: &str) -> Vec<Move> {
        if board_status(board) != Status::Ongoing {
            return Vec::new();
        }
        let me = board.to_move;
        (0..16).filter(|&i| board.pits[me.index()][i] > 0).map(|i| Move::new(pit_of(me, i), Dir::L)).collect()
    }

    /// The board after a legal move, and the move's trace items.
    fn play(&mut self, mut board: Board, mv: &Move, _ruleset: &str) -> Played<Board> {
        let me = board.to_move;
        let them = me.other();
        let mut trace = Vec::new();
        let [south, north] = &mut board.pits;
        let (mine, theirs) = if me == Side::South { (south, north) } else { (north, south) };
        let sow = |mine: &mut [u8; 16], from: usize, seeds: u8, trace: &mut Vec<String>| {
            let mut i = from;
            for _ in 0..seeds {
                i = (i + 15) % 16;
                mine[i] += 1;
                trace.push(format!("sow {}", pit_of(me, i)));
            }
            i
        };

        // Lift the chosen pit and sow it.
        let start = circuit_index(mv.pit.front(), mv.pit.number());
        let seeds = std::mem::take(&mut mine[start]);
        trace.push(format!("lift {} {}", pit_of(me, start), seeds));
        let mut last = sow(mine, start, seeds, &mut trace);
        // Relay from every occupied pit the last seed reaches. A relay is a
        // function of (the mover's pits, the pit to lift): a state seen
        // before means it can never stop, and the move is cut at that first
        // repeat. One that has relayed RELAY_LIMIT times without a repeat is
        // cut there (site.interp.endless-relay: some cycle only after millions).
        let mut seen = HashSet::new();
        let mut endless = false;
        while mine[last] > 1 {
            if seen.len() == RELAY_LIMIT || !seen.insert((*mine, last)) {
                endless = true;
                break;
            }
            let seeds = std::mem::take(&mut mine[last]);
            trace.push(format!("relay {} {}", pit_of(me, last), seeds));
            last = sow(mine, last, seeds, &mut trace);
        }
        trace.push(format!("stop {}", pit_of(me, last)));
        // The capture: stopped in an empty pit of the own inner row, across
        // from a pit with seeds.
        let mut captured = false;
        if !endless && last < 8 && theirs[7 - last] > 0 {
            let taken = std::mem::take(&mut theirs[7 - last]);
            board.store[me.index()] += taken;
            trace.push(format!("capture {} {}", pit_of(them, 7 - last), taken));
            captured = true;
        }
        board.quiet = if captured { 0 } else { board.quiet + 1 };
        board.to_move = them;
        if endless {
            board.result = Some(called(board.store, Reason::Infinite));
            trace.push("end infinite".to_string());
        } else {
            match board_status(&board) {
                Status::Ongoing => {}
                Status::Win(_, reason) | Status::Draw(reason) => trace.push(format!("end {}", reason.word())),
            }
        }
        Played { state: board, trace: Some(trace) }
    }

    fn status(&mut self, board: &Board, _ruleset: &str) -> Status {
        board_status(board)
    }
}
