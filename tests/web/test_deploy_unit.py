"""deploy/parlor.service is a unit systemd accepts (``systemd-analyze verify``), pointed at a
copy of the layout it names; skipped where systemd is not installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "deploy" / "parlor.service"
ANALYZE = shutil.which("systemd-analyze")


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed (no systemd)")
def test_unit_verifies(tmp_path: Path) -> None:
    root = tmp_path / "opt" / "parlor"
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    (root / "data").mkdir()
    unit = tmp_path / "parlor.service"
    unit.write_text(UNIT.read_text().replace("/opt/parlor", str(root)))
    checked = subprocess.run([str(ANALYZE), "verify", str(unit)], capture_output=True,
                             text=True)
    # Only problems of this unit count: a container's systemd may complain about its own.
    problems = [line for line in (checked.stdout + checked.stderr).splitlines()
                if "parlor.service" in line]
    assert checked.returncode == 0 or not problems, "\n".join(problems)
    assert not problems, "\n".join(problems)
