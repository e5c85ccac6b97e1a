//! The dame filling, teire and seki of `spec/FILLING.md` (docs/decisions.md 10, revised 2026-12).
//!
//! Japanese practice fills every fillable dame and makes the necessary teire before the players
//! agree; records often end without them, and Art. 8 read literally then puts every string next
//! to an open dame "in seki" (the dame trap of docs/variants.md 4.6). [`fill`] makes the filling of
//! `spec/FILLING.md` on the board after the dead stones are removed, and reports the final
//! position: which stones were added (fills, neutral stones, teire), which dame stayed open, and
//! which strings are in seki. The section numbers below are those of `spec/FILLING.md`.
//!
//! Literal and uncached: every question is answered from the current position; the only state
//! kept between questions is scratch marks (reset by a generation counter) and the labels of one
//! round's position (strings with their liberty lists, empty regions and the strings bordering
//! them), recomputed every round. A test reads liberty lists only until four distinct liberties
//! are found (they decide both capturability clauses, 2.5), so a round costs linear time and the
//! whole fill quadratic (4.7); [`Filling::work`] counts the steps, for the growth test.

use std::collections::BTreeSet;

use weiqi_core::{Board, BoardSize, Color, Point};

/// What stands on a point during the fill (1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A stone of a colour (a stone of the board, a fill or a teire).
    Stone(Color),
    /// A neutral stone: a dame both colours may fill (4.3, 4.6).
    Neutral,
}

/// The class of a point, fixed by the starting position P0 (2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A stone of P0.
    Stone,
    /// An eye point of the colour: its empty region in P0 borders that colour only.
    Eye(Color),
    /// A dame point: its empty region in P0 borders both colours, or none.
    Dame,
}

/// The final position of the fill and what the ruling reports (sections 5 and 6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filling {
    /// The dame filled, in board order, with the filler (`None`: a neutral stone).
    pub fills: Vec<(Point, Option<Color>)>,
    /// The teire made, in board order, with their owner.
    pub teire: Vec<(Point, Color)>,
    /// The open dame points that are seki points (5.1), in board order.
    pub seki_points: Vec<Point>,
    /// The open dame points of exempt regions (2.7), in board order.
    pub exempt_points: Vec<Point>,
    /// The stones of enclosed strings that border an exempt region ("look dead", 6.2).
    pub looks_dead: Vec<Point>,
    /// The stones of P0 whose string in P\* is in seki (5.2).
    pub seki_stones: BTreeSet<Point>,
    /// The stones of P0 whose string in P\* borders an open dame point, exempt or not (9.1).
    pub next_to_open_dame: BTreeSet<Point>,
    /// Rounds made (teire steps and fill steps, the last one included).
    pub rounds: u32,
    /// Elementary steps made (points and neighbours visited by every flood fill).
    pub work: u64,
    size: BoardSize,
    class: Vec<Class>,
    cells: Vec<Cell>,
    adjacency: Vec<Vec<usize>>,
    /// Stones of P\* whose string is in seki (5.2).
    seki_cells: Vec<bool>,
    /// Stones of P\* whose string borders an open dame point (9.1).
    open_cells: Vec<bool>,
}

impl Filling {
    /// The class of a point in P0 (`None` off the board).
    #[must_use]
    pub fn class(&self, p: Point) -> Option<Class> {
        self.size.index(p).map(|i| self.class[i])
    }

    /// What stands on a point in the final position P\* (`None` off the board).
    #[must_use]
    pub fn cell(&self, p: Point) -> Option<Cell> {
        self.size.index(p).map(|i| self.cells[i])
    }

