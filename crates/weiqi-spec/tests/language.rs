//! The spec language end to end: the one-table rule for every enum, the built-in files,
//! `extends`, defaults, the derived data, the renderings (entries, diff, TOML, JSON) and the
//! public loaders.

use std::path::PathBuf;

use weiqi_core::{BoardSize, Point, Points};
use weiqi_spec::keys::{KEYS, KeyKind};
use weiqi_spec::{
    AfterStop, ByoYomi, Counting, FinalEnd, FreePlacementMoves, HandicapBonus, InitialPosition, Ko,
    LastPass, LongCycle, NeutralFill, PassStones, PenaltySystem, Placement, ResumeFirst, Ruleset,
    Scoring, SekiEyes, SharedPoints, SingleStoneSuicide, SpecErrorKind, Suicide, Tie,
};

/// Checks the one-table rule for one enum: every value prints, parses back, serializes to its
/// spelling and deserializes back; the names are unique and match `ALL`.
macro_rules! round_trip {
    ($($t:ty),+ $(,)?) => {$(
        assert_eq!(<$t>::ALL.len(), <$t>::NAMES.len(), stringify!($t));
        assert_eq!(<$t>::names(), <$t>::NAMES.to_vec());
        for (i, v) in <$t>::ALL.iter().enumerate() {
            assert_eq!(v.as_str(), <$t>::NAMES[i]);
            assert_eq!(<$t>::from_name(v.as_str()), Some(*v));
            assert_eq!(v.to_string(), v.as_str());
            let json = serde_json::to_string(v).expect("serializes");
            assert_eq!(json, format!("\"{}\"", v.as_str()));
            let back: $t = serde_json::from_str(&json).expect("deserializes");
            assert_eq!(back, *v);
            assert!(<$t>::NAMES[..i].iter().all(|n| *n != v.as_str()), "duplicate name");
        }
        assert_eq!(<$t>::from_name("no-such-value"), None);
        assert!(serde_json::from_str::<$t>("\"no-such-value\"").is_err());
    )+};
}

#[test]
fn every_enum_value_round_trips_through_its_one_table() {
    round_trip!(
        Suicide,
        SingleStoneSuicide,
        Ko,
        InitialPosition,
        LongCycle,
        AfterStop,
        ResumeFirst,
        FinalEnd,
        PassStones,
        LastPass,
        Scoring,
        SharedPoints,
        SekiEyes,
        NeutralFill,
        Tie,
        Placement,
        FreePlacementMoves,
        HandicapBonus,
        Counting,
        PenaltySystem,
        ByoYomi,
    );
}

#[test]
fn every_allowed_value_of_every_enum_key_is_accepted_in_a_file() {
    // For each key with a closed set, each value is written in a root file on its own: the
    // ruleset carries it (entries), or the only complaints are contradictions with defaults,
    // never an unknown value.
    for k in KEYS {
        let KeyKind::Enum(names) = k.kind else {
            continue;
        };
        for name in names {
            let text = format!("[{}]\n{} = \"{name}\"\n", k.section(), k.name());
            match weiqi_spec::parse_str("probe.toml", &text) {
                Ok(r) => assert_eq!(r.value_of(k.key), Some(format!("\"{name}\"")), "{}", k.key),
                Err(e) => assert!(
                    e.0.iter().all(|e| e.kind == SpecErrorKind::Contradiction),
                    "{} = {name}: {e}",
                    k.key
                ),
            }
        }
    }
}

#[test]
fn builtin_ids_are_the_files_of_spec() {
    // Issue 13, item 6: every `spec/*.toml` is a built-in, with no list in Rust to keep in step
    // (build.rs generates it from the directory); the ids are sorted.
    let ids = weiqi_spec::builtin_ids();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../spec");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .expect("spec/ exists")
        .filter_map(|e| {
            let p = e.expect("entry").path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.extension()? == "toml").then_some(stem)
        })
        .collect();
    on_disk.sort();
    assert!(!on_disk.is_empty(), "spec/ holds the built-in files");
    assert_eq!(on_disk, ids);
    // Every one of them loads under its own id, its text the file's.
    for id in &ids {
        let rules = weiqi_spec::builtin(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(rules.id, *id);
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../spec/{id}.toml"));
        let text = std::fs::read_to_string(path).expect("readable");
        assert_eq!(weiqi_spec::builtin_text(id), Some(text.as_str()), "{id}");
    }
}

