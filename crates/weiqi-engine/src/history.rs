//! The history of a game as the repetition rules read it: one small fixed record per move, and
//! hash indexes instead of scans.
//!
//! Invariants:
//! - **Entries.** Entry `t` is the state after move `t` (entry 0: the initial position), as the
//!   interpreter's history; each holds the board hash and the side to move, never a board, in
//!   48 bytes (`tests` pins the size).
//! - **Flows.** Undo restores the game flow exactly: from `flows` for every move that is not a
//!   plain play (one `Flow` per such entry, in entry order), by rebuilding it for a plain play
//!   (see `Entry::saved_flow`: only the player to move, the ko cells, the prisoners and the
//!   phase change). `engine.rs`'s test `undo_restores_the_whole_flow_of_every_kind_of_move`
//!   checks it after every move of random games of seven variants.
//! - **Indexes.** Each [`HashIndex`] maps a hash to the most recent entry that has it, over the
//!   entries its rule reads: `boards` every entry (positional superko), `situations` every
//!   entry's board hash XOR the side-to-move key (situational superko, the Ing rule D, long
//!   cycles), `natural[c]` the entries colour `c` made by a board play (natural situational
//!   superko); entry 0 is in `boards` and `situations` exactly when `play.initial-position`
//!   counts. Each entry remembers the value its insertion replaced, so undo restores the index
//!   exactly (last in, first out).
//! - **Hashes.** Equal boards have equal hashes; unequal boards collide with probability about
//!   2^-64 per pair, which the engine accepts (a collision would refuse a legal play).

use weiqi_core::{Color, Phase, Point};

/// "No value" in a [`HashIndex`] slot.
const FREE: u32 = u32::MAX;

/// An open-addressing map from a 64-bit hash to an entry number, with linear probing and
/// backward-shift deletion. The key is its own hash: Zobrist keys are uniformly random, so the
/// low bits index the table directly.
#[derive(Debug, Clone)]
pub(crate) struct HashIndex {
    keys: Vec<u64>,
    vals: Vec<u32>,
    /// The keys stored (exactly: `Engine::check_ban` skips its probe when `bans` has none).
    pub(crate) len: usize,
}

impl HashIndex {
    /// A table for about `n` keys: the smallest power of two at least `1.5 n` slots (it grows
    /// past half full, so a game that reaches `n` moves may grow it once; a smaller table is
    /// cheaper to copy with the game).
    pub(crate) fn with_capacity(n: usize) -> HashIndex {
        let cap = (n.max(8) * 3 / 2).next_power_of_two();
        HashIndex {
            keys: vec![0; cap],
            vals: vec![FREE; cap],
            len: 0,
        }
    }

    #[inline]
    fn mask(&self) -> usize {
        self.keys.len() - 1
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        // Truncation intended: the low bits of a Zobrist hash are uniformly random.
        (key as usize) & self.mask()
    }

