//! `scoring.seki-eyes`: which stones are in seki and which eye points they void, at string
//! level (Japanese 1989 Art. 8) or region level (KataGo's independent-life regions).
//!
//! Both work on a labelled [`Grid`] whose stones are all alive, in time linear in the board:
//! one pass over the empty cells for the string level, one flood fill per owned region for
//! the region level.

use weiqi_core::ByColor;

use super::grid::{BLACK, EMPTY, Grid, WHITE, color_of};

/// Flag of a stone in seki.
pub(crate) const SEKI: u8 = 1;
/// Flag of an eye point voided by seki.
pub(crate) const VOID: u8 = 2;

/// Whether an empty region's `touch` mask makes its points dame in the sense of J89 Art. 8:
/// not "surrounded by live stones of only one player" (both colours, or none).
#[must_use]
const fn is_dame(touch: u8) -> bool {
    touch != BLACK && touch != WHITE
}

/// Japanese 1989 Art. 8 at string level: a string is in seki iff one of its liberties is a
/// dame point; an eye region (bordered by one colour) is void iff a string bordering it is in
/// seki. Writes [`SEKI`] and [`VOID`] into `flags` (one byte per cell, cleared first).
pub(crate) fn string_level(g: &Grid, flags: &mut Vec<u8>) {
    flags.clear();
    flags.resize(g.cells.len(), 0);
    let mut seki_string = vec![false; g.strings.len()];
    // A string is in seki iff it is next to a dame point.
    for i in g.board_cells() {
        if g.cells[i] == EMPTY && is_dame(g.region_of(i).touch) {
            for n in g.neighbours(i) {
                let c = g.cells[n];
                if c == BLACK || c == WHITE {
                    seki_string[g.label[n] as usize] = true;
                }
            }
        }
    }
    if !seki_string.iter().any(|&s| s) {
        return;
    }
    // An eye region is void iff some string bordering it is in seki.
    let mut void_region = vec![false; g.regions.len()];
    for i in g.board_cells() {
        let c = g.cells[i];
        if c == EMPTY {
            let r = g.label[i] as usize;
            if void_region[r] || is_dame(g.regions[r].touch) {
                continue;
            }
            if g.neighbours(i).into_iter().any(|n| {
                let cn = g.cells[n];
                (cn == BLACK || cn == WHITE) && seki_string[g.label[n] as usize]
            }) {
                void_region[r] = true;
            }
        }
    }
    for i in g.board_cells() {
        let c = g.cells[i];
        if c == EMPTY {
            if void_region[g.label[i] as usize] {
                flags[i] = VOID;
            }
        } else if seki_string[g.label[i] as usize] {
            flags[i] = SEKI;
        }
    }
}

/// The territory of J89 Art. 8 read literally at string level: per colour, the points of the
/// empty regions bordered by that colour only and not voided by a string in seki (a string next
/// to a dame point), as [`string_level`] and the territory marks count them, without writing
/// the flags (the note of spec/FILLING.md 6.3 needs the two totals only).
///
/// `g` must be freshly labelled ([`Grid::relabel`]): the loops walk its list of empty cells.
/// `seki_string` and `void_region` are scratch (per string and per region), overwritten.
pub(crate) fn string_level_territory(
    g: &Grid,
    seki_string: &mut Vec<bool>,
    void_region: &mut Vec<bool>,
) -> ByColor<u32> {
    seki_string.clear();
    seki_string.resize(g.strings.len(), false);
    for &i in &g.empties {
        let i = i as usize;
        if is_dame(g.region_of(i).touch) {
            for n in g.neighbours(i) {
                if matches!(g.cells[n], BLACK | WHITE) {
                    seki_string[g.label[n] as usize] = true;
                }
            }
        }
    }
    void_region.clear();
    void_region.resize(g.regions.len(), false);
    if seki_string.iter().any(|&s| s) {
        for &i in &g.empties {
            let i = i as usize;
            let r = g.label[i] as usize;
            if !void_region[r]
                && g.neighbours(i).into_iter().any(|n| {
                    matches!(g.cells[n], BLACK | WHITE) && seki_string[g.label[n] as usize]
                })
            {
                void_region[r] = true;
            }
        }
    }
    let mut territory = ByColor::<u32>::default();
    for (region, &void) in g.regions.iter().zip(void_region.iter()) {
        if !void && let Some(c) = color_of(region.touch) {
            territory[c] += region.size;
        }
    }
    territory
}

/// The owner of a cell for the region-level rule: the stone's colour, or for an empty cell
/// the one colour its region reaches; 0 for dame and border cells.
fn owner(g: &Grid, i: usize) -> u8 {
    match g.cells[i] {
        EMPTY => {
            let t = g.region_of(i).touch;
            if is_dame(t) { 0 } else { t }
        }
        c @ (BLACK | WHITE) => c,
        _ => 0,
    }
}

