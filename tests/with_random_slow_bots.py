"""``python -m tests.with_random_slow_bots <module> [arguments]`` runs ``<module>`` as ``python -m``
would, with the slow built-in bots replaced by random legal players
(``tests.every_game.use_random_slow_bots``): for tests that start the bot or a bench in a
process of its own and are not about how the bots play (the SIGKILL soak, the service bench's
test)."""

from __future__ import annotations

import runpy
import sys

from tests.every_game import use_random_slow_bots


def main() -> None:
    module = sys.argv[1]
    sys.argv = sys.argv[1:]
    use_random_slow_bots()
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
