//! `weiqi gtp` driven by Sabaki's own GTP library (issue 28 item 2): `@sabaki/gtp` 3.0.0's
//! `Controller` and `ControllerStateTracker.sync`, which Sabaki runs to put its board into an
//! engine, through five ordinary syncs (an even game, one more move, setup stones sent as plays
//! of one colour, time settings, a 9x13 board), Sabaki's undo path (`undo` then the new move,
//! no replay), its replay path (`clear_board` and the whole history), and `genmove` twice for
//! one colour. The driver is `tests/sabaki/sabaki_sync.js`; the package is pinned by
//! `tests/sabaki/package-lock.json`.
//!
//! The test copies the driver and the lock into `target/tmp/sabaki/`, runs `npm ci` there (the
//! npm registry; nothing is installed elsewhere) unless the same lock is installed already, and
//! runs `node sabaki_sync.js <weiqi> gtp`.
//!
//! Where Node or npm is missing, or `npm ci` fails (no registry), the test prints why and
//! passes, except under `CI=true`, where `.ci/run` installs Node first and a missing Node or a
//! failed install fails the test: CI never passes without having run the syncs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The driver and the package files, next to this test.
fn source() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki")
}

/// Prints why the test did not run; fails instead under `CI=true`.
fn skip(why: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(!ci, "CI=true: the Sabaki test cannot run: {why}");
    println!("skipped: the Sabaki test did not run: {why}");
}

/// Whether `program --version` runs.
fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The folder where `@sabaki/gtp` is installed, installing it when the lock changed. `Err`
/// with the reason when npm fails.
fn install() -> Result<PathBuf, String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sabaki");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for file in ["package.json", "package-lock.json", "sabaki_sync.js"] {
        std::fs::copy(source().join(file), dir.join(file))
            .map_err(|e| format!("cannot copy {file}: {e}"))?;
    }
    let lock = std::fs::read(dir.join("package-lock.json")).map_err(|e| e.to_string())?;
    let stamp = dir.join("node_modules/.weiqi-installed-lock");
    let installed = std::fs::read(&stamp).is_ok_and(|s| s == lock)
        && dir.join("node_modules/@sabaki/gtp/package.json").is_file();
    if !installed {
        let out = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&dir)
            .output()
            .map_err(|e| format!("npm does not run: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "npm ci failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        std::fs::write(&stamp, &lock).map_err(|e| e.to_string())?;
    }
    Ok(dir)
}

#[test]
fn sabakis_controller_syncs_undoes_and_replays_issue_28() {
    if !runs("node") {
        return skip("node is not installed");
    }
    if !runs("npm") {
        return skip("npm is not installed");
    }
    let dir = match install() {
        Ok(dir) => dir,
        Err(why) => return skip(&why),
    };
    let out = Command::new("node")
        .arg("sabaki_sync.js")
        .arg(env!("CARGO_BIN_EXE_weiqi"))
        .arg("gtp")
        .current_dir(&dir)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "the Sabaki checks failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for check in [
        "ok sync 1",
        "ok sync 2",
        "ok sync 3",
        "ok sync 4",
        "ok sync 5",
        "ok undo path",
        "ok genmove twice",
        "ok replay path",
        "all checks passed",
    ] {
        assert!(stdout.contains(check), "{check:?} missing:\n{stdout}");
    }
}
