//! What a batch of games adds up to (issue 15 item 2): files, games, illegal moves by reason,
//! unreadable files by error kind, results by winner, and for `diff` the columns the variants
//! differ in; and the line of one game, read from the JSON object the one-file command prints
//! (JSON.md), so that a line never says what the JSON does not.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

/// Which command's summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `weiqi check`.
    Check,
    /// `weiqi score`.
    Score,
    /// `weiqi diff`.
    Diff,
}

/// Counts over games; one game's tally is added to the run's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Files read (or tried).
    pub(crate) files: usize,
    /// Games found in them.
    pub(crate) games: usize,
    /// Games ruled without an illegal move (`check`: every move legal; `score`: scored;
    /// `diff`: the variants agree).
    pub(crate) ok: usize,
    /// Games with an illegal move, by the reason's code (`check`, `score`).
    pub(crate) illegal: BTreeMap<String, usize>,
    /// Games the budget ran out on.
    pub(crate) inconclusive: usize,
    /// Games that could not be read or ruled, by error kind (each is one of `games`).
    pub(crate) unreadable: BTreeMap<String, usize>,
    /// Files that could not be read at all, by error kind: a line each, and no game.
    pub(crate) unreadable_files: BTreeMap<String, usize>,
    /// Games the engine and the interpreter rule differently (`--both`).
    pub(crate) diverged: usize,
    /// Scored games by winner: `B`, `W`, `draw`, `none` (`score`).
    pub(crate) winners: BTreeMap<String, usize>,
    /// Games the variants rule differently (`diff`).
    pub(crate) differ: usize,
    /// Of those, by the column that differs (`diff`; a game counts once per column).
    pub(crate) differing: BTreeMap<String, usize>,
}

fn merge(into: &mut BTreeMap<String, usize>, from: &BTreeMap<String, usize>) {
    for (k, v) in from {
        *into.entry(k.clone()).or_default() += v;
    }
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// `(a 2, b 1)`, or nothing for an empty map.
fn by(map: &BTreeMap<String, usize>) -> String {
    if map.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = map.iter().map(|(k, v)| format!("{k} {v}")).collect();
    format!(" ({})", parts.join(", "))
}

impl Tally {
    /// Adds another tally.
    pub(crate) fn add(&mut self, other: &Tally) {
        self.files += other.files;
        self.games += other.games;
        self.ok += other.ok;
        merge(&mut self.illegal, &other.illegal);
        self.inconclusive += other.inconclusive;
        merge(&mut self.unreadable, &other.unreadable);
        merge(&mut self.unreadable_files, &other.unreadable_files);
        self.diverged += other.diverged;
        merge(&mut self.winners, &other.winners);
        self.differ += other.differ;
        merge(&mut self.differing, &other.differing);
    }

    /// The summary, a few lines.
    pub(crate) fn render(&self, kind: Kind) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "summary: {}, {}",
            plural(self.files, "file"),
            plural(self.games, "game")
        );
        let ok = match kind {
            Kind::Check => "every move legal",
            Kind::Score => "scored",
            Kind::Diff => "the variants agree",
        };
        let _ = writeln!(t, "  {ok}: {}", plural(self.ok, "game"));
        if kind == Kind::Diff {
            let _ = writeln!(
                t,
                "  the variants differ: {}{}",
                plural(self.differ, "game"),
                by(&self.differing)
            );
        } else {
            let illegal: usize = self.illegal.values().sum();
            let _ = writeln!(
                t,
                "  an illegal move: {}{}",
                plural(illegal, "game"),
                by(&self.illegal)
            );
        }
        if self.inconclusive > 0 {
            let _ = writeln!(t, "  inconclusive: {}", plural(self.inconclusive, "game"));
        }
        // Every game is in exactly one of the lines above and the unreadable games; a file
        // that could not be read at all has a line but no game (issue 29 item 5).
        let unreadable: usize = self.unreadable.values().sum();
        let _ = write!(
            t,
            "  unreadable: {}{}",
            plural(unreadable, "game"),
            by(&self.unreadable)
        );
        let files: usize = self.unreadable_files.values().sum();
        if files > 0 {
            let _ = write!(
                t,
                "; {} not read at all{}",
                plural(files, "file"),
                by(&self.unreadable_files)
            );
        }
        t.push('\n');
        if kind == Kind::Score {
            let n = |k: &str| self.winners.get(k).copied().unwrap_or(0);
            let _ = writeln!(
                t,
                "  results: B {}, W {}, draw {}, no result {}",
                n("B"),
                n("W"),
                n("draw"),
                n("none")
            );
        }
        if self.diverged > 0 {
            let _ = writeln!(
                t,
                "  the engine and the interpreter disagree: {}",
                plural(self.diverged, "game")
            );
        }
        t
    }
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// What the line of a `check` says: the rules, the first illegal move and its reason, why the
/// ruling is inconclusive, the number of moves, the status.
pub(crate) struct CheckLine<'a> {
    pub(crate) rules: &'a str,
    pub(crate) first_illegal: Option<(u64, &'a str)>,
    pub(crate) inconclusive: Option<&'a str>,
    pub(crate) moves: usize,
    pub(crate) status: &'a str,
}

