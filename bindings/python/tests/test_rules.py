"""`Rules`: built-in ids, spec files, TOML text, `diff`, and the errors of each."""

import pathlib

import pytest

import weiqi_rules as wr


def test_every_builtin_id_loads_under_its_own_id():
    ids = wr.builtin_ids()
    assert ids == sorted(ids)
    for variant in ids:
        rules = wr.Rules(variant)
        assert rules.id == variant
        assert repr(rules) == f'Rules("{variant}")'


def test_to_toml_reads_back_as_the_same_rules():
    # weiqi_spec::Ruleset::to_toml: parsed back under the same id, it gives an equal ruleset.
    for variant in wr.builtin_ids():
        rules = wr.Rules(variant)
        again = wr.Rules.from_toml(rules.to_toml(), name=f"{variant}.toml")
        assert again == rules, variant


def test_from_toml_extends_a_builtin_and_diff_names_the_changed_keys():
    base = wr.Rules("japanese-1989")
    mine = wr.Rules.from_toml(
        'extends = "japanese-1989"\n[scoring]\nkomi = 7.5\n', name="mine.toml"
    )
    assert mine.id == "mine"
    assert mine.extends == "japanese-1989"
    assert mine.komi == 7.5
    assert base.komi == 6.5
    changed = {key: (left, right) for key, left, right in base.diff(mine)}
    assert changed["scoring.komi"] == ("6.5", "7.5")
    assert "play.ko" not in changed
    assert base.diff(base) == []
    assert mine != base


def test_values_by_key_and_entries():
    rules = wr.Rules("tromp-taylor")
    entries = rules.entries()
    assert entries["play.ko"] == rules["play.ko"] == '"positional-superko"'
    assert "scoring.komi" in entries
    with pytest.raises(KeyError):
        rules["play.no-such-key"]


def test_a_spec_file_by_path_str_or_pathlike(tmp_path: pathlib.Path):
    spec = tmp_path / "house.toml"
    spec.write_text('extends = "chinese-1988"\n[scoring]\nkomi = 8\n')
    for arg in (spec, str(spec)):
        rules = wr.Rules(arg)
        assert rules.id == "house"
        assert rules.komi == 8
        assert wr.Game(arg, 9).komi == 8


def test_unknown_ids_and_missing_files_raise_rules_error():
    with pytest.raises(wr.RulesError, match="unknown built-in variant"):
        wr.Rules("no-such-rules")
    with pytest.raises(ValueError):
        wr.Rules("/no/such/dir/rules.toml")


def test_every_problem_of_bad_toml_is_reported_at_once():
    with pytest.raises(wr.RulesError) as err:
        wr.Rules.from_toml('[play]\nko = "superko"\n[scoring]\nkomi = 6.3\n', name="bad.toml")
    message = str(err.value)
    assert "bad.toml:2" in message and "play.ko" in message
    assert "scoring.komi" in message
    assert isinstance(err.value, ValueError)


def test_wrong_argument_types_raise_type_error():
    with pytest.raises(TypeError):
        wr.Rules(42)
    with pytest.raises(TypeError):
        wr.Game(42, 9)
    with pytest.raises(TypeError):
        wr.Rules("tromp-taylor").diff("japanese-1989")


def test_katago_rule_strings_are_whatever_weiqi_spec_load_takes():
    # weiqi_spec::load: `katago:` and a KataGo rule string (the ruleset's id is `katago`).
    rules = wr.Rules("katago:koPOSITIONALscoreAREAtaxALLsui1komi7.5")
    assert rules.id == "katago"
    assert rules["play.ko"] == '"positional-superko"'
    assert rules.komi == 7.5
    game = wr.Game("katago:koPOSITIONALscoreAREAtaxALLsui1komi7.5", 9)
    game.play("E5")
    checked = wr.check_sgf("(;GM[1]SZ[9];B[ee];W[ee])", rules=rules)
    assert checked["rules"] == "katago" and checked["moves"][1]["reason"] == "occupied"
    with pytest.raises(wr.RulesError, match="koSUPER"):
        wr.Rules("katago:koSUPER")
