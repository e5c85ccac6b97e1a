//! Derived data and renderings of a [`Ruleset`]: komi and tie rule per handicap, handicap
//! points, the resolved keys as `(dotted key, TOML value)` pairs, differences between two
//! rulesets, and a complete TOML file.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use weiqi_core::{BoardSize, Point, Points};

use crate::keys::{KEYS, SECTIONS};
use crate::model::{Ruleset, Tie};

/// A key whose value differs between two rulesets.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct KeyDiff {
    /// The dotted key.
    pub key: String,
    /// The value in the first ruleset, as TOML.
    pub left: String,
    /// The value in the second ruleset, as TOML.
    pub right: String,
}

/// A TOML string literal.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

fn quote_list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let items: Vec<String> = items.into_iter().map(|s| quote(s.as_ref())).collect();
    format!("[{}]", items.join(", "))
}

fn points(p: Points) -> String {
    // Display writes `7` or `7.5`; both are TOML numbers the loader accepts.
    p.to_string()
}

fn patterns_inline(p: &BTreeMap<BoardSize, BTreeMap<u32, Vec<Point>>>) -> String {
    let sizes: Vec<String> = p
        .iter()
        .map(|(size, counts)| format!("{} = {}", quote(&size.to_string()), counts_inline(counts)))
        .collect();
    format!("{{ {} }}", sizes.join(", "))
}

fn counts_inline(counts: &BTreeMap<u32, Vec<Point>>) -> String {
    let items: Vec<String> = counts
        .iter()
        .map(|(n, pts)| {
            format!(
                "{} = {}",
                quote(&n.to_string()),
                quote_list(pts.iter().map(|p| p.to_sgf()))
            )
        })
        .collect();
    format!("{{ {} }}", items.join(", "))
}

impl Ruleset {
    /// The komi of a game with `handicap` stones: `scoring.komi` for an even game (0), else
    /// `handicap.komi` (a game with handicap 1, Black without komi, is a handicap game). The
    /// handicap bonus (`handicap.bonus`) is separate.
    #[must_use]
    pub fn komi_for(&self, handicap: u32) -> Points {
        if handicap == 0 {
            self.scoring.komi
        } else {
            self.handicap.komi
        }
    }

    /// Who wins a tie in a game with `handicap` stones: `scoring.tie` for an even game, else
    /// `scoring.tie-handicap`.
    #[must_use]
    pub fn tie_for(&self, handicap: u32) -> Tie {
        if handicap == 0 {
            self.scoring.tie
        } else {
            self.scoring.tie_handicap
        }
    }

    /// The fixed handicap points for `stones` stones on `size`, from `handicap.patterns`:
    /// `Some(vec![])` for 0 stones, `None` if the pattern does not define that size and count
    /// (the standard patterns define 2 to 9 stones on 9x9, 13x13 and 19x19).
    #[must_use]
    pub fn handicap_points(&self, size: BoardSize, stones: u32) -> Option<Vec<Point>> {
        if stones == 0 {
            return Some(Vec::new());
        }
        self.handicap.patterns.get(&size)?.get(&stones).cloned()
    }

    /// Whether the variant allows `size` (`board.sizes` empty = any size).
    #[must_use]
    pub fn allows_size(&self, size: BoardSize) -> bool {
        self.board.sizes.is_empty() || self.board.sizes.contains(&size)
    }

    /// Every resolved key with its value as TOML, in the order of [`crate::keys::KEYS`]
    /// (`meta.*` included; `extends` is not a resolved key and is left out).
    #[must_use]
    pub fn entries(&self) -> Vec<(String, String)> {
        KEYS.iter()
            .filter_map(|k| self.value_of(k.key).map(|v| (k.key.to_owned(), v)))
            .collect()
    }