/// KataGo's region-level rule (docs/variants.md 3.c, "tax SEKI"): each colour's area (its stones
/// and the empty points reaching only it), split into connected regions; a region that
/// touches a dame point or holds an owner string in atari (one liberty) is seki: its stones
/// are marked [`SEKI`], its empty points [`VOID`]. `flags` is cleared first. Returns the
/// number of regions of each colour (Black, White) that are not seki, the independent-life
/// regions `scoring.group-tax` reads.
pub(crate) fn region_level(g: &Grid, flags: &mut Vec<u8>) -> [u32; 2] {
    let mut independent = [0u32; 2];
    flags.clear();
    flags.resize(g.cells.len(), 0);
    let mut seen = vec![false; g.cells.len()];
    let mut members: Vec<u32> = Vec::with_capacity(g.points_count());
    for start in g.board_cells() {
        let c = owner(g, start);
        if c == 0 || seen[start] {
            continue;
        }
        members.clear();
        seen[start] = true;
        members.push(start as u32);
        let mut seki = false;
        let mut k = 0;
        while k < members.len() {
            let i = members[k] as usize;
            k += 1;
            if g.cells[i] != EMPTY && g.string_of(i).liberties == 1 {
                seki = true;
            }
            for n in g.neighbours(i) {
                if g.cells[n] == EMPTY && is_dame(g.region_of(n).touch) {
                    seki = true;
                } else if !seen[n] && owner(g, n) == c {
                    seen[n] = true;
                    members.push(n as u32);
                }
            }
        }
        if seki {
            for &i in &members {
                let i = i as usize;
                flags[i] = if g.cells[i] == EMPTY { VOID } else { SEKI };
            }
        } else {
            independent[usize::from(c == WHITE)] += 1;
        }
    }
    independent
}

#[cfg(test)]
mod tests {
    use super::*;
    use weiqi_core::{Board, Point};

    /// docs/variants.md 4.6, the seki diagram.
    const SEKI_DIAGRAM: &str = "
        . O . X . X O
        O O X X X X O
        X X O O O O O
        . X O . O . O
        X X O O O O O
        . X O . O . O
        X X O O O O O";

    fn grid(text: &str) -> Grid {
        let mut g = Grid::from_board(&Board::from_diagram(text).expect("valid diagram"));
        g.relabel();
        g
    }

    fn flagged(g: &Grid, flags: &[u8], flag: u8) -> Vec<Point> {
        g.board_cells()
            .filter(|&i| flags[i] == flag)
            .map(|i| g.point(i))
            .collect()
    }

    #[test]
    fn string_level_voids_the_eyes_of_the_seki_strings() {
        // J89 Art. 8 / docs/variants.md 4.6: the inner strings touch the dame (0,2); their eyes
        // (0,0) and (0,4) are void; the outer groups are not in seki.
        let g = grid(SEKI_DIAGRAM);
        let mut f = Vec::new();
        string_level(&g, &mut f);
        assert_eq!(
            flagged(&g, &f, VOID),
            vec![Point::rc(0, 0), Point::rc(0, 4)]
        );
        let seki = flagged(&g, &f, SEKI);
        assert_eq!(seki.len(), 3 + 6);
        assert!(seki.contains(&Point::rc(0, 1)) && seki.contains(&Point::rc(1, 5)));
        assert!(!seki.contains(&Point::rc(2, 0)));
        let mut r = Vec::new();
        region_level(&g, &mut r);
        // docs/variants.md 3.c: "both agree on ordinary sekis".
        assert_eq!(r, f);
        assert_eq!(
            territory_of_flags(&g, &f),
            string_level_territory(&g, &mut Vec::new(), &mut Vec::new())
        );
    }

    /// The territory the flags of [`string_level`] leave: empty points of regions bordered by
    /// one colour, not voided.
    fn territory_of_flags(g: &Grid, flags: &[u8]) -> ByColor<u32> {
        let mut t = ByColor::<u32>::default();
        for i in g.board_cells() {
            if g.cells[i] == EMPTY
                && flags[i] != VOID
                && let Some(c) = color_of(g.region_of(i).touch)
            {
                t[c] += 1;
            }
        }
        t
    }

    #[test]
    fn the_literal_territory_is_that_of_the_flags() {
        // `string_level_territory` (the note of spec/FILLING.md 6.3) counts what the flags of
        // `string_level` leave, on the docs/variants.md 4.6 diagrams and a position without seki.
        for text in [
            SEKI_DIAGRAM,
            ". X O . .\nX X O . .\n. X O O O\nX X . O .\n. X O O O",
            ". X O .\nX X O O\n. X O .",
        ] {
            let g = grid(text);
            let mut f = Vec::new();
            string_level(&g, &mut f);
            assert_eq!(
                territory_of_flags(&g, &f),
                string_level_territory(&g, &mut Vec::new(), &mut Vec::new()),
                "{text}"
            );
        }
    }

    #[test]
    fn region_level_catches_a_string_in_atari() {
        // docs/peers.md (KataGo): a region holding an owner stone in atari is seki, with no dame.
        let g = grid("O . O X\nO O O X\nX X X X\n. . . .");
        let mut f = Vec::new();
        string_level(&g, &mut f);
        assert!(f.iter().all(|&x| x == 0));
        region_level(&g, &mut f);
        assert_eq!(flagged(&g, &f, VOID), vec![Point::rc(0, 1)]);
        assert!(flagged(&g, &f, SEKI).contains(&Point::rc(0, 0)));
        assert!(!flagged(&g, &f, SEKI).contains(&Point::rc(1, 3)));
    }
}
