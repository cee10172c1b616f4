"""The baseline of ``bench/ab.py``: a checkout of a git revision, and the process answering from it.

``baseline_tree(rev)`` makes (or finds again) a detached git worktree of ``rev`` under
``/tmp/parlor-ab/``; a directory given instead of a revision is used as it is. ``BaselineBot``
runs ``bench/ab_baseline.py`` over that tree and asks it for decisions, one JSON line each way.
"""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from games.core import Action, Game, Prompt

ROOT = Path(__file__).resolve().parent.parent
WORKTREES = Path("/tmp/parlor-ab")
SCRIPT = Path(__file__).resolve().parent / "ab_baseline.py"


def git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def describe_tree(root: Path = ROOT) -> str:
    """The working tree's commit, with ``+changes`` when games/ differs from it."""
    try:
        head = git("rev-parse", "--short=7", "HEAD", cwd=root)
        dirty = git("status", "--porcelain", "--", "games", cwd=root)
    except (RuntimeError, FileNotFoundError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def baseline_tree(rev: str) -> tuple[Path, str]:
    """The checkout answering for ``rev`` and a name for it: a directory as it is, or a
    detached worktree of the commit (made once, shared by every later run and by other
    checkouts of the same repository; a lock keeps two runs from making it at once)."""
    given = Path(rev)
    if given.is_dir() and (given / "games").is_dir():
        return given.resolve(), f"tree {given.resolve()}"
    sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    WORKTREES.mkdir(parents=True, exist_ok=True)
    path = WORKTREES / sha[:12]
    with open(WORKTREES / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.is_dir():
            try:
                if git("rev-parse", "HEAD", cwd=path) == sha and (path / "games").is_dir():
                    return path, sha[:7]
            except RuntimeError:
                pass
            git("worktree", "remove", "--force", str(path))
        git("worktree", "prune")
        git("worktree", "add", "--detach", str(path), sha)
    return path, sha[:7]


class BaselineError(RuntimeError):
    """The baseline process failed to answer (its message says why)."""


class BaselineBot:
    """The baseline revision's bots, in a process of their own."""

    def __init__(self, tree: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(SCRIPT), str(tree)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
            cwd=str(tree))
        ready = self._read()
        if ready.get("ready") != str(tree):
            raise BaselineError(f"the baseline did not start: {ready}")

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise BaselineError(f"the baseline process ended (exit {self.process.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def choose(self, game: Game[Any, Any], view: Any, prompt: Prompt, rng: tuple[int, int, int],
               view_options: dict[str, Any] | None = None) -> Action:
        """The baseline's move for ``prompt``; ``rng`` is (seed, step, seat), from which the
        baseline derives the very generator the new bot would get. ``view_options`` replaces
        fields of the view's ``options`` (a level for the baseline's side)."""
        view_json = view.model_dump_json()
        if view_options:
            data = json.loads(view_json)
            if isinstance(data.get("options"), dict):
                data["options"].update(view_options)
                view_json = json.dumps(data)
        kind = f"{type(view).__module__}:{type(view).__qualname__}"
        message = (f'{{"game":"{game.spec.name}","view":{view_json},"view_type":"{kind}",'
                   f'"prompt":{prompt.model_dump_json()},"rng":{json.dumps(list(rng))}}}\n')
        assert self.process.stdin is not None
        self.process.stdin.write(message)
        self.process.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise BaselineError(f"{answer['error']}\n{answer.get('trace', '')}")
        if "index" in answer:
            return prompt.actions[answer["index"]]
        action = game.parse_action(answer["action"])
        if not prompt.offers(action):
            raise BaselineError(f"the baseline chose {action}, which the prompt does not offer")
        return action

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