    /// The entry stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u32> {
        let mut i = self.home(key);
        loop {
            let v = self.vals[i];
            if v == FREE {
                return None;
            }
            if self.keys[i] == key {
                return Some(v);
            }
            i = (i + 1) & self.mask();
        }
    }

    /// Stores `val` for `key`; returns the value it replaced.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, val: u32) -> Option<u32> {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mut i = self.home(key);
        loop {
            let v = self.vals[i];
            if v == FREE {
                self.keys[i] = key;
                self.vals[i] = val;
                self.len += 1;
                return None;
            }
            if self.keys[i] == key {
                self.vals[i] = val;
                return Some(v);
            }
            i = (i + 1) & self.mask();
        }
    }

    /// Undoes an [`HashIndex::insert`] of `key` that returned `prev`.
    pub(crate) fn restore(&mut self, key: u64, prev: Option<u32>) {
        let mut i = self.home(key);
        loop {
            if self.vals[i] == FREE {
                return;
            }
            if self.keys[i] == key {
                break;
            }
            i = (i + 1) & self.mask();
        }
        if let Some(v) = prev {
            self.vals[i] = v;
            return;
        }
        // Backward-shift deletion: pull later keys of the probe run into the hole when the
        // hole lies on their path from their home slot.
        let mask = self.mask();
        let mut hole = i;
        let mut j = i;
        loop {
            j = (j + 1) & mask;
            if self.vals[j] == FREE {
                break;
            }
            let home = self.home(self.keys[j]);
            let between = if hole <= j {
                hole < home && home <= j
            } else {
                hole < home || home <= j
            };
            if !between {
                self.keys[hole] = self.keys[j];
                self.vals[hole] = self.vals[j];
                hole = j;
            }
        }
        self.vals[hole] = FREE;
        self.len -= 1;
    }

    fn grow(&mut self) {
        let old_keys = std::mem::take(&mut self.keys);
        let old_vals = std::mem::take(&mut self.vals);
        let cap = old_keys.len() * 2;
        self.keys = vec![0; cap];
        self.vals = vec![FREE; cap];
        self.len = 0;
        for (k, v) in old_keys.into_iter().zip(old_vals) {
            if v != FREE {
                self.insert(k, v);
            }
        }
    }
}

/// What produced an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// The initial position.
    Setup,
    /// A board play.
    Play,
    /// A pass, or a play counted as one (Ing one-stone suicide).
    Pass,
}

/// The game-flow state a move may change (restored by undo).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Flow {
    /// The phase.
    pub(crate) phase: Phase,
    /// The player to move.
    pub(crate) to_move: Color,
    /// Consecutive passes since the last board play or resumption.
    pub(crate) since_resume: u32,
    /// Consecutive passes since the last board play, across stops.
    pub(crate) since_play: u32,
    /// Stops so far.
    pub(crate) stops: u32,
    /// The agreement of the last stop stands (`after-stop = "agreement-then-passes"`): the
    /// dead stones are the engine's `agreed`, and `stop-passes` passes end the game by it.
    pub(crate) agreed: bool,
    /// Free handicap stones Black has still to place.
    pub(crate) placement_left: u32,
    /// Prisoners each side has taken.
    pub(crate) prisoners: [u32; 2],
    /// Pass stones each side has received.
    pub(crate) pass_stones: [u32; 2],
    /// The first entry the long-cycle count reads (it restarts on resumption).
    pub(crate) cycle_from: u32,
    /// The situation the resumed play started from, when no entry recorded it: a resumption
    /// that changed the player to move starts from the stopping pass's board with the new
    /// player to move, the first occurrence of that situation for the count (docs/decisions.md 12).
    pub(crate) cycle_start: Option<u64>,
    /// The entry of the last pass (0: no pass yet): where Spight ko's record and, under
    /// `long-cycle-passes = "restart"`, the long-cycle count start.
    pub(crate) last_pass: u32,
    /// The last entry when play last stopped or resumed (0 at the start): passes after it are
    /// the earlier passes `end.repeated-pass` compares with.
    pub(crate) resumed_at: u32,
    /// Simple ko: the cell whose play would retake, the cell of the stone it would retake, and
    /// who may not retake (`NONE` cells when there is no ko).
    pub(crate) ko_point: u16,
    /// See `ko_point`.
    pub(crate) ko_stone: u16,
}

/// An [`Entry`]'s record of an index insertion: the entry was not inserted.
pub(crate) const NOT_INDEXED: u32 = u32::MAX;
/// An [`Entry`]'s record of an index insertion: the key was new (undo removes it).
pub(crate) const NEW_KEY: u32 = u32::MAX - 1;

/// Encodes what [`HashIndex::insert`] returned (entry numbers stay below [`NEW_KEY`]).
#[inline]
#[must_use]
pub(crate) fn encode_prev(prev: Option<u32>) -> u32 {
    prev.unwrap_or(NEW_KEY)
}

/// Decodes an [`Entry`]'s insertion record: `None` when nothing was inserted, else the value
/// the insertion replaced.
#[inline]
#[must_use]
pub(crate) fn decode_prev(code: u32) -> Option<Option<u32>> {
    match code {
        NOT_INDEXED => None,
        NEW_KEY => Some(None),
        v => Some(Some(v)),
    }
}

/// One recorded move (or the initial position), with what undo needs: 48 bytes, a hash and a
/// small fixed record (issue 11's memory target). Rarely needed state lives in side stacks of
/// [`History`]: the whole [`Flow`] before a move that is not a plain play (`flows`), the Ing
/// ban keys (`bans_made`) and hot-stone lists (`hot_saved`, `hot_frames`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// The board hash after the move.
    pub(crate) board: u64,
    /// How often the entry's situation occurred since the long-cycle count restarted.
    pub(crate) cycle_count: u32,
    /// Start of this move's range in the removed-stones stack: opponent stones, then own.
    pub(crate) removed_at: u32,
    /// What this entry's insertion into `boards` (positional superko) or `natural[mover]`
    /// (natural situational superko) replaced: [`NOT_INDEXED`], [`NEW_KEY`] or an entry.
    pub(crate) prev_board: u32,
    /// The same for `situations`.
    pub(crate) prev_situation: u32,
    /// The number of non-move actions (resumption) made before this move.
    pub(crate) actions: u32,
    /// Opponent stones removed (see `removed_at`).
    pub(crate) removed_opponent: u16,
    /// Own stones removed by a self-capture (see `removed_at`).
    pub(crate) removed_own: u16,
    /// The cell played (`NONE` for a pass and the initial position; a one-stone suicide counted
    /// as a pass keeps its cell).
    pub(crate) cell: u16,
    /// The simple-ko cells of the flow before a plain play (see `saved_flow`).
    pub(crate) ko_point: u16,
    /// See `ko_point`.
    pub(crate) ko_stone: u16,
    /// The player to move after the move.
    pub(crate) to_move: Color,
    /// Who made it.
    pub(crate) mover: Option<Color>,
    /// What it was.
    pub(crate) kind: Kind,
    /// Added by the engine (White's last pass), undone with the move before it.
    pub(crate) automatic: bool,
    /// The flow before the move is the last of `History::flows`. Otherwise the move is a
    /// *plain play* and undo rebuilds the flow: a board play by the player to move, while
    /// playing, outside a handicap placement, with no pass and no standing agreement since the
    /// last board play; such a play changes only the player to move, the ko cells (saved
    /// here), the prisoners (by the removed counts) and possibly the phase (a long-cycle end).
    pub(crate) saved_flow: bool,
    /// This entry recorded a new Ing ban, the last of `History::bans_made`.
    pub(crate) ban: bool,
}

/// The hot stones before an entry, saved for undo (the Ing rule): a frame of
/// `History::hot_frames`. A move saves one exactly when stones are hot before or after it (some
/// stone was hot, or it is a ko capture); any other move leaves the empty list as it is and
/// saves nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HotFrame {
    /// The entry whose move saved it.
    pub(crate) entry: u32,
    /// The start of the list in `History::hot_saved`.
    pub(crate) at: u32,
    /// Its length.
    pub(crate) len: u32,
}

/// The situation hash: the board hash with the side-to-move key for White.
#[inline]
#[must_use]
pub(crate) fn situation(board: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => board,
        Color::White => board ^ crate::board::white_to_move_key(),
    }
}

/// The history and its indexes.
#[derive(Debug)]
pub(crate) struct History {
    /// Entry 0 is the initial position.
    pub(crate) entries: Vec<Entry>,
    /// Board hash -> most recent entry (positional superko).
    pub(crate) boards: HashIndex,
    /// Situation hash -> most recent entry.
    pub(crate) situations: HashIndex,
    /// Per colour (Black, White): board hash -> most recent board play of that colour creating it.
    pub(crate) natural: [HashIndex; 2],
    /// Ing rule D: (situation hash XOR move key) -> the move that started the cycle.
    pub(crate) bans: HashIndex,
    /// `end.repeated-pass = "stops"`: the situation a pass was made from (its mover to move)
    /// -> the most recent such pass.
    pub(crate) passes: HashIndex,
    /// What each indexed pass's insertion into `passes` replaced (`encode_prev`), in entry
    /// order (every pass of `commit` under `repeated-pass = "stops"`).
    pub(crate) passes_prev: Vec<u32>,
    /// Removed stones of every move, by entry ranges.
    pub(crate) removed: Vec<Point>,
    /// The flow before each entry whose `saved_flow` is set, in entry order.
    pub(crate) flows: Vec<Flow>,
    /// The Ing ban key of each entry whose `ban` is set, in entry order.
    pub(crate) bans_made: Vec<u64>,
    /// The Ing hot stones now, sorted, each with its owner.
    pub(crate) hot: Vec<(Point, Color)>,
    /// Earlier hot-stone lists, by the ranges of `hot_frames`.
    pub(crate) hot_saved: Vec<(Point, Color)>,
    /// Under the Ing rule, one per entry whose move saved the hot stones before it, in entry
    /// order (see [`HotFrame`]).
    pub(crate) hot_frames: Vec<HotFrame>,
}

/// A copy of `v` with the capacity of `v`, so that a copied game grows its history without
/// reallocating (a derived `Clone` keeps only the length).
fn clone_with_room<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.capacity());
    out.extend_from_slice(v);
    out
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            entries: clone_with_room(&self.entries),
            boards: self.boards.clone(),
            situations: self.situations.clone(),
            natural: self.natural.clone(),
            bans: self.bans.clone(),
            passes: self.passes.clone(),
            passes_prev: self.passes_prev.clone(),
            removed: clone_with_room(&self.removed),
            flows: self.flows.clone(),
            bans_made: self.bans_made.clone(),
            hot: self.hot.clone(),
            hot_saved: clone_with_room(&self.hot_saved),
            hot_frames: clone_with_room(&self.hot_frames),
        }
    }
}

/// The index of a colour in per-colour arrays.
#[inline]
#[must_use]
pub(crate) fn side(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl History {
    /// An empty history sized for `moves` moves; only the indexes `rules` reads get room (the
    /// others stay minimal), so that a new or copied game touches little memory.
    pub(crate) fn with_capacity(moves: usize, rules: &crate::rules::Rules) -> History {
        use weiqi_spec::Ko;
        let room = |used: bool, n: usize| HashIndex::with_capacity(if used { n } else { 0 });
        History {
            entries: Vec::with_capacity(moves + 1),
            boards: room(
                matches!(rules.ko, Ko::PositionalSuperko | Ko::Spight),
                moves,
            ),
            situations: room(rules.track_situations, moves),
            natural: [
                room(rules.ko == Ko::NaturalSituationalSuperko, moves / 2),
                room(rules.ko == Ko::NaturalSituationalSuperko, moves / 2),
            ],
            bans: HashIndex::with_capacity(0),
            passes: HashIndex::with_capacity(0),
            passes_prev: Vec::new(),
            removed: Vec::with_capacity(moves),
            flows: Vec::new(),
            bans_made: Vec::new(),
            hot: Vec::new(),
            // Under the Ing rule a move may push a frame and save the hot stones (usually one
            // ko's worth): room for one a move, so that a game, or a copy of it, does not
            // reallocate while it plays.
            hot_saved: Vec::with_capacity(if rules.ko == Ko::Ing { moves } else { 0 }),
            hot_frames: Vec::with_capacity(if rules.ko == Ko::Ing { moves + 1 } else { 0 }),
        }
    }

    /// The bytes of the records in use: the entries, the removed stones, the saved flows,
    /// the Ing bans and hot-stone lists, and the index entries (12 bytes each: a hash and an
    /// entry number), not the spare capacity of the arrays.
    pub(crate) fn bytes(&self) -> usize {
        use std::mem::size_of;
        let index = |h: &HashIndex| h.len * 12;
        self.entries.len() * size_of::<Entry>()
            + self.removed.len() * size_of::<Point>()
            + self.flows.len() * size_of::<Flow>()
            + self.bans_made.len() * size_of::<u64>()
            + (self.hot.len() + self.hot_saved.len()) * size_of::<(Point, Color)>()
            + self.hot_frames.len() * size_of::<HotFrame>()
            + index(&self.boards)
            + index(&self.situations)
            + index(&self.natural[0])
            + index(&self.natural[1])
            + index(&self.bans)
            + index(&self.passes)
            + self.passes_prev.len() * size_of::<u32>()
    }

    /// The last entry.
    pub(crate) fn last(&self) -> &Entry {
        // Entry 0 is pushed at construction and never popped.
        &self.entries[self.entries.len() - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::{Entry, HashIndex, situation};
    use std::collections::HashMap;
    use weiqi_core::Color;

    /// splitmix64, for reproducible test data.
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[test]
    fn an_index_undone_in_reverse_finds_what_a_map_finds() {
        // The module's invariant "undo restores the index exactly": inserts and their
        // restores (last in, first out, as undo calls them) against a map with a stack of
        // the replaced values. The keys share their low bits (homes 0, 1, 14, 15, 16, 17, 30
        // and 31 of the 16- and 32-slot tables), so probe runs are long, wrap around the end
        // of the table and are cut by backward-shift deletions; the 12 keys make the table
        // grow once.
        const LOW: [u64; 8] = [14, 15, 30, 31, 0, 1, 16, 17];
        for seed in 0..40 {
            let mut rng = seed;
            let keys: Vec<u64> = (0..12)
                .map(|i| (next(&mut rng) << 5) | LOW[i % LOW.len()])
                .collect();
            let mut index = HashIndex::with_capacity(8);
            let mut model: HashMap<u64, u32> = HashMap::new();
            let mut undo: Vec<(u64, Option<u32>)> = Vec::new();
            for step in 0..400u32 {
                if undo.is_empty() || !next(&mut rng).is_multiple_of(3) {
                    let key = keys[(next(&mut rng) % 12) as usize];
                    let prev = index.insert(key, step);
                    assert_eq!(prev, model.insert(key, step), "seed {seed} step {step}");
                    undo.push((key, prev));
                } else if let Some((key, prev)) = undo.pop() {
                    index.restore(key, prev);
                    match prev {
                        Some(v) => model.insert(key, v),
                        None => model.remove(&key),
                    };
                }
                for &key in &keys {
                    assert_eq!(
                        index.get(key),
                        model.get(&key).copied(),
                        "seed {seed} step {step}"
                    );
                }
                // `len` counts the keys stored (the Ing ban probe is skipped at 0).
                assert_eq!(index.len, model.len(), "seed {seed} step {step}");
            }
        }
    }

    #[test]
    fn a_situation_differs_from_its_board_by_the_side_key_for_every_board() {
        // The module's invariant: a situation is the board hash XOR the side-to-move key, so
        // two situations collide exactly when their boards do (situational superko, `ssk` in
        // docs/variants.md, tells the side to move apart). An OR would map every board whose hash
        // has the key's bits set to the same situation for both sides.
        let mut rng = 7;
        let mut boards = vec![0, u64::MAX];
        boards.extend((0..64).map(|_| next(&mut rng)));
        for &a in &boards {
            assert_ne!(
                situation(a, Color::Black),
                situation(a, Color::White),
                "{a:#x}"
            );
            for &b in &boards {
                assert_eq!(
                    situation(a, Color::White) ^ situation(b, Color::White),
                    a ^ b,
                    "{a:#x} {b:#x}"
                );
            }
        }
    }

    #[test]
    fn an_entry_is_a_hash_and_a_small_fixed_record() {
        // Issue 11's memory target: the history grows by a hash (and a small fixed record)
        // per move; the rare state lives in side stacks (`History::flows`, `bans_made`,
        // `hot_saved`).
        assert_eq!(std::mem::size_of::<Entry>(), 48);
    }
}