#[test]
fn every_builtin_loads() {
    let all = weiqi_spec::builtins().unwrap_or_else(|e| panic!("built-ins must load:\n{e}"));
    assert_eq!(all.len(), weiqi_spec::builtin_ids().len());
    for r in &all {
        assert_eq!(weiqi_spec::builtin(&r.id).as_ref(), Ok(r));
        assert_eq!(weiqi_spec::load(&r.id).as_ref(), Ok(r));
        assert!(
            !r.meta.name.is_empty() && r.meta.name != r.id,
            "{} has a name",
            r.id
        );
    }
    let err = weiqi_spec::builtin("japanese-1988").expect_err("no such variant");
    assert_eq!(err.0[0].kind, SpecErrorKind::UnknownParent);
    assert!(
        err.to_string().contains("japanese-1989"),
        "lists the ids: {err}"
    );
}

#[test]
fn builtins_carry_the_decided_values() {
    // docs/decisions.md "Komi and tie defaults" and answers 1, 6, 8, 12, 17.
    let get = |id: &str| weiqi_spec::builtin(id).expect("loads");
    let j = get("japanese-1989");
    assert_eq!(
        (j.play.ko, j.play.long_cycle),
        (Ko::Simple, LongCycle::NoResult)
    );
    assert_eq!(j.scoring.komi, Points::from_halves(13));
    let k = get("korean");
    assert_eq!(k.extends.as_deref(), Some("japanese-1989"));
    assert_eq!(k.play.long_cycle, LongCycle::Draw);
    assert_eq!(get("ing-1996").play.ko, Ko::Ing);
    assert_eq!(get("ing-1996").scoring.tie, Tie::Black);
    assert_eq!(get("chinese-1988").play.ko, Ko::PositionalSuperko);
    assert_eq!(get("aga").play.ko, Ko::SituationalSuperko);
    assert_eq!(get("aga").scoring.tie, Tie::White);
    assert_eq!(get("new-zealand").scoring.komi, Points::whole(7));
}

#[test]
fn defaults_are_the_tromp_taylor_file() {
    // defaults.rs: the baseline is spec/tromp-taylor.toml (docs/variants.md 2.10,
    // docs/decisions.md 18).
    let tt = weiqi_spec::builtin("tromp-taylor").expect("loads");
    let d = weiqi_spec::defaults("tromp-taylor");
    let differing: Vec<String> = tt
        .diff(&d)
        .into_iter()
        .map(|k| k.key)
        .filter(|k| !k.starts_with("meta."))
        .collect();
    assert_eq!(differing, Vec::<String>::new());
    // A root file with no keys at all is the baseline, named after its id.
    let empty = weiqi_spec::parse_str("empty.toml", "").expect("an empty file is valid");
    assert_eq!(empty, weiqi_spec::defaults("empty"));
    assert_eq!(empty.meta.name, "empty");
}

#[test]
fn extends_inherits_and_overrides() {
    let text = r#"
extends = "japanese-1989"
[meta]
name = "Club rules"
[scoring]
komi = 7
tie = "white"
[handicap.patterns]
"9x9" = { "2" = ["cc", "gg"] }
"13x13" = {}
"#;
    let child = weiqi_spec::parse_str("club.toml", text).expect("valid");
    let parent = weiqi_spec::builtin("japanese-1989").expect("loads");
    assert_eq!(child.id, "club");
    assert_eq!(child.extends.as_deref(), Some("japanese-1989"));
    // Overridden.
    assert_eq!(child.scoring.komi, Points::whole(7));
    assert_eq!(child.scoring.tie, Tie::White);
    // Inherited: every rule key the child does not set, tie-handicap included (the parent sets
    // it, so the child's tie does not change it).
    assert_eq!(child.play, parent.play);
    assert_eq!(child.end, parent.end);
    assert_eq!(child.scoring.tie_handicap, parent.scoring.tie_handicap);
    // meta is not inherited.
    assert_eq!(child.meta.name, "Club rules");
    assert!(child.meta.sgf_names.is_empty());
    // Patterns: 9x9 replaced, 13x13 removed, 19x19 inherited.
    let nine = BoardSize::square(9).expect("valid");
    let thirteen = BoardSize::square(13).expect("valid");
    assert_eq!(
        child.handicap_points(nine, 2),
        Some(vec![Point::rc(2, 2), Point::rc(6, 6)])
    );
    assert_eq!(child.handicap_points(nine, 3), None);
    assert_eq!(child.handicap_points(thirteen, 2), None);
    assert_eq!(
        child.handicap_points(BoardSize::STANDARD, 4),
        parent.handicap_points(BoardSize::STANDARD, 4)
    );
    let changed: Vec<String> = parent.diff(&child).into_iter().map(|d| d.key).collect();
    assert_eq!(
        changed,
        [
            "meta.name",
            "meta.summary",
            "meta.sources",
            "meta.sgf-names",
            "scoring.komi",
            "scoring.tie",
            "handicap.patterns"
        ]
    );
}

