"""Randomness derived from a game's seed and step.

Every draw an engine makes comes from ``derive_rng(seed, step, salt)``, so a game is replayed
exactly from its seed and its action log. The global ``random`` module is never used.
"""

import random


def derive_rng(seed: int, step: int, salt: str = "") -> random.Random:
    # A string seed is hashed with SHA-512 by ``random.Random``: stable across processes and
    # Python versions, unlike ``hash()``.
    return random.Random(f"parlor:{seed}:{step}:{salt}")
