"""The README's examples run, and print what the README says they print.

Every fenced block after the first (the first holds the set-up commands CI runs) is executed:
``python`` blocks in this interpreter, ``bash`` blocks with this environment's ``bin`` first on
PATH. Comment lines ``# ...`` right after the code are the expected output, in order.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"^\s*```(\w+)\n(.*?)^\s*```", text, flags=re.S | re.M)
    return [(lang, "\n".join(line[2:] if line.startswith("  ") else line for line in body.splitlines()))
            for lang, body in blocks[1:] if lang in ("python", "bash")]


def _split(body: str) -> tuple[str, list[str]]:
    code, expected = [], []
    for line in body.splitlines():
        if line.startswith("# "):
            expected.append(line[2:])
        elif line.strip():
            code.append(line)
    return "\n".join(code), expected


@pytest.mark.parametrize("lang,body", _blocks(), ids=lambda x: x if x in ("python", "bash") else "")
def test_readme_example_prints_what_it_says(lang, body, shared_data, tmp_path, monkeypatch):
    code, expected = _split(body)
    code = code.replace("../shared/data", str(shared_data))
    if lang == "python":
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
        printed = out.getvalue().splitlines()
    else:
        env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
        if not (Path(sys.executable).parent / "pyrules").exists():
            pytest.skip("the pyrules console script is not installed in this environment")
        run = subprocess.run(["bash", "-euo", "pipefail", "-c", code], capture_output=True, text=True,
                             cwd=tmp_path, env=env)
        assert run.returncode == 0, run.stderr
        printed = run.stdout.splitlines()
    assert [line.rstrip() for line in printed] == expected