    /// The eye points of P0 that are still empty in P\* and are not territory (5.3): those of
    /// an eye region of P\* (2.4) bordered by a string in seki. `literal` takes the strings
    /// next to any open dame point as in seki (9.1), else the strings in seki of 5.2.
    #[must_use]
    pub fn void_eyes(&self, literal: bool) -> BTreeSet<Point> {
        let in_seki = if literal {
            &self.open_cells
        } else {
            &self.seki_cells
        };
        let n = self.cells.len();
        let mut seen = vec![false; n];
        let mut void = BTreeSet::new();
        for start in 0..n {
            let Class::Eye(c) = self.class[start] else {
                continue;
            };
            if seen[start] || self.cells[start] != Cell::Empty {
                continue;
            }
            let mut region = vec![start];
            seen[start] = true;
            let mut bordered_by_seki = false;
            let mut k = 0;
            while k < region.len() {
                let q = region[k];
                k += 1;
                for &m in &self.adjacency[q] {
                    if self.cells[m] == Cell::Empty && self.class[m] == Class::Eye(c) && !seen[m] {
                        seen[m] = true;
                        region.push(m);
                    }
                    bordered_by_seki |= in_seki[m];
                }
            }
            if bordered_by_seki {
                void.extend(region.iter().filter_map(|&i| self.size.point_at(i)));
            }
        }
        void
    }
}

/// The position the rounds work on, with scratch marks for the flood fills.
struct Grid {
    class: Vec<Class>,
    cells: Vec<Cell>,
    adjacency: Vec<Vec<usize>>,
    string_mark: Marks,
    liberty_mark: Marks,
    region_mark: Marks,
    /// The string id of each stone of the round's position (`usize::MAX` elsewhere).
    string_of: Vec<usize>,
    /// The liberties of each string in the current view: in P, or in Q without the candidates.
    lists: Vec<Vec<usize>>,
    work: u64,
}

/// Marks on points, cleared in O(1) by moving to a new generation.
struct Marks {
    stamp: Vec<u32>,
    generation: u32,
}

impl Marks {
    fn new(n: usize) -> Marks {
        Marks {
            stamp: vec![0; n],
            generation: 0,
        }
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    /// Marks `i`; false if it was already marked in this generation.
    fn mark(&mut self, i: usize) -> bool {
        if self.stamp[i] == self.generation {
            false
        } else {
            self.stamp[i] = self.generation;
            true
        }
    }

    fn is_marked(&self, i: usize) -> bool {
        self.stamp[i] == self.generation
    }
}

/// A string's stones and liberties, as far as a flood went.
struct StringScan {
    colour: Color,
    stones: Vec<usize>,
    liberties: Vec<usize>,
}

/// The labels of one round's position: strings, their liberties, empty regions and what they
/// border (for the enclosed strings and exempt regions of 2.6 and 2.7).
struct Labels {
    /// The string id of each stone (`usize::MAX` elsewhere).
    string_of: Vec<usize>,
    /// The colour, stones and liberties of each string.
    strings: Vec<(Color, Vec<usize>, Vec<usize>)>,
    /// The region id of each empty point (`usize::MAX` elsewhere).
    region_of: Vec<usize>,
    /// The points of each empty region and the string ids bordering it.
    regions: Vec<(Vec<usize>, Vec<usize>)>,
    /// For each region, the first two bordering string ids of Black and of White.
    two_of: Vec<[Vec<usize>; 2]>,
}

impl Grid {
    fn colour(&self, i: usize) -> Option<Color> {
        match self.cells[i] {
            Cell::Stone(c) => Some(c),
            Cell::Empty | Cell::Neutral => None,
        }
    }

    /// Floods the string through the stone at `start`, collecting its distinct liberties.
    fn scan(&mut self, start: usize) -> StringScan {
        let colour = self.colour(start).unwrap_or(Color::Black);
        self.string_mark.clear();
        self.liberty_mark.clear();
        let mut stones = vec![start];
        let mut liberties = Vec::new();
        self.string_mark.mark(start);
        let mut k = 0;
        while k < stones.len() {
            let q = stones[k];
            k += 1;
            for j in 0..self.adjacency[q].len() {
                let m = self.adjacency[q][j];
                self.work += 1;
                match self.cells[m] {
                    Cell::Empty if self.liberty_mark.mark(m) => liberties.push(m),
                    Cell::Stone(c) if c == colour && self.string_mark.mark(m) => stones.push(m),
                    _ => {}
                }
            }
        }
        StringScan {
            colour,
            stones,
            liberties,
        }
    }

