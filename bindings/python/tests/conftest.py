"""Shared helpers of the Python tests: the repository's paths."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture
def repo_root() -> pathlib.Path:
    """The root of the weiqi repository (its `games/`, `spec/` and crates' test data)."""
    return ROOT
