"""The type stubs (`_native.pyi`) match the extension module: mypy's stubtest finds every
name, signature and class of the runtime module in the stubs and nothing more."""

import subprocess
import sys


def test_stubtest_finds_the_stubs_true():
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "weiqi_rules"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout
