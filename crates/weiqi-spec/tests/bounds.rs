//! Issue 9 ("bounded time and memory on any input"): spec files are read within a byte limit,
//! every problem is placed by a line index computed once, and the messages say what is wrong
//! (a komi that is not a number or out of range, an integer too large for TOML's 64 bits, an
//! empty file).

use std::path::PathBuf;

fn problems(text: &str) -> Vec<String> {
    match weiqi_spec::parse_str("t.toml", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn komi_not_a_number_infinite_or_out_of_range_says_so() {
    // Issue 9: `komi = nan` and `-inf` were "not a multiple of 0.5".
    for (value, says) in [
        ("nan", "is not a number"),
        ("-inf", "is infinite"),
        ("inf", "is infinite"),
        ("1e308", "komi 1e308 is out of range"),
        ("4503599627370497", "is out of range"),
        ("6.3", "is not a multiple of 0.5"),
    ] {
        let p = problems(&format!("[scoring]\nkomi = {value}\n"));
        assert_eq!(p.len(), 1, "{value}: {p:?}");
        assert!(
            p[0].starts_with("t.toml:2:8: key `scoring.komi`: ") && p[0].contains(says),
            "{value}: {p:?}"
        );
    }
    assert_eq!(problems("[scoring]\nkomi = 7.5\n"), Vec::<String>::new());
}

#[test]
fn an_integer_too_large_for_toml_names_its_key_and_the_rest_is_still_checked() {
    // Issue 9: the overflow was a serde-internal message without the key, and it hid every
    // other problem of the file.
    let p = problems(
        "[play]\nlong-cycle-repetitions = 99999999999999999999\nko = \"superko\"\n\
         [scoring]\nkomi = 99999999999999999999\n",
    );
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(
        p[0].starts_with(
            "t.toml:2:26: key `play.long-cycle-repetitions`: 99999999999999999999 is out of range"
        ),
        "{p:?}"
    );
    assert!(p[1].contains("key `play.ko`"), "{p:?}");
    assert!(
        p[2].starts_with("t.toml:5:8: key `scoring.komi`: 99999999999999999999 is out of range"),
        "{p:?}"
    );
}

fn temp(name: &str, text: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-spec-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path
}

#[test]
fn an_empty_spec_file_is_a_lint_problem() {
    // Issue 9: an empty file linted "ok". It is still a valid file for `parse_str` (the
    // baseline under its own id: tests/language.rs), but `rules lint` says it defines nothing.
    for (name, text) in [("empty", ""), ("blank", "\n  \n# only a comment\n")] {
        let path = temp(&format!("{name}.toml"), text.as_bytes());
        let e = weiqi_spec::lint_files(std::slice::from_ref(&path), weiqi_spec::MAX_SPEC_BYTES)
            .expect_err("an empty file is a lint problem");
        assert_eq!(e.0.len(), 1, "{e}");
        assert!(e.to_string().contains("the file has no key"), "{e}");
    }
    let good = temp("good.toml", b"extends = \"japanese-1989\"\n");
    assert!(weiqi_spec::lint_files(&[good], weiqi_spec::MAX_SPEC_BYTES).is_ok());
}

#[test]
fn a_spec_file_is_read_within_the_byte_limit() {
    // Issue 9, item 2: the file was read whole before any check.
    let path = temp(
        "big.toml",
        format!("# {}\nextends = \"aga\"\n", "x".repeat(100)).as_bytes(),
    );
    let e = weiqi_spec::load_files_with(std::slice::from_ref(&path), 50).expect_err("too big");
    assert!(
        e.to_string().contains("larger than the limit of 50 bytes"),
        "{e}"
    );
    let e = weiqi_spec::load_with(&path.display().to_string(), 50).expect_err("too big");
    assert!(
        e.to_string().contains("larger than the limit of 50 bytes"),
        "{e}"
    );
    assert!(weiqi_spec::load_files_with(&[path], 200).is_ok());
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_file_ends_at_the_limit() {
    // Issue 9, item 2: `--rules /dev/zero` grew until memory ran out.
    let e = weiqi_spec::load("/dev/zero").expect_err("endless");
    assert!(
        e.to_string().contains(&format!(
            "larger than the limit of {} bytes",
            weiqi_spec::MAX_SPEC_BYTES
        )),
        "{e}"
    );
}

#[test]
fn many_problems_are_all_placed_on_their_own_lines() {
    // Issue 9, item 4: each line number was found by rescanning the text (quadratic); the line
    // index gives the same positions. 5,000 unknown keys, each on its line, with a non-ASCII
    // comment before some of them so that columns count characters.
    let mut text = String::from("[play]\n");
    for i in 0..5_000 {
        if i % 7 == 0 {
            text.push_str("# é\n");
        }
        text.push_str(&format!("unknown-{i} = 1\n"));
    }
    let p = problems(&text);
    assert_eq!(p.len(), 5_000);
    let mut line = 1;
    for (i, problem) in p.iter().enumerate() {
        line += if i % 7 == 0 { 2 } else { 1 };
        assert!(
            problem.starts_with(&format!("t.toml:{line}:1: unknown key `play.unknown-{i}`")),
            "{i}: {problem}"
        );
    }
}