    /// The distinct liberties of the string made of the strings `ids` (of the round's labels)
    /// and the stones `added`, with the points `filled` taken away, until more than `cap` are
    /// found. The liberty lists of the strings are those of the current view (P, or Q without
    /// the candidates), so each list is read only as far as the cap and the skipped points.
    fn union_liberties(
        &mut self,
        ids: &[usize],
        added: &[usize],
        filled: &[usize],
        cap: usize,
    ) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        let skip = |q: usize| added.contains(&q) || filled.contains(&q);
        for &a in added {
            for j in 0..self.adjacency[a].len() {
                let m = self.adjacency[a][j];
                self.work += 1;
                if self.cells[m] == Cell::Empty && !skip(m) && !out.contains(&m) {
                    out.push(m);
                    if out.len() > cap {
                        return out;
                    }
                }
            }
        }
        for &id in ids {
            for j in 0..self.lists[id].len() {
                let l = self.lists[id][j];
                self.work += 1;
                if self.cells[l] == Cell::Empty && !skip(l) && !out.contains(&l) {
                    out.push(l);
                    if out.len() > cap {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// The distinct string ids of the stones of `colour` next to `i`.
    fn strings_next_to(&self, i: usize, colour: Color) -> Vec<usize> {
        let mut ids = Vec::new();
        for &m in &self.adjacency[i] {
            let id = self.string_of[m];
            if self.cells[m] == Cell::Stone(colour) && id != usize::MAX && !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// 2.5: whether the string of `colour` made of the strings `ids` and the stones `added`
    /// (on points that are empty or neutral in the current view), with the points `filled`
    /// occupied by the other colour, is capturable: (K1) at most one liberty, or (K2) all its
    /// liberties are eye points of its colour in one eye region of at most three points that no
    /// other string borders.
    fn capturable(
        &mut self,
        colour: Color,
        ids: &[usize],
        added: &[usize],
        filled: &[usize],
    ) -> bool {
        let libs = self.union_liberties(ids, added, filled, 3);
        if libs.len() > 3 {
            return false;
        }
        if libs.len() <= 1 {
            return true;
        }
        let eye = Class::Eye(colour);
        if libs.iter().any(|&l| self.class[l] != eye) {
            return false;
        }
        // The eye region through the first liberty (eye points are never filled or added
        // here except a teire, which `added` holds), at most four points.
        self.region_mark.clear();
        let mut region = vec![libs[0]];
        self.region_mark.mark(libs[0]);
        let mut k = 0;
        while k < region.len() {
            let q = region[k];
            k += 1;
            for j in 0..self.adjacency[q].len() {
                let m = self.adjacency[q][j];
                self.work += 1;
                if added.contains(&m) {
                    continue;
                }
                match self.cells[m] {
                    Cell::Empty if self.class[m] == eye && self.region_mark.mark(m) => {
                        region.push(m);
                        if region.len() > 3 {
                            return false;
                        }
                    }
                    // Another string bordering the region.
                    Cell::Stone(_) if !ids.contains(&self.string_of[m]) => return false,
                    _ => {}
                }
            }
        }
        libs.iter().all(|&l| self.region_mark.is_marked(l))
    }

    /// 3.1: whether the fill (p, x) is admissible in the current view (P, or Q_p: p empty or
    /// neutral, the other candidates neutral).
    fn admissible(&mut self, p: usize, x: Color) -> bool {
        // (A1) the filler's string is not capturable.
        let own = self.strings_next_to(p, x);
        if self.capturable(x, &own, &[p], &[]) {
            return false;
        }
        // (A2) every opponent string touching p keeps a liberty and is not capturable, or is
        // in atari with its liberty an eye point of its own that a teire saves.
        let o = x.opponent();
        for id in self.strings_next_to(p, o) {
            if !self.capturable(o, &[id], &[], &[p]) {
                continue;
            }
            let libs = self.union_liberties(&[id], &[], &[p], 1);
            let &[t] = libs.as_slice() else {
                return false;
            };
            if self.class[t] != Class::Eye(o) {
                return false;
            }
            let mut joined = self.strings_next_to(t, o);
            if !joined.contains(&id) {
                joined.push(id);
            }
            if self.capturable(o, &joined, &[t], &[p]) {
                return false;
            }
        }
        true
    }

    /// The strings and empty regions of the current position.
    fn labels(&mut self) -> Labels {
        let n = self.cells.len();
        let mut string_of = vec![usize::MAX; n];
        let mut strings = Vec::new();
        let mut region_of = vec![usize::MAX; n];
        let mut regions: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for start in 0..n {
            match self.cells[start] {
                Cell::Stone(_) if string_of[start] == usize::MAX => {
                    let s = self.scan(start);
                    let id = strings.len();
                    for &q in &s.stones {
                        string_of[q] = id;
                    }
                    strings.push((s.colour, s.stones, s.liberties));
                }
                Cell::Empty if region_of[start] == usize::MAX => {
                    let id = regions.len();
                    let mut points = vec![start];
                    region_of[start] = id;
                    let mut k = 0;
                    while k < points.len() {
                        let q = points[k];
                        k += 1;
                        for &m in &self.adjacency[q] {
                            self.work += 1;
                            if self.cells[m] == Cell::Empty && region_of[m] == usize::MAX {
                                region_of[m] = id;
                                points.push(m);
                            }
                        }
                    }
                    regions.push((points, Vec::new()));
                }
                _ => {}
            }
        }
        // The strings bordering each region: each string through its liberties, once per
        // region (strings are taken one at a time, so the last one seen dedupes).
        let mut last_string = vec![usize::MAX; regions.len()];
        for (id, (_, _, liberties)) in strings.iter().enumerate() {
            for &l in liberties {
                let r = region_of[l];
                if last_string[r] != id {
                    last_string[r] = id;
                    regions[r].1.push(id);
                }
                self.work += 1;
            }
        }
        let two_of = regions
            .iter()
            .map(|(_, borders)| {
                let mut two: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
                for &id in borders {
                    let side = &mut two[usize::from(strings[id].0 == Color::White)];
                    if side.len() < 2 {
                        side.push(id);
                    }
                }
                two
            })
            .collect();
        Labels {
            string_of,
            strings,
            region_of,
            regions,
            two_of,
        }
    }

    /// 2.6: whether string `id` is enclosed.
    fn enclosed(&mut self, labels: &Labels, id: usize) -> bool {
        let (c, _, liberties) = &labels.strings[id];
        let c = *c;
        // At least one liberty (FILLING.md 2.6, revised for issue 10: a stone in atari that the
        // opponent captures safely looks dead too; `kat-gnu.sgf`).
        if liberties.is_empty() || liberties.iter().any(|&l| self.class[l] == Class::Eye(c)) {
            return false;
        }
        for &l in liberties {
            let r = labels.region_of[l];
            if labels.two_of[r][usize::from(c == Color::White)]
                .iter()
                .any(|&other| other != id)
            {
                return false;
            }
            self.work += 1;
        }
        let o = c.opponent();
        for &d in liberties {
            let ids = self.strings_next_to(d, o);
            if self.union_liberties(&ids, &[d], &[], 1).len() < 2 {
                return false;
            }
        }
        true
    }

    /// 2.7: the exempt flag of every point, and the enclosed strings bordering exempt regions.
    fn exempt(&mut self, labels: &Labels) -> (Vec<bool>, Vec<usize>) {
        let mut enclosed = vec![None; labels.strings.len()];
        let mut exempt = vec![false; self.cells.len()];
        let mut looks_dead = Vec::new();
        for (points, borders) in &labels.regions {
            if points.iter().any(|&q| self.class[q] != Class::Dame) {
                continue;
            }
            let mut dead_side = Vec::new();
            for c in Color::ALL {
                let side: Vec<usize> = borders
                    .iter()
                    .copied()
                    .filter(|&id| labels.strings[id].0 == c)
                    .collect();
                if side.is_empty() {
                    continue;
                }
                let mut all = true;
                for &id in &side {
                    let e = match enclosed[id] {
                        Some(e) => e,
                        None => {
                            let e = self.enclosed(labels, id);
                            enclosed[id] = Some(e);
                            e
                        }
                    };
                    all &= e;
                }
                if all {
                    dead_side.extend(side);
                }
            }
            if !dead_side.is_empty() {
                for &q in points {
                    exempt[q] = true;
                }
                for id in dead_side {
                    looks_dead.extend(labels.strings[id].1.iter().copied());
                }
            }
        }
        (exempt, looks_dead)
    }

    /// 4.2: the teire of the current position, each with its owner.
    fn teire(&mut self, labels: &Labels) -> Vec<(usize, Color)> {
        let mut found: Vec<(usize, Color)> = Vec::new();
        let mut taken = vec![false; self.cells.len()];
        for (c, _, liberties) in &labels.strings {
            let &[t] = liberties.as_slice() else {
                continue;
            };
            if self.class[t] != Class::Eye(*c) || taken[t] {
                continue;
            }
            let joined = self.strings_next_to(t, *c);
            if !self.capturable(*c, &joined, &[t], &[]) {
                taken[t] = true;
                found.push((t, *c));
            }
        }
        found.sort_unstable();
        found
    }
}

/// The classes of P0 (2.3).
fn classify(adjacency: &[Vec<usize>], cells: &[Cell]) -> (Vec<Class>, u64) {
    let n = cells.len();
    let mut class = vec![Class::Stone; n];
    let mut seen = vec![false; n];
    let mut work = 0;
    for start in 0..n {
        if cells[start] != Cell::Empty || seen[start] {
            continue;
        }
        let mut region = vec![start];
        seen[start] = true;
        let (mut black, mut white) = (false, false);
        let mut k = 0;
        while k < region.len() {
            let q = region[k];
            k += 1;
            for &m in &adjacency[q] {
                work += 1;
                match cells[m] {
                    Cell::Empty if !seen[m] => {
                        seen[m] = true;
                        region.push(m);
                    }
                    Cell::Stone(Color::Black) => black = true,
                    Cell::Stone(Color::White) => white = true,
                    _ => {}
                }
            }
        }
        let k = match (black, white) {
            (true, false) => Class::Eye(Color::Black),
            (false, true) => Class::Eye(Color::White),
            _ => Class::Dame,
        };
        for q in region {
            class[q] = k;
        }
    }
    (class, work)
}

/// Makes the dame filling and teire of `spec/FILLING.md` on `board` (every stone on it alive)
/// and reports the final position (sections 4 to 6).
#[must_use]
pub fn fill(board: &Board) -> Filling {
    let size = board.size();
    let n = size.points_count();
    let points: Vec<Point> = (0..n).filter_map(|i| size.point_at(i)).collect();
    let adjacency: Vec<Vec<usize>> = points
        .iter()
        .map(|&p| board.neighbours(p).filter_map(|q| size.index(q)).collect())
        .collect();
    let cells: Vec<Cell> = points
        .iter()
        .map(|&p| board.get(p).map_or(Cell::Empty, Cell::Stone))
        .collect();
    let (class, work) = classify(&adjacency, &cells);
    let mut g = Grid {
        class,
        cells,
        adjacency,
        string_mark: Marks::new(n),
        liberty_mark: Marks::new(n),
        region_mark: Marks::new(n),
        string_of: Vec::new(),
        lists: Vec::new(),
        work,
    };
    let mut rounds = 0;
    let mut teire = Vec::new();
    let mut fills = Vec::new();
    loop {
        rounds += 1;
        let labels = g.labels();
        g.string_of.clone_from(&labels.string_of);
        g.lists = labels.strings.iter().map(|(_, _, l)| l.clone()).collect();
        // 4.2: the teire step.
        let t = g.teire(&labels);
        if !t.is_empty() {
            for &(q, c) in &t {
                g.cells[q] = Cell::Stone(c);
            }
            teire.extend(t);
            continue;
        }
        // 4.3: the fill step. 1. The candidates.
        let (exempt, _) = g.exempt(&labels);
        let mut candidates = Vec::new();
        for (p, &exempt) in exempt.iter().enumerate() {
            if g.cells[p] == Cell::Empty
                && g.class[p] == Class::Dame
                && !exempt
                && (g.admissible(p, Color::Black) || g.admissible(p, Color::White))
            {
                candidates.push(p);
            }
        }
        // 2. Q: every candidate neutral; Q_p is Q with p tested in each colour.
        for &p in &candidates {
            g.cells[p] = Cell::Neutral;
        }
        for list in &mut g.lists {
            list.retain(|&l| g.cells[l] == Cell::Empty);
        }
        let mut filled = Vec::new();
        for &p in &candidates {
            let black = g.admissible(p, Color::Black);
            let white = g.admissible(p, Color::White);
            let cell = match (black, white) {
                (true, true) => Some(Cell::Neutral),
                (true, false) => Some(Cell::Stone(Color::Black)),
                (false, true) => Some(Cell::Stone(Color::White)),
                (false, false) => None,
            };
            filled.push(cell);
        }
        // 3. Every candidate with fillers at once; the others stay empty.
        for (&p, cell) in candidates.iter().zip(&filled) {
            g.cells[p] = cell.unwrap_or(Cell::Empty);
        }
        let mut any = false;
        for (&p, cell) in candidates.iter().zip(filled) {
            match cell {
                Some(Cell::Stone(c)) => fills.push((p, Some(c))),
                Some(_) => fills.push((p, None)),
                None => continue,
            }
            any = true;
        }
        if !any {
            break;
        }
    }
    finish(size, &points, g, fills, teire, rounds)
}

/// Sections 5 and 6 on the final position P\*.
fn finish(
    size: BoardSize,
    points: &[Point],
    mut g: Grid,
    mut fills: Vec<(usize, Option<Color>)>,
    mut teire: Vec<(usize, Color)>,
    rounds: u32,
) -> Filling {
    let labels = g.labels();
    g.string_of.clone_from(&labels.string_of);
    g.lists = labels.strings.iter().map(|(_, _, l)| l.clone()).collect();
    let (exempt, looks_dead) = g.exempt(&labels);
    let n = g.cells.len();
    let open: Vec<usize> = (0..n)
        .filter(|&i| g.cells[i] == Cell::Empty && g.class[i] == Class::Dame)
        .collect();
    let mut seki_string = vec![false; labels.strings.len()];
    let mut open_string = vec![false; labels.strings.len()];
    for &q in &open {
        for &m in &g.adjacency[q] {
            let id = labels.string_of[m];
            if id != usize::MAX {
                open_string[id] = true;
                seki_string[id] |= !exempt[q];
            }
        }
    }
    // S2: strings in atari, unless their liberty is in an exempt region (they look dead, 2.6);
    // S3: the strings of the same colour that border the eye region of an S2 string's liberty,
    // when that liberty is an eye point of its colour.
    let mut ko_eyes = Vec::new();
    for (id, (c, _, liberties)) in labels.strings.iter().enumerate() {
        if let &[l] = liberties.as_slice()
            && !exempt[l]
        {
            seki_string[id] = true;
            if g.class[l] == Class::Eye(*c) {
                ko_eyes.push(labels.region_of[l]);
            }
        }
    }
    for region in ko_eyes {
        for &id in &labels.regions[region].1 {
            seki_string[id] = true;
        }
    }
    let cells_of = |flags: &[bool]| -> Vec<bool> {
        (0..n)
            .map(|i| labels.string_of[i] != usize::MAX && flags[labels.string_of[i]])
            .collect()
    };
    let seki_cells = cells_of(&seki_string);
    let open_cells = cells_of(&open_string);
    let p0_stones = |flags: &[bool]| -> BTreeSet<Point> {
        (0..n)
            .filter(|&i| {
                g.class[i] == Class::Stone
                    && labels.string_of[i] != usize::MAX
                    && flags[labels.string_of[i]]
            })
            .map(|i| points[i])
            .collect()
    };
    let seki_stones = p0_stones(&seki_string);
    let next_to_open_dame = p0_stones(&open_string);
    fills.sort_unstable_by_key(|&(i, _)| i);
    teire.sort_unstable_by_key(|&(i, _)| i);
    let mut looks_dead: Vec<Point> = looks_dead.into_iter().map(|i| points[i]).collect();
    looks_dead.sort_unstable();
    looks_dead.dedup();
    Filling {
        fills: fills.into_iter().map(|(i, c)| (points[i], c)).collect(),
        teire: teire.into_iter().map(|(i, c)| (points[i], c)).collect(),
        seki_points: open
            .iter()
            .filter(|&&i| !exempt[i])
            .map(|&i| points[i])
            .collect(),
        exempt_points: open
            .iter()
            .filter(|&&i| exempt[i])
            .map(|&i| points[i])
            .collect(),
        looks_dead,
        seki_stones,
        next_to_open_dame,
        rounds,
        work: g.work,
        size,
        class: g.class,
        cells: g.cells,
        adjacency: g.adjacency,
        seki_cells,
        open_cells,
    }
}