impl CheckLine<'_> {
    /// The line and the tally.
    pub(crate) fn render(&self) -> (String, Tally) {
        let mut tally = Tally::default();
        let rules = self.rules;
        let line = if let Some((n, reason)) = self.first_illegal {
            *tally.illegal.entry(reason.to_owned()).or_default() += 1;
            format!("{rules}: move {n} is illegal ({reason})")
        } else if let Some(why) = self.inconclusive {
            tally.inconclusive = 1;
            format!("{rules}: {why}")
        } else {
            tally.ok = 1;
            format!(
                "{rules}: {}, all legal, {}",
                plural(self.moves, "move"),
                self.status
            )
        };
        (line, tally)
    }
}

/// The line and tally of a `check --json` object (also what `score` prints for a game it
/// does not score).
pub(crate) fn of_check(v: &Value) -> (String, Tally) {
    let moves = v.get("moves").and_then(Value::as_array);
    let reason = moves
        .and_then(|m| m.last())
        .map_or("", |m| text(m, "reason"));
    CheckLine {
        rules: text(v, "rules"),
        first_illegal: v
            .get("first_illegal")
            .and_then(Value::as_u64)
            .map(|n| (n, reason)),
        inconclusive: (text(v, "status") == "inconclusive").then(|| text(v, "inconclusive")),
        moves: moves.map_or(0, Vec::len),
        status: text(v, "status"),
    }
    .render()
}

/// The line and tally of a `score --json` object, or of the `check` object it prints instead
/// when it does not score.
pub(crate) fn of_score(v: &Value) -> (String, Tally) {
    if v.get("moves").is_some() {
        let (line, tally) = of_check(v);
        return (format!("{line}: not scored"), tally);
    }
    let mut tally = Tally {
        ok: 1,
        ..Tally::default()
    };
    *tally
        .winners
        .entry(text(v, "winner").to_owned())
        .or_default() += 1;
    let source = match text(v, "result_source") {
        "record" => " (the record's result)",
        "variant" => " (the variant ended the game)",
        _ => "",
    };
    let line = format!("{}: {}{source}", text(v, "rules"), text(v, "result"));
    (line, tally)
}

#[cfg(test)]
mod tests {
    use super::{Kind, Tally, of_check, of_score};

    #[test]
    fn a_summary_counts_reasons_kinds_and_winners_issue_15_item_2() {
        // Issue 15 item 2: the summary gives files, games, illegal moves by reason, unreadable
        // files by error kind and results by winner.
        let ko = serde_json::json!({"rules": "japanese-1989", "first_illegal": 10,
            "moves": [{"reason": null}, {"reason": "ko"}], "status": "playing"});
        let won = serde_json::json!({"rules": "aga", "winner": "W", "result": "W+0.5",
            "result_source": "count"});
        let (line, a) = of_check(&ko);
        assert_eq!(line, "japanese-1989: move 10 is illegal (ko)");
        let (line, b) = of_score(&won);
        assert_eq!(line, "aga: W+0.5");
        let mut all = Tally {
            files: 3,
            games: 2,
            ..Tally::default()
        };
        all.add(&a);
        all.add(&b);
        all.unreadable_files.insert("syntax".into(), 1);
        let text = all.render(Kind::Score);
        assert!(text.starts_with("summary: 3 files, 2 games\n"), "{text}");
        assert!(text.contains("  scored: 1 game\n"), "{text}");
        assert!(
            text.contains("  an illegal move: 1 game (ko 1)\n"),
            "{text}"
        );
        assert!(
            text.contains("  unreadable: 0 games; 1 file not read at all (syntax 1)\n"),
            "{text}"
        );
        assert!(
            text.contains("  results: B 0, W 1, draw 0, no result 0\n"),
            "{text}"
        );
    }

    #[test]
    fn the_games_of_a_summary_add_up_issue_29_item_5() {
        // Issue 29 item 5: `2669 files, 2678 games` over lines that were 2,686: files that
        // could not be read at all were counted as unreadable games.
        let mut game = Tally {
            games: 1,
            ..Tally::default()
        };
        game.unreadable.insert("bad-value".into(), 1);
        let mut file = Tally {
            files: 1,
            ..Tally::default()
        };
        file.unreadable_files.insert("syntax".into(), 1);
        let (_, legal) = of_check(&serde_json::json!({"rules": "aga", "moves": [],
            "status": "ended"}));
        let mut all = Tally {
            files: 2,
            games: 1,
            ..Tally::default()
        };
        for t in [&game, &file, &legal] {
            all.add(t);
        }
        let illegal: usize = all.illegal.values().sum();
        let unreadable: usize = all.unreadable.values().sum();
        assert_eq!(
            all.ok + illegal + unreadable + all.inconclusive + all.diverged,
            all.games
        );
        let text = all.render(Kind::Check);
        assert!(text.starts_with("summary: 3 files, 2 games\n"), "{text}");
        assert!(
            text.contains(
                "  unreadable: 1 game (bad-value 1); 1 file not read at all (syntax 1)\n"
            ),
            "{text}"
        );
    }
}