#[test]
fn tie_handicap_defaults_to_the_resolved_tie() {
    // keys.rs `scoring.tie-handicap`: unset in the whole chain = the resolved tie.
    let r = weiqi_spec::parse_str("t.toml", "[scoring]\ntie = \"white\"\n").expect("valid");
    assert_eq!((r.tie_for(0), r.tie_for(2)), (Tie::White, Tie::White));
    let grand = r#"
[scoring]
tie = "black"
"#;
    let dir = temp_dir("tie");
    std::fs::write(dir.join("base.toml"), grand).expect("write");
    std::fs::write(
        dir.join("child.toml"),
        "extends = \"base\"\n[scoring]\ntie = \"draw\"\n",
    )
    .expect("write");
    let loaded =
        weiqi_spec::load_files(&[dir.join("child.toml"), dir.join("base.toml")]).expect("valid");
    assert_eq!(loaded[0].id, "child");
    // The chain sets tie twice and tie-handicap never: the child's tie wins for both.
    assert_eq!(
        (loaded[0].tie_for(0), loaded[0].tie_for(1)),
        (Tie::Draw, Tie::Draw)
    );
    assert_eq!(loaded[1].tie_for(3), Tie::Black);
}

#[test]
fn komi_tie_and_handicap_points_per_handicap() {
    // docs/decisions.md komi table: AGA 7.5 even, 0.5 in handicap games; ing-aga: White wins ties
    // in handicap games (seed 000, AGA version).
    let aga = weiqi_spec::builtin("aga").expect("loads");
    assert_eq!(aga.komi_for(0), Points::from_halves(15));
    assert_eq!(aga.komi_for(3), Points::from_halves(1));
    let ing_aga = weiqi_spec::builtin("ing-aga").expect("loads");
    assert_eq!(
        (ing_aga.tie_for(0), ing_aga.tie_for(2)),
        (Tie::Black, Tie::White)
    );
    // seed 004: handicap stones on the star points.
    let j = weiqi_spec::builtin("japanese-1989").expect("loads");
    let pts = j
        .handicap_points(BoardSize::STANDARD, 2)
        .expect("2 stones on 19x19");
    assert_eq!(
        pts.iter().map(|p| p.to_sgf()).collect::<Vec<_>>(),
        ["pd", "dp"]
    );
    assert_eq!(j.handicap_points(BoardSize::STANDARD, 0), Some(vec![]));
    assert_eq!(j.handicap_points(BoardSize::STANDARD, 10), None);
    assert_eq!(
        j.handicap_points(BoardSize::square(7).expect("valid"), 2),
        None
    );
    let only19 = weiqi_spec::parse_str("only.toml", "[board]\nsizes = [\"19x19\", \"19:13\"]\n")
        .expect("valid");
    assert!(only19.allows_size(BoardSize::STANDARD));
    assert!(only19.allows_size(BoardSize::new(19, 13).expect("valid")));
    assert!(!only19.allows_size(BoardSize::square(9).expect("valid")));
    assert!(j.allows_size(BoardSize::new(52, 1).expect("valid")));
}

#[test]
fn to_toml_parses_back_to_the_same_ruleset() {
    let mut all = weiqi_spec::builtins().expect("loads");
    all.push(weiqi_spec::defaults("baseline"));
    let custom = weiqi_spec::parse_str(
        "odd.toml",
        "[handicap.patterns]\n\"9x9\" = {}\n\"7x5\" = { \"1\" = [\"da\"] }\n[meta]\nname = \"Say \\\"hi\\\"\"\n",
    )
    .expect("valid");
    all.push(custom);
    for r in all {
        let text = r.to_toml();
        let back = weiqi_spec::parse_str(&format!("{}.toml", r.id), &text)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", r.id));
        assert_eq!(back, r, "{}:\n{text}", r.id);
        // Every key is written.
        for (key, value) in r.entries() {
            if key != "handicap.patterns" {
                let name = key.split_once('.').map_or(key.as_str(), |(_, n)| n);
                assert!(
                    text.contains(&format!("{name} = {value}")),
                    "{}: {key}",
                    r.id
                );
            }
        }
    }
}

