"""Records: `check_sgf`, `score_sgf` and the batch forms give the JSON contract's objects."""

import json
import pathlib

import pytest

import weiqi_rules as wr


def json_md_blocks(root: pathlib.Path):
    """The JSON examples of crates/weiqi-cli/JSON.md (the CLI's tests keep them real)."""
    doc = (root / "crates/weiqi-cli/JSON.md").read_text()
    blocks = [json.loads(b.split("```")[0]) for b in doc.split("```json\n")[1:]]
    lines = doc.split("```jsonl\n")[1].split("```")[0].splitlines()
    return blocks, lines


def test_check_sgf_is_check_json(repo_root, monkeypatch):
    blocks, _ = json_md_blocks(repo_root)
    monkeypatch.chdir(repo_root / "crates/weiqi-cli")
    path = "tests/data/illegal-ko.sgf"
    assert wr.check_sgf(path) == blocks[0]
    assert wr.check_sgf(pathlib.Path(path)) == blocks[0]
    data = pathlib.Path(path).read_bytes()
    assert wr.check_sgf(data, name=path) == blocks[0]
    assert wr.check_sgf(data.decode(), name=path) == blocks[0]


def test_score_sgf_is_score_json(repo_root, monkeypatch):
    blocks, _ = json_md_blocks(repo_root)
    monkeypatch.chdir(repo_root)
    assert wr.score_sgf("games/sample.sgf") == blocks[2]


def test_check_files_gives_the_json_lines_of_many_files(repo_root, monkeypatch):
    _, lines = json_md_blocks(repo_root)
    monkeypatch.chdir(repo_root / "crates/weiqi-cli")
    files = ["tests/data/centre-5x5.sgf", "tests/data/truncated.sgf"]
    assert wr.check_files(files, json=True) == lines
    assert wr.check_files(files, jobs=1) == [json.loads(line) for line in lines]


def test_the_illegal_move_of_a_record_has_the_code_a_game_raises(repo_root):
    # The same stable code in both places (weiqi_core::Illegal::code).
    checked = wr.check_sgf(repo_root / "crates/weiqi-cli/tests/data/illegal-ko.sgf")
    moves = checked["moves"]
    game = wr.Game(checked["rules"], 9)
    for mv in moves[:-1]:
        game.play(mv["point"])
    with pytest.raises(wr.IllegalMove) as err:
        game.play(moves[-1]["point"])
    assert err.value.code == moves[-1]["reason"] == "ko"


def test_options_rules_komi_dead(repo_root):
    sample = repo_root / "games/sample.sgf"
    chinese = wr.score_sgf(sample, rules="chinese-1988", komi=7.5, dead="none")
    assert chinese["rules"] == "chinese-1988" and chinese["rules_source"] == "option"
    assert chinese["komi"] == 7.5 and chinese["komi_source"] == "option"
    assert chinese["dead"]["points"] == [] and chinese["dead"]["source"] == "none"
    by_object = wr.score_sgf(sample, rules=wr.Rules("chinese-1988"), komi=7.5, dead=[])
    assert by_object["result"] == chinese["result"]
    # One stone names its whole string: fb takes gb with it, as the record's marks do.
    listed = wr.score_sgf(sample, dead=["fb", "dh"])
    assert listed["dead"]["points"] == ["fb", "dh"]
    assert listed["result"] == wr.score_sgf(sample)["result"] == "W+1.5"
    with pytest.raises(ValueError, match="TOML text"):
        wr.check_sgf(sample, rules=wr.Rules.from_toml('extends = "korean"\n'))
    with pytest.raises(ValueError, match="multiple of 0.5"):
        wr.score_sgf(sample, komi=6.3)
    with pytest.raises(TypeError):
        wr.score_sgf(sample, komi="lots")
    with pytest.raises(TypeError):
        wr.score_sgf(sample, dead=[1, 2])


def test_unreadable_records_raise_record_error_with_the_json_lines_kind(repo_root, tmp_path):
    with pytest.raises(wr.RecordError) as err:
        wr.check_sgf(repo_root / "crates/weiqi-cli/tests/data/truncated.sgf")
    assert err.value.kind == "unclosed-value" and isinstance(err.value, ValueError)
    with pytest.raises(wr.RecordError) as err:
        wr.check_sgf(tmp_path / "missing.sgf")
    assert err.value.kind == "io"
    with pytest.raises(wr.RecordError) as err:
        wr.check_sgf(b"(;GM[3])")
    assert err.value.kind == "not-go"
    with pytest.raises(wr.RecordError) as err:
        wr.check_sgf("(;GM[1]SZ[9];B[ee])", rules="no-such-rules")
    assert err.value.kind == "cannot-rule"
    with pytest.raises(wr.RecordError) as err:
        wr.check_sgf("(;GM[1]SZ[9];B[ee])", game=2)
    assert err.value.kind == "no-game"
    with pytest.raises(TypeError):
        wr.check_sgf(12)


def test_collections_and_directories(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "two.SGF").write_text("(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[aa];W[aa])")
    (tmp_path / "a.sgf").write_text("(;GM[1]SZ[9];B[cc];W[])")
    (tmp_path / "notes.txt").write_text("not a record")
    (tmp_path / "c.sgf").write_text("(;GM[1]SZ[9];B[cc]")
    out = wr.check_files([tmp_path])
    assert [(pathlib.Path(o["file"]).name, o["game"]) for o in out] == [
        ("a.sgf", 1),
        ("two.SGF", 1),
        ("two.SGF", 2),
        ("c.sgf", None),
    ]
    assert out[3]["error"]["kind"] == "unclosed-tree"
    second = wr.check_sgf(tmp_path / "b" / "two.SGF", game=2)
    assert second["first_illegal"] == 2 and second["moves"][1]["reason"] == "occupied"
    scored = wr.score_files([tmp_path / "a.sgf", tmp_path / "c.sgf"], jobs=2)
    assert scored[0]["game"] == 1 and "result" in scored[0]
    assert scored[1]["error"]["kind"] == "unclosed-tree"
    # A folder without records is unreadable in its place, as `weiqi check` says (issue 29).
    (tmp_path / "empty").mkdir()
    empty = wr.check_files([tmp_path / "empty"])
    assert empty == [
        {
            "file": str(tmp_path / "empty"),
            "game": None,
            "error": {"kind": "io", "message": "no *.sgf file below this folder"},
        }
    ]
    with pytest.raises(TypeError):
        wr.check_files(str(tmp_path))
    with pytest.raises(ValueError):
        wr.check_files([tmp_path], jobs=0)


def test_the_batch_releases_the_gil(repo_root):
    # While check_files rules on its pool, another Python thread runs: the main thread below
    # keeps counting inside the call's time window (with the GIL held it could not run at all).
    import threading
    import time

    files = [repo_root / "games/sample.sgf"] * 1500
    window = {}

    def batch():
        window["start"] = time.perf_counter()
        wr.check_files(files, jobs=1, json=True)
        window["end"] = time.perf_counter()

    worker = threading.Thread(target=batch)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    worker.join()
    inside = [t for t in ticks if window["start"] < t < window["end"]]
    assert window["end"] - window["start"] > 0.05, "the batch was too short to tell"
    assert len(inside) >= 10, (len(inside), window)
