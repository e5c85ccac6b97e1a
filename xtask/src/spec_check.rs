//! `cargo xtask spec-check`: validates every `spec/*.toml` together (as they may extend each
//! other) and checks that the built-in list compiled into weiqi-spec is exactly the directory
//! (weiqi-spec's `build.rs` generates that list from `spec/`, so they differ only in a stale
//! build).

use std::path::{Path, PathBuf};

/// The `*.toml` files of `spec/`, sorted.
pub fn spec_files(root: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = root.join("spec");
    let entries =
        std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

/// Validates every file of `spec/`; prints each problem on its own line.
pub fn run(root: &Path) -> Result<(), String> {
    let files = spec_files(root)?;
    let mut problems: Vec<String> = Vec::new();

    let on_disk: Vec<String> = files
        .iter()
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    let builtin = weiqi_spec::builtin_ids();
    for id in &builtin {
        if !on_disk.iter().any(|d| d == id) {
            problems.push(format!(
                "spec/{id}.toml: built-in variant {id:?} has no file"
            ));
        }
    }
    for id in &on_disk {
        if !builtin.contains(&id.as_str()) {
            problems.push(format!(
                "spec/{id}.toml: not in the built-in list compiled into weiqi-spec (its build.rs \
                 lists spec/*.toml: rebuild weiqi-spec)"
            ));
        }
    }

    // Relative paths in messages: `spec/x.toml:3:5: ...`.
    let relative: Vec<PathBuf> = files
        .iter()
        .map(|p| {
            p.strip_prefix(root)
                .map_or_else(|_| p.clone(), Path::to_path_buf)
        })
        .collect();
    let loaded = {
        let cwd = std::env::current_dir().ok();
        let _ = std::env::set_current_dir(root);
        let r = weiqi_spec::load_files(&relative);
        if let Some(cwd) = cwd {
            let _ = std::env::set_current_dir(cwd);
        }
        r
    };
    match loaded {
        Ok(rulesets) => {
            for r in &rulesets {
                println!("ok {} ({})", r.id, r.meta.name);
            }
        }
        Err(errors) => problems.extend(errors.0.iter().map(ToString::to_string)),
    }

    if problems.is_empty() {
        println!("spec-check: {} files ok", files.len());
        Ok(())
    } else {
        for p in &problems {
            eprintln!("{p}");
        }
        Err(format!("spec-check: {} problem(s)", problems.len()))
    }
}