#[test]
fn entries_cover_every_key_but_extends() {
    let r = weiqi_spec::builtin("korean").expect("loads");
    let keys: Vec<String> = r.entries().into_iter().map(|(k, _)| k).collect();
    let expected: Vec<String> = KEYS
        .iter()
        .filter(|k| k.key != "extends")
        .map(|k| k.key.to_owned())
        .collect();
    assert_eq!(keys, expected);
}

#[test]
fn korean_differs_from_japanese_in_the_long_cycle_result() {
    // docs/decisions.md 12 and 19: Korean is Japanese 1989 with a draw on long cycles.
    let j = weiqi_spec::builtin("japanese-1989").expect("loads");
    let k = weiqi_spec::builtin("korean").expect("loads");
    let rules: Vec<_> = j
        .diff(&k)
        .into_iter()
        .filter(|d| !d.key.starts_with("meta."))
        .collect();
    assert!(
        rules.iter().any(|d| d.key == "play.long-cycle"
            && d.left == "\"no-result\""
            && d.right == "\"draw\""),
        "{rules:?}"
    );
    assert!(j.diff(&j).is_empty());
}

#[test]
fn json_uses_the_spec_spellings() {
    let j = weiqi_spec::builtin("japanese-1989").expect("loads");
    let v = serde_json::to_value(&j).expect("serializes");
    assert_eq!(v["play"]["ko"], "simple");
    assert_eq!(v["play"]["long-cycle-repetitions"], 3);
    assert_eq!(v["scoring"]["komi"], 6.5);
    assert_eq!(v["handicap"]["first-after-placement"], "white");
    assert_eq!(
        v["handicap"]["patterns"]["19x19"]["2"],
        serde_json::json!(["pd", "dp"])
    );
    assert_eq!(v["time"]["penalty-step"], "0/1");
    assert!(v.get("sealed").is_none());
    let sized =
        weiqi_spec::parse_str("s.toml", "[board]\nsizes = [\"9\", \"19:13\"]\n").expect("valid");
    let v = serde_json::to_value(&sized).expect("serializes");
    assert_eq!(v["board"]["sizes"], serde_json::json!(["9x9", "19x13"]));
}

