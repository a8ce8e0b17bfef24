"""Build, serve and test the Inca Empire site.

    python3 build.py test    # set up .venv and run every test
"""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"


def venv_python() -> Path:
    """The project's virtual environment's interpreter, created with test extras if missing."""
    python = VENV / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    subprocess.run([python, "-m", "pip", "install", "-q", "-e", f"{ROOT}[test]"], check=True)
    return python


def test() -> int:
    python = venv_python()
    return subprocess.run([python, "-m", "pytest", "-q"], cwd=ROOT).returncode


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "build"
    if command == "test":
        sys.exit(test())
    sys.exit(f"unknown command {command!r}")
