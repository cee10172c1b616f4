"""Who each seat is, as one seat reads the table: identity odds from public deeds only.

What a seasoned player reads: the lord is face up, the dead are face up, and everyone else is
judged by what they chose to do to whom (``view.intent``: Slashes, Duels, tricks, Peaches,
saves, gifts, Nullifications). Each identity explains deeds differently: a loyalist harms
rebels and helps the lord's side, a rebel the reverse, a renegade helps the lord while rebels
live and harms both sides' others. A seat's odds weigh how well each identity explains its
deeds against how many of that identity are still hidden (``Belief.odds``), and the odds of
the seats a deed was aimed at feed back into how that deed reads, for a few rounds.

The public part (the deeds and the dead) is the same for every viewer and is worked out once
per table moment; a viewer then only folds in its own identity.
"""

from __future__ import annotations

from functools import cache
from math import exp
from typing import Any

from games.core.memo import Memo
from games.sanguosha.identities import identity_cards

# Odds are over (lord's side, rebel, renegade); the lord's own row is (1, 0, 0).
LOYAL, REBEL, RENEGADE = 0, 1, 2
ROLES = ("loyalist", "rebel", "renegade")

# How much an identity wants to harm (> 0) or help (< 0) each identity, as its deeds show:
# rows are the actor (loyalist, rebel, renegade), columns the target (lord, loyalist, rebel,
# renegade).
_WANTS: tuple[tuple[float, float, float, float], ...] = (
    (-1.5, -1.0, 1.0, 0.3),
    (1.5, 1.0, -1.0, 0.3),
    (-0.6, 0.4, 0.8, 0.0),
)
# How strongly one unit of deed counts, and how much a deed tells about its target (whom the
# actor, reading the same table, took for a friend or foe) next to its actor.
_STRENGTH = 0.9
_TARGET_WEIGHT = 0.3
_ROUNDS = 2
_BALANCING = 2

_PUBLIC: Memo[tuple[Any, ...], dict[int, tuple[float, float, float]]] = Memo(2_000)
_VIEWERS: Memo[tuple[Any, ...], list[tuple[float, float, float]]] = Memo(4_000)


@cache
def identity_counts(seats: int, two_renegades: bool) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in identity_cards(seats, two_renegades):
        name = card.split("-")[1]
        counts[name] = counts.get(name, 0) + 1
    return counts


def _columns(odds: tuple[float, float, float], lord: bool) -> tuple[float, float, float, float]:
    """A seat's odds as the four identities (lord, loyalist, rebel, renegade)."""
    if lord:
        return (1.0, 0.0, 0.0, 0.0)
    return (0.0, odds[LOYAL], odds[REBEL], odds[RENEGADE])


def _known_odds(identity: str | None) -> tuple[float, float, float] | None:
    if identity is None:
        return None
    if identity in ("lord", "loyalist"):
        return (1.0, 0.0, 0.0)
    return (0.0, 1.0, 0.0) if identity == "rebel" else (0.0, 0.0, 1.0)


def _balance(weights: dict[int, tuple[float, float, float]], counts: tuple[float, ...]
             ) -> dict[int, tuple[float, float, float]]:
    """Odds per hidden seat from likelihood ``weights``, scaled so the hidden seats share out
    the hidden identities (each column sums to its count) while each seat's odds sum to 1."""
    seats = list(weights)
    rows = [list(weights[s]) for s in seats]
    c0, c1, c2 = counts[0], counts[1], counts[2]
    for _ in range(_BALANCING):
        t0 = t1 = t2 = 0.0
        for row in rows:
            t0 += row[0]
            t1 += row[1]
            t2 += row[2]
        k0 = c0 / t0 if t0 > 0 else 0.0
        k1 = c1 / t1 if t1 > 0 else 0.0
        k2 = c2 / t2 if t2 > 0 else 0.0
        for row in rows:
            a, b, c = row[0] * k0, row[1] * k1, row[2] * k2
            total = a + b + c
            if total > 0:
                row[0], row[1], row[2] = a / total, b / total, c / total
            else:
                row[0], row[1], row[2] = a, b, c
    return {s: (row[0], row[1], row[2]) for s, row in zip(seats, rows, strict=True)}


# The wants of each identity, by column: for an actor of each role, how it treats the lord,
# loyalists, rebels and renegades; and for a target of each role, how the lord's side, the
# rebels and the renegade treat it.
_OUT = [tuple(_WANTS[role][column] for role in range(3)) for column in range(4)]
_IN = [tuple(_WANTS[actor][role + 1] for role in range(3)) for actor in range(3)]