#[test]
fn sgf_names_select_builtins_case_insensitively() {
    assert_eq!(
        weiqi_spec::id_for_sgf_name("Japanese"),
        Some("japanese-1989")
    );
    assert_eq!(
        weiqi_spec::id_for_sgf_name(" JAPANESE "),
        Some("japanese-1989")
    );
    assert_eq!(weiqi_spec::id_for_sgf_name("chinese"), Some("chinese-kgs"));
    assert_eq!(weiqi_spec::id_for_sgf_name("nz"), Some("new-zealand"));
    assert_eq!(weiqi_spec::id_for_sgf_name("klingon"), None);
    assert_eq!(weiqi_spec::id_for_sgf_name(""), None);
    // Each name selects one variant.
    let mut seen = std::collections::BTreeMap::new();
    for r in weiqi_spec::builtins().expect("loads") {
        for n in &r.meta.sgf_names {
            assert_eq!(seen.insert(n.to_lowercase(), r.id.clone()), None, "{n}");
            assert_eq!(
                weiqi_spec::id_for_sgf_name(n),
                Some(seen[&n.to_lowercase()].as_str())
            );
        }
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-spec-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn load_reads_ids_and_paths() {
    let dir = temp_dir("load");
    let path = dir.join("house-rules.toml");
    std::fs::write(&path, "extends = \"chinese-kgs\"\n[scoring]\nkomi = 6.5\n").expect("write");
    let r = weiqi_spec::load(&path.display().to_string()).expect("valid");
    assert_eq!(r.id, "house-rules");
    assert_eq!(r.scoring.komi, Points::from_halves(13));
    assert_eq!(
        r.play.ko,
        weiqi_spec::builtin("chinese-kgs").expect("loads").play.ko
    );

    let missing = weiqi_spec::load("no-such-variant").expect_err("unknown id");
    assert!(
        missing.to_string().contains("unknown built-in variant"),
        "{missing}"
    );
    let gone =
        weiqi_spec::load(&dir.join("gone.toml").display().to_string()).expect_err("missing file");
    assert_eq!(gone.0[0].kind, SpecErrorKind::Io);

    // A file with a built-in's id replaces it for the files loaded with it.
    let shadow = dir.join("korean.toml");
    std::fs::write(
        &shadow,
        "extends = \"japanese-1989\"\n[scoring]\nkomi = 0.5\n",
    )
    .expect("write");
    let child = dir.join("kid.toml");
    std::fs::write(&child, "extends = \"korean\"\n").expect("write");
    let loaded = weiqi_spec::load_files(&[child, shadow]).expect("valid");
    assert_eq!(loaded[0].scoring.komi, Points::from_halves(1));
    assert_eq!(
        loaded[0].play.long_cycle,
        LongCycle::NoResult,
        "from japanese-1989, not korean"
    );
}

#[test]
fn load_files_reports_duplicate_ids_and_all_files() {
    let dir = temp_dir("dups");
    std::fs::create_dir_all(dir.join("a")).expect("dir");
    std::fs::create_dir_all(dir.join("b")).expect("dir");
    std::fs::write(dir.join("a/same.toml"), "extends = \"aga\"\n").expect("write");
    std::fs::write(dir.join("b/same.toml"), "extends = \"korean\"\n").expect("write");
    std::fs::write(dir.join("bad.toml"), "[play]\nko = 1\n").expect("write");
    let err = weiqi_spec::load_files(&[
        dir.join("a/same.toml"),
        dir.join("b/same.toml"),
        dir.join("bad.toml"),
    ])
    .expect_err("two files with one id");
    let kinds: Vec<SpecErrorKind> = err.0.iter().map(|e| e.kind).collect();
    assert!(kinds.contains(&SpecErrorKind::BadId), "{err}");
    assert!(kinds.contains(&SpecErrorKind::WrongType), "{err}");
}

#[test]
fn a_ruleset_can_still_be_adjusted_after_loading() {
    // The fields stay public for callers that override komi from a record (SGF KM).
    let mut r: Ruleset = weiqi_spec::builtin("tromp-taylor").expect("loads");
    r.scoring.komi = Points::whole(6);
    assert_eq!(r.komi_for(0), Points::whole(6));
}

#[test]
fn every_documented_key_is_read_by_the_file_structs() {
    // keys::KEYS drives the shape check and serde reads the structs of file.rs: a key in one
    // and not the other would come out as an unknown key or a wrong type here.
    for k in KEYS {
        let value = match k.kind {
            KeyKind::Enum(names) => format!("\"{}\"", names[0]),
            KeyKind::EnumList(names) => format!("[\"{}\"]", names[0]),
            KeyKind::Text => "\"x\"".into(),
            KeyKind::TextList => "[\"x\"]".into(),
            KeyKind::Id => "\"tromp-taylor\"".into(),
            KeyKind::Count { min } => min.max(2).to_string(),
            KeyKind::Komi => "0.5".into(),
            KeyKind::Sizes => "[\"9x9\"]".into(),
            KeyKind::Fraction => "\"1/6\"".into(),
            KeyKind::Color => "\"black\"".into(),
            KeyKind::Patterns => "{ \"9x9\" = { \"1\" = [\"ee\"] } }".into(),
        };
        let text = if k.section().is_empty() {
            format!("{} = {value}\n", k.name())
        } else {
            format!("[{}]\n{} = {value}\n", k.section(), k.name())
        };
        match weiqi_spec::parse_str("probe.toml", &text) {
            Ok(r) => match k.kind {
                KeyKind::Patterns => {
                    let nine = BoardSize::square(9).expect("valid");
                    assert_eq!(r.handicap_points(nine, 1), Some(vec![Point::rc(4, 4)]));
                }
                KeyKind::Id => assert_eq!(r.extends.as_deref(), Some("tromp-taylor")),
                _ => assert_eq!(r.value_of(k.key), Some(value), "{}", k.key),
            },
            Err(e) => assert!(
                e.0.iter().all(|e| e.kind == SpecErrorKind::Contradiction),
                "{}: {e}",
                k.key
            ),
        }
    }
}
