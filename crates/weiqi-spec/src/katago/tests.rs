//! KataGo's rule strings. Source of every expected value: KataGo `cpp/game/rules.cpp`
//! (`parseRulesHelper`, `operator<<`, `toJsonHelper`, `toStringNoKomiMaybeNice`,
//! `updateRules`) and `cpp/tests/testrules.cpp` (the `komi23taxALL` example), as summarized in
//! docs/peers.md 1b.

use super::*;

fn parse(text: &str) -> KataGoRules {
    KataGoRules::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// `check(input, expected)`: the compact string KataGo prints for the rules it reads.
fn check(input: &str, expected: &str) {
    assert_eq!(
        parse(input).to_compact_string(),
        expected,
        "input {input:?}"
    );
}

fn check_error(input: &str, token: &str) {
    match KataGoRules::parse(input) {
        Err(KataGoError::Parse { token: t, message }) => {
            assert!(
                t.starts_with(token),
                "{input:?}: error names {t:?} ({message}), expected {token:?}"
            );
        }
        other => panic!("{input:?}: expected a parse error, got {other:?}"),
    }
}

/// Every record KataGo can hold, with a few komi values.
fn every_record() -> Vec<KataGoRules> {
    let mut out = Vec::new();
    for ko in KataKo::WORDS.map(|(_, v)| v) {
        for scoring in KataScoring::WORDS.map(|(_, v)| v) {
            for tax in KataTax::WORDS.map(|(_, v)| v) {
                for whb in KataWhb::WORDS.map(|(_, v)| v) {
                    for bits in 0..8u8 {
                        for komi in [7.5, 6.0, -3.5, 0.0] {
                            out.push(KataGoRules {
                                ko,
                                scoring,
                                tax,
                                multi_stone_suicide: bits & 1 != 0,
                                button: bits & 2 != 0,
                                white_handicap_bonus: whb,
                                friendly_pass_ok: bits & 4 != 0,
                                komi,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn presets_in_any_case_and_with_every_separator_katago_accepts() {
    // rules.cpp parseRulesHelper: the preset table (docs/peers.md 1b; NZ komi 7.5 in the code).
    check("japanese", "koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5");
    check(" Korean\n", "koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5");
    check("CHINESE", "koSIMPLEscoreAREAtaxNONEsui0whbNfpok1komi7.5");
    for name in [
        "chinese-ogs",
        "Chinese_OGS",
        "chineseogs",
        "chinese-kgs",
        "ChineseKGS",
    ] {
        check(name, "koPOSITIONALscoreAREAtaxNONEsui0whbNfpok1komi7.5");
    }
    for name in [
        "stone-scoring",
        "Stone Scoring",
        "stonescoring",
        "ancient_area",
        "ANCIENT AREA",
    ] {
        check(name, "koSIMPLEscoreAREAtaxALLsui0fpok1komi7.5");
    }
    for name in ["ancient-territory", "ancientterritory", "Ancient Territory"] {
        check(name, "koSIMPLEscoreTERRITORYtaxALLsui0komi6.5");
    }
    for name in ["aga", "BGA", "French"] {
        check(name, "koSITUATIONALscoreAREAtaxNONEsui0whbN-1fpok1komi7.5");
    }
    for name in ["aga-button", "AGA Button", "agabutton", "aga_button"] {
        check(
            name,
            "koSITUATIONALscoreAREAtaxNONEsui0button1whbN-1fpok1komi7",
        );
    }
    for name in [
        "nz",
        "New Zealand",
        "new-zealand",
        "NEWZEALAND",
        "new_zealand",
    ] {
        check(name, "koSITUATIONALscoreAREAtaxNONEsui1fpok1komi7.5");
    }
    for name in [
        "tromp-taylor",
        "Tromp Taylor",
        "TrompTaylor",
        "tromp_taylor",
    ] {
        check(name, "koPOSITIONALscoreAREAtaxNONEsui1komi7.5");
    }
    for name in ["goe", "ING"] {
        check(name, "koPOSITIONALscoreAREAtaxNONEsui1fpok1komi7.5");
    }
}

#[test]
fn compact_tokens_in_any_order_with_katagos_defaults() {
    // testrules.cpp: "komi23taxALL" reads as the defaults with tax ALL and komi 23.
    check("komi23taxALL", "koPOSITIONALscoreAREAtaxALLsui1komi23");
    check(
        "koPOSITIONALscoreAREAtaxNONEsui1whbNfpok1komi7.5",
        "koPOSITIONALscoreAREAtaxNONEsui1whbNfpok1komi7.5",
    );
    check(
        "sui0 komi -3 koSPIGHT",
        "koSPIGHTscoreAREAtaxNONEsui0komi-3",
    );
    check(
        "scoringTERRITORY",
        "koPOSITIONALscoreTERRITORYtaxSEKIsui1komi6.5",
    );
    check(
        "scoreTERRITORYtaxNONE",
        "koPOSITIONALscoreTERRITORYtaxNONEsui1komi6.5",
    );
    check("button1", "koPOSITIONALscoreAREAtaxNONEsui1button1komi7");
    check(
        "button1komi7.5",
        "koPOSITIONALscoreAREAtaxNONEsui1button1komi7.5",
    );
    check("whbN-1", "koPOSITIONALscoreAREAtaxNONEsui1whbN-1komi7.5");
    check("whbN", "koPOSITIONALscoreAREAtaxNONEsui1whbNkomi7.5");
    check(
        "fpok0 button0 whb0",
        "koPOSITIONALscoreAREAtaxNONEsui1komi7.5",
    );
    // No half-integer check in the compact form; C++ prints six significant digits.
    check("komi0.25", "koPOSITIONALscoreAREAtaxNONEsui1komi0.25");
    check("komi100000", "koPOSITIONALscoreAREAtaxNONEsui1komi100000");
    // The last token wins.
    check(
        "koSIMPLEkoSITUATIONAL",
        "koSITUATIONALscoreAREAtaxNONEsui1komi7.5",
    );
}

#[test]
fn a_malformed_string_is_an_error_naming_the_token() {
    check_error("", "");
    check_error("   ", "");
    check_error("koSUPER", "koSUPER");
    check_error("koPOSITIONALscoreAREAtaxNON", "taxNON");
    check_error("koPOSITIONAL sui2", "sui2");
    check_error("komi", "komi");
    check_error("komiX", "komiX");
    // The komi ends at the next letter, as in KataGo: `e9` is then an unknown token.
    check_error("komi1e9", "e9");
    check_error("komi-200000", "komi-200000");
    check_error("whbM", "whbM");
    check_error("kosimple", "kosimple");
    check_error("japanese2", "japanese2");
    // Leading whitespace sends JSON to the compact parser, which fails on `{`.
    check_error(" {\"ko\":\"SIMPLE\"}", "{");
}

#[test]
fn json_form_with_katagos_checks() {
    let r = parse(r#"{"ko":"SIMPLE","score":"TERRITORY","suicide":false}"#);
    assert_eq!(
        r.to_compact_string(),
        "koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5"
    );
    let r = parse(r#"{"hasButton":true,"whiteHandicapBonus":"N-1","friendlyPassOk":true}"#);
    assert_eq!(
        r.to_compact_string(),
        "koPOSITIONALscoreAREAtaxNONEsui1button1whbN-1fpok1komi7"
    );
    assert_eq!(parse(r#"{"komi":-2}"#).komi, -2.0);
    check_error(r#"{"ko":"SIMPLE","extra":1}"#, "extra");
    check_error(r#"{"ko":"simple"}"#, "simple");
    check_error(r#"{"komi":7.3}"#, "7.3");
    check_error(r#"{"komi":401}"#, "401");
    check_error(r#"{"suicide":"yes"}"#, "suicide");
    check_error(r#"{"ko":"SIMPLE""#, "{");
    check_error("[1]", "[1]");
}

#[test]
fn every_record_prints_and_reads_back_in_both_forms() {
    for r in every_record() {
        assert_eq!(parse(&r.to_compact_string()), r, "{r}");
        assert_eq!(parse(&r.to_json(false, false)), r, "{r}");
        assert_eq!(parse(&r.to_json(false, true)), r, "{r}");
        // Without the komi, KataGo's default komi comes back.
        let mut no_komi = parse(&r.to_string_no_komi());
        assert!(no_komi.equals_ignoring_komi(&r), "{r}");
        no_komi.komi = r.komi;
        assert_eq!(no_komi, r);
    }
}

#[test]
fn json_output_as_kata_get_rules_prints_it() {
    // gtp.cpp kata-get-rules prints toJsonStringNoKomiMaybeOmitStuff; nlohmann sorts keys.
    assert_eq!(
        parse("japanese").to_json(true, true),
        r#"{"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI"}"#
    );
    assert_eq!(
        parse("aga-button").to_json(false, false),
        r#"{"friendlyPassOk":true,"hasButton":true,"ko":"SITUATIONAL","komi":7.0,"scoring":"AREA","suicide":false,"tax":"NONE","whiteHandicapBonus":"N-1"}"#
    );
}

#[test]
fn nice_names_as_katago_prints_them() {
    assert_eq!(parse("tromp-taylor").nice_name(), "TrompTaylor");
    assert_eq!(parse("korean").nice_name(), "Japanese");
    assert_eq!(parse("chinese").nice_name(), "Chinese");
    assert_eq!(parse("chinese-kgs").nice_name(), "Chinese-OGS");
    assert_eq!(parse("french").nice_name(), "AGA");
    assert_eq!(parse("ancient-area").nice_name(), "StoneScoring");
    assert_eq!(parse("nz").nice_name(), "NewZealand");
    // The komi is ignored; a record equal to no nice preset prints without komi.
    assert_eq!(parse("komi3").nice_name(), "TrompTaylor");
    assert_eq!(
        parse("ancient-territory").nice_name(),
        "koSIMPLEscoreTERRITORYtaxALLsui0"
    );
    assert_eq!(
        parse("goe").nice_name(),
        "koPOSITIONALscoreAREAtaxNONEsui1fpok1"
    );
}

#[test]
fn kata_set_rule_updates_one_field() {
    // rules.cpp updateRules: the value is upper-cased, the key is exact.
    let r = parse("tromp-taylor");
    let r = r.update("ko", " simple ").expect("valid");
    assert_eq!(r.ko, KataKo::Simple);
    let r = r.update("scoring", "territory").expect("valid");
    assert_eq!(r.scoring, KataScoring::Territory);
    let r = r.update("whiteHandicapBonus", "n-1").expect("valid");
    assert_eq!(r.white_handicap_bonus, KataWhb::NMinusOne);
    let r = r.update("hasButton", "true").expect("valid");
    assert!(r.button);
    assert!(r.update("suicide", "maybe").is_err());
    assert!(r.update("Ko", "SIMPLE").is_err());
    assert!(r.update("komi", "7").is_err());
}

#[test]
fn kgs_rules_map_chinese_to_positional_superko() {
    // docs/GTP_Extensions.md: kgs-rules chinese is chinese-kgs.
    assert_eq!(kgs_rules("chinese").expect("valid").ko, KataKo::Positional);
    assert_eq!(kgs_rules("japanese").expect("valid"), parse("japanese"));
    assert_eq!(kgs_rules("new_zealand").expect("valid"), parse("nz"));
    assert!(kgs_rules("ing").is_err());
}

#[test]
fn komi_prints_as_cpp_does() {
    for (komi, text) in [
        (7.5, "7.5"),
        (7.0, "7"),
        (-3.0, "-3"),
        (0.0, "0"),
        (0.1, "0.1"),
        (1e-7, "1e-07"),
        (123_456.7, "123457"),
        (1_234_567.0, "1.23457e+06"),
    ] {
        assert_eq!(format_komi(komi), text);
    }
}

/// The keys the KataGo rules of `a` determine on which `a` and `b` differ.
fn differing(a: &Ruleset, b: &Ruleset) -> Vec<&'static str> {
    let keys = KataGoRules::from_ruleset(a)
        .and_then(|k| k.weiqi_values())
        .expect("expressible");
    keys.into_iter()
        .map(|(k, _)| k)
        .filter(|k| a.value_of(k) != b.value_of(k))
        .collect()
}

#[test]
fn every_record_maps_to_a_ruleset_that_prints_back_or_names_what_is_missing() {
    for r in every_record() {
        match r.to_ruleset() {
            Ok(ruleset) => {
                let back =
                    KataGoRules::from_ruleset(&ruleset).unwrap_or_else(|e| panic!("{r}: {e}"));
                assert_eq!(back, r);
                assert_eq!(
                    to_katago_string(&ruleset).expect("valid"),
                    r.to_compact_string()
                );
            }
            Err(KataGoError::Unexpressible(u)) => {
                assert_eq!(u.direction, Direction::FromKataGo);
                assert!(!u.keys.is_empty(), "{r}");
            }
            Err(e) => panic!("{r}: {e}"),
        }
    }
}

#[test]
fn every_builtin_prints_as_katago_and_imports_back_or_names_its_keys() {
    for id in crate::builtin_ids() {
        let ruleset = crate::builtin(id).expect("valid");
        match to_katago_string(&ruleset) {
            Ok(text) => {
                let back = parse(&text).to_ruleset().expect("valid");
                assert_eq!(differing(&ruleset, &back), Vec::<&str>::new(), "{id}");
            }
            Err(u) => {
                assert_eq!(u.direction, Direction::ToKataGo);
                assert!(!u.keys.is_empty(), "{id}");
            }
        }
    }
}

#[test]
fn a_ruleset_katago_cannot_express_names_the_keys() {
    let japanese = crate::parse_str(
        "j.toml",
        "[play]\nsuicide = \"forbidden\"\nko = \"simple\"\n[scoring]\nscoring = \"territory\"\n",
    )
    .expect("valid");
    let err = to_katago_string(&japanese).expect_err("invalid");
    let text = err.to_string();
    assert!(text.contains("play.long-cycle = \"nothing\""), "{text}");
    assert!(text.contains("score TERRITORY"), "{text}");
}

#[test]
fn load_reads_katago_strings_and_reports_what_weiqi_lacks() {
    let err = crate::load("katago:koSUPER").expect_err("invalid");
    assert!(err.to_string().contains("koSUPER"), "{err}");
    let err = crate::load("katago:japanese").expect_err("invalid");
    assert!(err.to_string().contains("encore"), "{err}");
}

#[test]
fn katago_area_rules_load_as_weiqi_rulesets() {
    // KataGo's Tromp-Taylor preset: positional superko, multi-stone suicide, area counted at
    // the second pass with pass-dead stones dead (countAreaScoreWhiteMinusBlack).
    let r = crate::load("katago:tromp-taylor").expect("expressible");
    assert_eq!(r.play.suicide, Suicide::MultiStone);
    assert_eq!(r.play.ko, Ko::PositionalSuperko);
    assert_eq!(r.scoring.pass_dead, crate::PassDead::Dead);
    assert_eq!(r.end.after_stop, crate::AfterStop::ScoreAllAlive);
    assert_eq!(
        to_katago_string(&r).expect("expressible"),
        "koPOSITIONALscoreAREAtaxNONEsui1komi7.5"
    );
    let nz = crate::load("katago:nz").expect("expressible");
    assert_eq!(nz.play.ko, Ko::SituationalSuperko);
    assert_eq!(nz.end.friendly_pass, crate::FriendlyPass::Ok);
    assert_eq!(
        to_katago_string(&nz).expect("expressible"),
        "koSITUATIONALscoreAREAtaxNONEsui1fpok1komi7.5"
    );
    // The imported spec extends a built-in and rules as the string says.
    let text = import_katago("goe").expect("expressible");
    assert!(
        text.starts_with("# A weiqi spec for the KataGo rules"),
        "{text}"
    );
    assert!(text.contains("extends = "), "{text}");
    let goe = crate::parse_str("goe.toml", &text).expect("valid");
    assert_eq!(goe.scoring.pass_dead, crate::PassDead::Dead);
    assert_eq!(goe.end.friendly_pass, crate::FriendlyPass::Ok);
    assert_eq!(
        to_katago_string(&goe).expect("expressible"),
        "koPOSITIONALscoreAREAtaxNONEsui1fpok1komi7.5"
    );
}

#[test]
fn exact_builtin_names_a_builtin_that_rules_identically() {
    // Whatever the built-ins are: when one is named, it prints back as the same rules.
    for r in every_record() {
        if let Some(id) = r.exact_builtin() {
            let builtin = crate::builtin(&id).expect("built-in");
            assert_eq!(KataGoRules::from_ruleset(&builtin), Ok(r), "{id}");
        }
    }
}

#[test]
fn the_round_trip_reaches_every_expressible_record() {
    let expressible = every_record()
        .into_iter()
        .filter(|r| r.to_ruleset().is_ok())
        .count();
    // Any ko rule and tax, AREA, no button, whb 0; sui, fpok and komi free.
    assert_eq!(expressible, 4 * 3 * 2 * 2 * 4);
}

#[test]
fn an_sgf_ru_selects_a_builtin_first_then_a_katago_string() {
    // A built-in's SGF name keeps selecting that built-in, whichever it is.
    let id = crate::id_for_sgf_name("Japanese").expect("an SGF name of a built-in");
    let japanese = ruleset_for_ru("Japanese")
        .expect("selected")
        .expect("loads");
    assert_eq!(japanese, crate::builtin(id).expect("built-in"));
    // KataGo's compact string, as KataGo writes it in RU.
    let tt = ruleset_for_ru("koPOSITIONALscoreAREAtaxNONEsui1komi7.5")
        .expect("a KataGo string")
        .expect("expressible");
    assert_eq!(
        to_katago_string(&tt).expect("expressible"),
        "koPOSITIONALscoreAREAtaxNONEsui1komi7.5"
    );
    // testrules.cpp's 12x12 record: RU[koSIMPLEscoreTERRITORYtaxSEKIsui1], the encore.
    assert!(matches!(
        ruleset_for_ru("koSIMPLEscoreTERRITORYtaxSEKIsui1"),
        Some(Err(KataGoError::Unexpressible(_)))
    ));
    assert!(ruleset_for_ru("no such rules").is_none());
}
