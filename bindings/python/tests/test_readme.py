"""The README's Python example runs as written (from the repository root)."""

import pathlib


def test_the_readme_python_example_runs(repo_root: pathlib.Path, monkeypatch):
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```python\n")[1:]]
    assert len(blocks) == 1
    monkeypatch.chdir(repo_root)
    exec(compile(blocks[0], "README.md (## Python)", "exec"), {})
