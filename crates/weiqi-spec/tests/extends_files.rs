//! Where `extends` finds a parent (issue 13, item 6, "the maintainer's loop works as the
//! README says"): a file read from disk extends the file `<id>.toml` beside it, else the
//! built-in `<id>`; a file never extends itself, so a private `korean.toml` with
//! `extends = "korean"` extends the built-in `korean` instead of being refused as a cycle.

use std::path::{Path, PathBuf};

use weiqi_spec::{Ko, LongCycle, SpecErrorKind};

/// A fresh directory for one test, holding the given files.
fn dir_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("weiqi-spec-extends-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    for (file, text) in files {
        std::fs::write(dir.join(file), text).expect("write");
    }
    dir
}

fn builtin_text(id: &str) -> &'static str {
    weiqi_spec::builtin_text(id).unwrap_or_else(|| panic!("built-in {id}"))
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

// Issue 13 item 6: editing `spec/ing-1996.toml` changes what `spec/ing-aga.toml` resolves to
// (the sibling file, not the compiled-in copy).
#[test]
fn a_file_extends_the_file_beside_it_before_the_builtin_issue_13() {
    let edited = builtin_text("ing-1996").replace("komi = 8", "komi = 7");
    assert_ne!(
        edited,
        builtin_text("ing-1996"),
        "the edit changes the komi line"
    );
    let dir = dir_with(
        "sibling",
        &[
            ("ing-1996.toml", &edited),
            ("ing-aga.toml", builtin_text("ing-aga")),
        ],
    );
    let child = dir.join("ing-aga.toml");
    let builtin = weiqi_spec::builtin("ing-aga").expect("built-in");
    let loaded = weiqi_spec::load(path_str(&child)).expect("loads");
    assert_eq!(builtin.scoring.komi.to_string(), "8");
    assert_eq!(loaded.scoring.komi.to_string(), "7");
    // The same through load_files with the child alone.
    let files = weiqi_spec::load_files(std::slice::from_ref(&child)).expect("loads");
    assert_eq!(files[0].scoring.komi.to_string(), "7");
}

// Issue 13 item 6: with no file of that id beside it, the parent is the built-in.
#[test]
fn without_a_file_beside_it_the_parent_is_the_builtin_issue_13() {
    let dir = dir_with(
        "no-sibling",
        &[("club.toml", "extends = \"aga\"\n[play]\nko = \"simple\"\n")],
    );
    let club = weiqi_spec::load(path_str(&dir.join("club.toml"))).expect("loads");
    let aga = weiqi_spec::builtin("aga").expect("built-in");
    assert_eq!(club.play.ko, Ko::Simple);
    assert_eq!(club.scoring, aga.scoring);
    assert_eq!(club.extends.as_deref(), Some("aga"));
}

// Issue 13 item 6: a private `korean.toml` with `extends = "korean"` is not a cycle; it
// extends the built-in `korean` (by path, where the file beside itself is itself, and as text).
#[test]
fn a_file_extends_the_builtin_of_its_own_id_issue_13() {
    let text = "extends = \"korean\"\n[play]\nlong-cycle = \"no-result\"\n";
    let dir = dir_with("own-id", &[("korean.toml", text)]);
    let korean = weiqi_spec::builtin("korean").expect("built-in");
    assert_eq!(korean.play.long_cycle, LongCycle::Draw);
    let by_path = weiqi_spec::load(path_str(&dir.join("korean.toml"))).expect("not a cycle");
    let by_text = weiqi_spec::parse_str("korean.toml", text).expect("not a cycle");
    let files = weiqi_spec::load_files(&[dir.join("korean.toml")]).expect("not a cycle");
    for r in [&by_path, &by_text, &files[0]] {
        assert_eq!(r.id, "korean");
        assert_eq!(r.play.long_cycle, LongCycle::NoResult);
        // Everything else is the built-in's (which itself extends japanese-1989).
        assert_eq!(r.scoring, korean.scoring);
        assert_eq!(r.end, korean.end);
    }
}

// Issue 13 item 6: a file extending its own id where no built-in has it is still a cycle of one.
#[test]
fn a_file_extending_its_own_id_without_a_builtin_is_a_cycle_issue_13() {
    let dir = dir_with(
        "own-id-no-builtin",
        &[("mine.toml", "extends = \"mine\"\n")],
    );
    let err = weiqi_spec::load(path_str(&dir.join("mine.toml"))).expect_err("a cycle");
    assert!(
        err.0.iter().any(|e| e.kind == SpecErrorKind::ExtendsCycle),
        "{err}"
    );
}

// Issue 13 item 6: parents found on disk take part in cycle detection like given files.
#[test]
fn a_cycle_through_files_beside_each_other_is_reported_issue_13() {
    let dir = dir_with(
        "cycle",
        &[
            ("north.toml", "extends = \"south\"\n"),
            ("south.toml", "extends = \"north\"\n"),
        ],
    );
    let err = weiqi_spec::load(path_str(&dir.join("north.toml"))).expect_err("a cycle");
    let text = err.to_string();
    assert!(
        text.contains("extends cycle: north -> south -> north"),
        "{text}"
    );
    assert!(text.contains("south.toml"), "the sibling is named: {text}");
}

// Issue 13 item 6: a problem in the file beside the child is reported at that file.
#[test]
fn a_broken_file_beside_the_child_is_reported_at_that_file_issue_13() {
    let dir = dir_with(
        "broken-sibling",
        &[
            ("aga.toml", "[play]\nko = \"superko\"\n"),
            ("club.toml", "extends = \"aga\"\n"),
        ],
    );
    let err = weiqi_spec::load(path_str(&dir.join("club.toml"))).expect_err("broken parent");
    let text = err.to_string();
    assert!(text.contains("aga.toml:2:6"), "{text}");
    assert!(text.contains("unknown value \"superko\""), "{text}");
}

// Issue 13 item 6 (the walk-through's file says `sgf-names = []`) and issue 10 ("weiqi's own
// ids" are RU names): every built-in answers to its own id as an SGF rules name.
#[test]
fn every_builtin_is_selected_by_its_own_id_issue_13() {
    for id in weiqi_spec::builtin_ids() {
        assert_eq!(weiqi_spec::id_for_sgf_name(id), Some(id));
        assert_eq!(
            weiqi_spec::id_for_sgf_name(&format!(" {} ", id.to_uppercase())),
            Some(id)
        );
    }
    assert_eq!(weiqi_spec::id_for_sgf_name("no-such-variant"), None);
}
