//! Files the command line writes (`score --write`, `--svg`): never the input by another name,
//! and never half-written.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::CliError;

/// Whether `out` names the file `input`: the same path, the same file by another path (`./`,
/// a symbolic link), or the same file under another name (a hard link: the same device and
/// inode).
pub(crate) fn same_file(input: &Path, out: &Path) -> bool {
    if input == out {
        return true;
    }
    if let (Ok(a), Ok(b)) = (std::fs::canonicalize(input), std::fs::canonicalize(out))
        && a == b
    {
        return true;
    }
    same_inode(input, out)
}

#[cfg(unix)]
fn same_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_inode(_: &Path, _: &Path) -> bool {
    false
}

/// Writes `bytes` to `path` atomically: into a new temporary file beside it, flushed to disk,
/// then renamed over `path`. An interrupted write leaves the old file whole (and at most the
/// temporary file, named after it), never a file cut short.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let cannot = |e: std::io::Error| CliError(format!("{}: cannot write: {e}", path.display()));
    let temp = temporary_beside(path);
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(cannot(e));
    }
    Ok(())
}

/// A name for a temporary file in `path`'s folder: `.NAME.weiqi-PID.tmp`.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let temp = format!(".{name}.weiqi-{}.tmp", std::process::id());
    dir.map_or_else(|| PathBuf::from(&temp), |d| d.join(&temp))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("weiqi-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp dir");
        d
    }

    #[test]
    fn a_hard_link_is_the_same_file() {
        let d = dir("link");
        let a = d.join("game.sgf");
        std::fs::write(&a, "(;)").expect("write");
        let b = d.join("other-name.sgf");
        std::fs::hard_link(&a, &b).expect("hard link");
        assert!(same_file(&a, &b));
        assert!(same_file(&a, &d.join("./game.sgf")));
        let c = d.join("copy.sgf");
        std::fs::copy(&a, &c).expect("copy");
        assert!(!same_file(&a, &c));
        assert!(!same_file(&a, &d.join("missing.sgf")));
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let d = dir("atomic");
        let p = d.join("out.sgf");
        std::fs::write(&p, "old").expect("write");
        write_atomically(&p, b"new").expect("written");
        assert_eq!(std::fs::read_to_string(&p).expect("read"), "new");
        let names: Vec<_> = std::fs::read_dir(&d)
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        // A folder that does not exist: an error naming the path, nothing left behind.
        let missing = d.join("no-such-dir/out.sgf");
        let e = write_atomically(&missing, b"x").expect_err("no folder");
        assert!(e.0.contains("no-such-dir/out.sgf: cannot write"), "{e}");
    }
}
