//! `cargo xtask test [--python-only]`: the whole test suite, Rust and Python.
//!
//! `cargo test --workspace`, then the Python package's tests: a virtual environment under
//! `target/python-venv` (made by `python3 -m venv`, or `$WEIQI_PYTHON -m venv`, once), the test
//! tools from PyPI, the package built from `bindings/python` by its own build backend (maturin,
//! through `pip install`, exactly as the README tells a user), and pytest on
//! `bindings/python/tests`. pytest collecting no test (its exit code 5) is a failure: the tests
//! exist, so finding none means they were not found.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The PyPI packages the Python tests need besides the package itself (its `test` and `dask`
/// extras in `bindings/python/pyproject.toml`; mypy for its stubtest of the type stubs).
const TEST_PACKAGES: &[&str] = &[
    "pytest>=7",
    "numpy>=1.21",
    "dask[bag,distributed]>=2023.1",
    "mypy>=1.8",
];

/// Runs the task.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let python_only = match args {
        [] => false,
        [flag] if flag == "--python-only" => true,
        _ => return Err("usage: cargo xtask test [--python-only]".to_owned()),
    };
    if !python_only {
        crate::cargo(root, &["test", "--workspace"])?;
    }
    python(root)
}

/// The interpreter of the virtual environment at `venv`.
fn venv_python(venv: &Path) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    }
}

/// Runs `program args` in `dir`; `what` names the step in errors. Returns the exit code.
fn run_in(dir: &Path, what: &str, program: &Path, args: &[&str]) -> Result<i32, String> {
    println!("==> xtask test: {what}");
    let status = Command::new(program)
        .args(args)
        .current_dir(dir)
        .status()
        .map_err(|e| format!("cannot run {} ({what}): {e}", program.display()))?;
    Ok(status.code().unwrap_or(-1))
}

fn must(dir: &Path, what: &str, program: &Path, args: &[&str]) -> Result<(), String> {
    match run_in(dir, what, program, args)? {
        0 => Ok(()),
        code => Err(format!("{what} failed (exit code {code})")),
    }
}

/// The Python tests: venv, tools, the package, pytest.
fn python(root: &Path) -> Result<(), String> {
    let venv = root.join("target").join("python-venv");
    let python = venv_python(&venv);
    if !python.exists() {
        let system =
            std::env::var_os("WEIQI_PYTHON").map_or_else(|| "python3".into(), PathBuf::from);
        let venv_arg = venv.to_string_lossy().into_owned();
        must(
            root,
            "python3 -m venv target/python-venv",
            &system,
            &["-m", "venv", &venv_arg],
        )?;
    }
    let mut install = vec![
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ];
    install.extend(TEST_PACKAGES);
    must(root, "pip install the test tools", &python, &install)?;
    must(
        root,
        "pip install ./bindings/python (maturin builds the extension)",
        &python,
        &[
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--force-reinstall",
            "--no-deps",
            "./bindings/python",
        ],
    )?;
    let package = root.join("bindings").join("python");
    match run_in(
        &package,
        "pytest bindings/python/tests",
        &python,
        &["-m", "pytest", "tests"],
    )? {
        0 => Ok(()),
        5 => Err("pytest collected no test from bindings/python/tests".to_owned()),
        code => Err(format!("the Python tests failed (pytest exit code {code})")),
    }
}
