//! The board diagram of a ruling: stones, dead stones, territory and seki, from `Score.marks`.

use std::fmt::Write as _;

use weiqi_core::{BoardSize, Color, Point, PointMark};

/// The legend printed under every diagram.
pub const LEGEND: &str = "X O stones, x o dead stones, # @ black and white stones in seki, \
                                 b w territory, , shared point, . neutral point";

fn cell(mark: PointMark) -> char {
    match mark {
        PointMark::Stone(Color::Black) => 'X',
        PointMark::Stone(Color::White) => 'O',
        PointMark::SekiStone(Color::Black) => '#',
        PointMark::SekiStone(Color::White) => '@',
        PointMark::Dead(Color::Black) => 'x',
        PointMark::Dead(Color::White) => 'o',
        PointMark::Territory(Color::Black) => 'b',
        PointMark::Territory(Color::White) => 'w',
        PointMark::Shared => ',',
        PointMark::Neutral => '.',
    }
}

/// The diagram: row numbers as GTP counts them (from the bottom), column letters on top.
pub fn render(size: BoardSize, marks: &[PointMark]) -> String {
    let mut t = String::new();
    let label_width = size.height().to_string().len();
    let _ = write!(t, "{:label_width$}", "");
    for col in 0..size.width() {
        let _ = write!(t, " {}", size.column_label(col));
    }
    t.push('\n');
    for row in 0..size.height() {
        let _ = write!(t, "{:>label_width$}", size.height() - row);
        for col in 0..size.width() {
            let mark = size
                .index(Point { col, row })
                .and_then(|i| marks.get(i).copied());
            let _ = write!(t, " {}", mark.map_or('?', cell));
        }
        t.push('\n');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_drawn_row_by_row_with_gtp_labels() {
        let size = BoardSize::new(3, 2).expect("valid");
        let marks = [
            PointMark::Stone(Color::Black),
            PointMark::Dead(Color::White),
            PointMark::Territory(Color::Black),
            PointMark::SekiStone(Color::White),
            PointMark::Shared,
            PointMark::Neutral,
        ];
        assert_eq!(render(size, &marks), "  A B C\n2 X o b\n1 @ , .\n");
    }
}
