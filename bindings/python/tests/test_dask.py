"""examples/dask_score.py: a directory scored on a Dask LocalCluster writes the JSON Lines that
`score_files` (and so `weiqi score --json` with many files) gives, in the same order."""

import importlib.util
import pathlib
import shutil

import weiqi_rules as wr

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "dask_score.py"


def load_example():
    spec = importlib.util.spec_from_file_location("dask_score", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def records(repo_root: pathlib.Path, tmp_path: pathlib.Path) -> str:
    """The CLI's test records (good, illegal and unreadable ones) and the sample game, in two
    folders."""
    out = tmp_path / "records"
    shutil.copytree(repo_root / "crates/weiqi-cli/tests/data", out / "cli", ignore=shutil.ignore_patterns("*.toml", "*.sh"))
    shutil.copy(repo_root / "games/sample.sgf", out / "sample.sgf")
    return str(out)


def test_dask_score_writes_the_json_lines_of_score_files(repo_root, tmp_path):
    example = load_example()
    directory = records(repo_root, tmp_path)
    out = tmp_path / "scored.jsonl"
    summary = example.run(directory, str(out), workers=2, partition_size=4)
    lines = out.read_text(encoding="utf-8").splitlines()
    expected = wr.score_files([directory], json=True)
    assert lines == expected
    assert summary["files"] == len(example.sgf_files(directory)) == 21
    assert summary["games"] == len(lines)
    assert 0 < summary["errors"] < len(lines)


def test_dask_check_with_one_worker(repo_root, tmp_path):
    example = load_example()
    directory = records(repo_root, tmp_path)
    out = tmp_path / "checked.jsonl"
    example.main([directory, str(out), "--workers", "1", "--check", "--rules", "tromp-taylor"])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines == wr.check_files([directory], rules="tromp-taylor", json=True)
