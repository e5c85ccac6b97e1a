//! `parse_str` never panics: random text, TOML-like text, and every built-in file mangled in
//! many ways all give a ruleset or a non-empty list of one-line errors.

use proptest::prelude::*;

/// Parses and checks the error contract.
fn check(text: &str) {
    match weiqi_spec::parse_str("fuzz.toml", text) {
        Ok(r) => {
            // A ruleset that loads also renders and parses back.
            let back = weiqi_spec::parse_str("fuzz.toml", &r.to_toml()).expect("round trip");
            assert_eq!(back, r);
        }
        Err(e) => {
            assert!(!e.0.is_empty(), "an error with no problem for {text:?}");
            for line in e.0.iter().map(ToString::to_string) {
                assert!(!line.contains('\n'), "a problem spans lines: {line:?}");
                assert!(
                    line.starts_with("fuzz.toml") || line.starts_with("builtin:"),
                    "{line}"
                );
            }
        }
    }
}

/// The number of random cases of each property: `WEIQI_TEST_CASES` (CI raises it: `.ci/run`),
/// else a small default that keeps the plain `cargo test` quick (issue 9).
fn cases() -> u32 {
    std::env::var("WEIQI_TEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(128)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn any_text(text in any::<String>()) {
        check(&text);
    }

    #[test]
    fn toml_like_text(text in "(\\[[a-z.]{0,12}\\]\n|[a-z-]{1,24} = (\"[a-z0-9x:/ -]{0,12}\"|-?[0-9]{1,12}(\\.[0-9]{1,3})?|\\[(\"[a-z0-9x]{0,5}\", ?){0,4}\\]|\\{ ?\"[0-9x]{1,5}\" = \\[\\] ?\\}|true)\n){0,12}") {
        check(&text);
    }

    #[test]
    fn builtin_with_a_line_replaced(which in any::<proptest::sample::Index>(), line in 0usize..130, replacement in "[a-z=\" \\[\\]{}.0-9-]{0,20}") {
        // Drawn from the built-in list itself, so a new built-in is drawn too (issue 9).
        let id = *which.get(&weiqi_spec::builtin_ids());
        let text = weiqi_spec::builtin_text(id).expect("built-in");
        let mangled: Vec<&str> = text
            .lines()
            .enumerate()
            .map(|(i, l)| if i == line { replacement.as_str() } else { l })
            .collect();
        check(&mangled.join("\n"));
    }
}

#[test]
fn every_builtin_truncated_at_many_points() {
    for id in weiqi_spec::builtin_ids() {
        let text = weiqi_spec::builtin_text(id).expect("built-in");
        let mut cut = 0;
        while cut < text.len() {
            if text.is_char_boundary(cut) {
                check(&text[..cut]);
            }
            cut += 53;
        }
    }
}

#[test]
fn every_builtin_with_characters_swapped_in() {
    for id in weiqi_spec::builtin_ids() {
        let text = weiqi_spec::builtin_text(id).expect("built-in");
        let chars: Vec<char> = text.chars().collect();
        for (step, with) in [
            (13, '"'),
            (17, '['),
            (19, '='),
            (23, '\n'),
            (29, '}'),
            (31, 'é'),
        ] {
            let mangled: String = chars
                .iter()
                .enumerate()
                .map(|(i, c)| if i % step == step - 1 { with } else { *c })
                .collect();
            check(&mangled);
        }
    }
}