    /// The value of one dotted key as TOML (`None` for `extends` and unknown keys).
    #[must_use]
    pub fn value_of(&self, key: &str) -> Option<String> {
        let (m, b, p, e, s, h, t) = (
            &self.meta,
            &self.board,
            &self.play,
            &self.end,
            &self.scoring,
            &self.handicap,
            &self.time,
        );
        let word = |w: &dyn std::fmt::Display| quote(&w.to_string());
        Some(match key {
            "meta.name" => quote(&m.name),
            "meta.summary" => quote(&m.summary),
            "meta.sources" => quote_list(&m.sources),
            "meta.sgf-names" => quote_list(&m.sgf_names),
            "board.sizes" => quote_list(b.sizes.iter().map(ToString::to_string)),
            "play.suicide" => word(&p.suicide),
            "play.single-stone-suicide" => word(&p.single_stone_suicide),
            "play.ko" => word(&p.ko),
            "play.initial-position" => word(&p.initial_position),
            "play.long-cycle" => word(&p.long_cycle),
            "play.long-cycle-repetitions" => p.long_cycle_repetitions.to_string(),
            "play.long-cycle-passes" => word(&p.long_cycle_passes),
            "end.stop-passes" => e.stop_passes.to_string(),
            "end.repeated-pass" => word(&e.repeated_pass),
            "end.after-stop" => word(&e.after_stop),
            "end.resume-first" => word(&e.resume_first),
            "end.final-end" => word(&e.final_end),
            "end.final-end-passes" => e.final_end_passes.to_string(),
            "end.pass-stones" => word(&e.pass_stones),
            "end.last-pass" => word(&e.last_pass),
            "end.friendly-pass" => word(&e.friendly_pass),
            "scoring.scoring" => word(&s.scoring),
            "scoring.shared-points" => word(&s.shared_points),
            "scoring.seki-eyes" => word(&s.seki_eyes),
            "scoring.neutral-fill" => word(&s.neutral_fill),
            "scoring.pass-dead" => word(&s.pass_dead),
            "scoring.group-tax" => word(&s.group_tax),
            "scoring.komi" => points(s.komi),
            "scoring.tie" => word(&s.tie),
            "scoring.tie-handicap" => word(&s.tie_handicap),
            "scoring.counting" => word(&s.counting),
            "handicap.placement" => word(&h.placement),
            "handicap.free-placement-moves" => word(&h.free_placement_moves),
            "handicap.bonus" => word(&h.bonus),
            "handicap.komi" => points(h.komi),
            "handicap.first-after-placement" => word(&h.first_after_placement),
            "handicap.patterns" => patterns_inline(&h.patterns),
            "time.penalty-system" => word(&t.penalty_system),
            "time.penalty-step" => quote(&format!("{}/{}", t.penalty_step.0, t.penalty_step.1)),
            "time.penalty-points-per-step" => t.penalty_points_per_step.to_string(),
            "time.penalty-steps-to-loss" => t.penalty_steps_to_loss.to_string(),
            "time.byo-yomi" => quote_list(t.byo_yomi.iter().map(|b| b.as_str())),
            "time.late-arrival-factor" => t.late_arrival_factor.to_string(),
            _ => return None,
        })
    }

    /// The keys whose values differ from `other`'s, with both values as TOML.
    #[must_use]
    pub fn diff(&self, other: &Ruleset) -> Vec<KeyDiff> {
        self.entries()
            .into_iter()
            .zip(other.entries())
            .filter(|((_, a), (_, b))| a != b)
            .map(|((key, left), (_, right))| KeyDiff { key, left, right })
            .collect()
    }

    /// The resolved ruleset as a complete spec file: every key written, `extends` kept (so
    /// `meta.*`, which is not inherited, reads the same). Parsed back under the same id, it
    /// gives an equal ruleset, as long as the parent is known and did not add a size to
    /// `handicap.patterns` that this ruleset removed (standard sizes it lacks are written as
    /// removed, `"9x9" = {}`).
    #[must_use]
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# {}: every key resolved (generated by weiqi-spec)",
            self.id
        );
        if let Some(parent) = &self.extends {
            let _ = writeln!(out, "extends = {}", quote(parent));
        }
        for section in SECTIONS {
            let _ = writeln!(out, "\n[{section}]");
            for k in KEYS.iter().filter(|k| k.section() == *section) {
                if k.key == "handicap.patterns" {
                    continue;
                }
                if let Some(v) = self.value_of(k.key) {
                    let _ = writeln!(out, "{} = {v}", k.name());
                }
            }
            if *section == "handicap" {
                let _ = writeln!(out, "\n[handicap.patterns]");
                // A standard size the ruleset does not have is written as removed; otherwise
                // the default would come back when the file is read.
                for size in crate::defaults::standard_patterns().keys() {
                    if !self.handicap.patterns.contains_key(size) {
                        let _ = writeln!(out, "{} = {{}}", quote(&size.to_string()));
                    }
                }
                for (size, counts) in &self.handicap.patterns {
                    let _ = writeln!(
                        out,
                        "{} = {}",
                        quote(&size.to_string()),
                        counts_inline(counts)
                    );
                }
            }
        }
        out
    }
}