def public_weights(intent: list[list[int]], lord: int, known: list[str | None],
                   counts: dict[str, int]) -> dict[int, tuple[float, float, float]]:
    """How well each identity explains each hidden seat's deeds (likelihoods, not yet
    balanced against the identities left), as the whole table reads them. A seat with no
    deed, done or suffered, is explained equally well by every identity."""
    n = len(intent)
    hidden = [s for s in range(n) if known[s] is None and s != lord]
    weights: dict[int, tuple[float, float, float]] = dict.fromkeys(hidden, (1.0, 1.0, 1.0))
    outgoing: dict[int, list[tuple[int, int]]] = {}
    incoming: dict[int, list[tuple[int, float]]] = {}
    for a, row in enumerate(intent):
        if not any(row):
            continue
        for b, v in enumerate(row):
            if v:
                if a in weights:
                    outgoing.setdefault(a, []).append((b, v))
                if b in weights:
                    incoming.setdefault(b, []).append((a, v * _TARGET_WEIGHT))
    involved = [s for s in hidden if s in outgoing or s in incoming]
    if not involved:
        return weights
    left = _hidden_counts(counts, [k for k in known if k is not None])
    prior = _prior(left)
    columns: list[tuple[float, float, float, float]] = []
    for s in range(n):
        found = _known_odds(known[s])
        columns.append(_columns(found if found is not None else prior, s == lord))
    (o0, o1, o2, o3), (i0, i1, i2) = _OUT, _IN
    no_deeds: list[tuple[int, int]] = []
    not_aimed_at: list[tuple[int, float]] = []
    for _ in range(_ROUNDS):
        round_weights: dict[int, tuple[float, float, float]] = {}
        for s in involved:
            t0 = t1 = t2 = t3 = 0.0
            for b, v in outgoing.get(s, no_deeds):
                c = columns[b]
                t0 += v * c[0]
                t1 += v * c[1]
                t2 += v * c[2]
                t3 += v * c[3]
            a0 = a1 = a2 = 0.0
            for a, w in incoming.get(s, not_aimed_at):
                c = columns[a]
                a0 += w * (c[0] + c[1])
                a1 += w * c[2]
                a2 += w * c[3]
            x0 = (t0 * o0[0] + t1 * o1[0] + t2 * o2[0] + t3 * o3[0]
                  + a0 * i0[0] + a1 * i1[0] + a2 * i2[0]) * _STRENGTH
            x1 = (t0 * o0[1] + t1 * o1[1] + t2 * o2[1] + t3 * o3[1]
                  + a0 * i0[1] + a1 * i1[1] + a2 * i2[1]) * _STRENGTH
            x2 = (t0 * o0[2] + t1 * o1[2] + t2 * o2[2] + t3 * o3[2]
                  + a0 * i0[2] + a1 * i1[2] + a2 * i2[2]) * _STRENGTH
            top = max(x0, x1, x2)
            if top > 600.0:  # never in a real game: a thousand deeds against one seat
                x0, x1, x2 = x0 - top, x1 - top, x2 - top
            round_weights[s] = (exp(x0), exp(x1), exp(x2))
        # The next round reads each deed's target by these odds (the prior times the
        # likelihood: balancing waits for the viewer, who knows one identity more).
        for s, (w0, w1, w2) in round_weights.items():
            p0, p1, p2 = prior[0] * w0, prior[1] * w1, prior[2] * w2
            total = p0 + p1 + p2
            columns[s] = (0.0, p0 / total, p1 / total, p2 / total) if total > 0 else \
                (0.0, 0.0, 0.0, 0.0)
        weights.update(round_weights)
    return weights


def _hidden_counts(counts: dict[str, int], known: list[str]) -> tuple[float, float, float]:
    loyal = counts.get("loyalist", 0) - known.count("loyalist")
    rebels = counts.get("rebel", 0) - known.count("rebel")
    renegades = counts.get("renegade", 0) - known.count("renegade")
    return (float(max(loyal, 0)), float(max(rebels, 0)), float(max(renegades, 0)))


def _prior(left: tuple[float, float, float]) -> tuple[float, float, float]:
    total = sum(left)
    if total <= 0:
        return (1 / 3, 1 / 3, 1 / 3)
    return (left[0] / total, left[1] / total, left[2] / total)


def seat_odds(view: Any) -> list[tuple[float, float, float]]:
    """Each seat's odds of being on the lord's side (the lord, a loyalist), a rebel or the
    renegade, as the viewer reads them: certain for itself, the lord and the face-up dead."""
    me = view.me.seat
    identity = view.me.identity
    rows = view.seats
    n = len(rows)
    known = [row.identity for row in rows]
    intent = view.intent or [[0] * n for _ in range(n)]
    two = view.options.two_renegades
    public_key = (view.lord, tuple(known), tuple(map(tuple, intent)), two)
    key = (me, identity, public_key)
    found = _VIEWERS.get(key)
    if found is not None:
        return found
    counts = identity_counts(n, two)
    weights = _PUBLIC.get(public_key)
    if weights is None:
        weights = _PUBLIC.remember(public_key, public_weights(intent, view.lord, known, counts))
    mine = list(known)
    mine[me] = identity
    left = _hidden_counts(counts, [k for k in mine if k is not None])
    hidden = {s: w for s, w in weights.items() if s != me}
    balanced = _balance(hidden, left)
    odds: list[tuple[float, float, float]] = []
    for s in range(n):
        if s == view.lord:
            odds.append((1.0, 0.0, 0.0))
        elif s in balanced:
            odds.append(balanced[s])
        else:
            odds.append(_known_odds(mine[s]) or (0.0, 0.0, 0.0))
    return _VIEWERS.remember(key, odds)
