//! `weiqi rules diff A B --rulings` (issue 13 item 5): the cases of the corpus on which two
//! variants rule differently, one line each, read from `--corpus` (default `./rulings`).

use std::path::Path;

/// The rulings corpus, `rulings/` at the root of the workspace.
fn corpus_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rulings")
}

/// Runs `weiqi rules diff a b --rulings --corpus <the corpus>`: exit code and stdout.
fn diff(a: &str, b: &str, corpus: &Path) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let corpus = corpus.display().to_string();
    let code = weiqi_cli::run(
        [
            "weiqi",
            "rules",
            "diff",
            a,
            b,
            "--rulings",
            "--corpus",
            &corpus,
        ],
        &mut out,
        &mut err,
    );
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

/// The lines that name a case (`<axis>/<name>: ...`).
fn case_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            l.split_once('/').is_some_and(|(axis, rest)| {
                weiqi_record::rulings::AXES.contains(&axis)
                    && rest.split_once(": ").is_some_and(|(n, _)| !n.contains(' '))
            })
        })
        .collect()
}

#[test]
fn a_variant_and_a_copy_of_it_rule_every_case_alike_issue_13() {
    let dir = tempdir("copy");
    let spec = dir.join("j89-copy.toml");
    std::fs::write(&spec, "extends = \"japanese-1989\"\n").expect("write");
    let (code, out, err) = diff("japanese-1989", &spec.display().to_string(), &corpus_dir());
    assert_eq!(code, 0, "{err}");
    assert!(case_lines(&out).is_empty(), "{out}");
    assert!(out.contains("0 of "), "{out}");
}

#[test]
fn counting_seki_eyes_changes_only_counts_with_a_seki_variants_4_6() {
    // docs/variants.md 4.6: J89 does not count the eyes of a seki, AGA's territory count does.
    let dir = tempdir("seki");
    let spec = dir.join("j89-count.toml");
    std::fs::write(
        &spec,
        "extends = \"japanese-1989\"\n[scoring]\nseki-eyes = \"count\"\n",
    )
    .expect("write");
    let (code, out, err) = diff("japanese-1989", &spec.display().to_string(), &corpus_dir());
    assert_eq!(code, 1, "{err}"); // the variants rule some cases differently (issue 29 item 9)
    let lines = case_lines(&out);
    assert!(
        lines.iter().any(|l| l.starts_with("seki/seki-with-eyes: ")
            && l.contains("count B 2 W 4 | ")
            && l.ends_with("count B 3 W 5")),
        "{out}"
    );
    // No legality ruling changes: no line names a refused move.
    assert!(
        lines
            .iter()
            .all(|l| !l.contains(": ko") && !l.contains("superko")),
        "{out}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("ko/triple-ko:")),
        "{out}"
    );
}

#[test]
fn suicide_rules_separate_japanese_and_tromp_taylor_variants_4_9() {
    let (code, out, err) = diff("japanese-1989", "tromp-taylor", &corpus_dir());
    assert_eq!(code, 1, "{err}"); // the variants rule some cases differently (issue 29 item 9)
    assert!(
        out.lines()
            .any(|l| l.starts_with("suicide/multi-stone-suicide: 1 B A5: suicide | ")),
        "{out}"
    );
}

#[test]
fn a_missing_corpus_is_an_error_that_names_the_flag_issue_13() {
    let (code, _, err) = diff("aga", "korean", Path::new("no-such-corpus"));
    assert_eq!(code, 2);
    assert!(err.contains("--corpus"), "{err}");
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-rulings-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
