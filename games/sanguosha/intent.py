"""The public records of what seats did to each other: ``intent``, what each seat chose to do
to the others, which the bots read to guess identities (``bot_belief``), and ``deeds``, harm
done less help given, which first-death protection reads.

``intent[a][b]`` counts ``a``'s choices aimed at ``b`` that harm it (a Slash, a Duel, a trick
that takes or locks its cards, a Nullification of a trick that would help it, a Slash passed on
to it) minus those that help it (a Peach, a heal, a gift of cards, a Nullification that spares
it, a card played for its lord skill); a Peach that saves ``b`` from dying counts 2. Only
choices count, never what the rules make happen (damage a Duel's loser takes, an area trick
that hits everyone), and only what the whole table saw: the record holds no secret.

Both are changed row by row, never in place: a state's copy and its views share the rows
(``state.clone``, ``views``), which are rebuilt every move and would otherwise be copied every
time.
"""

from __future__ import annotations

from games.sanguosha.state import SanguoshaState

HARM, HELP, SAVE = 1, -1, -2


def _add(rows: list[list[int]], actor: int, target: int, amount: int) -> None:
    row = rows[actor].copy()
    row[target] += amount
    rows[actor] = row


def aimed(state: SanguoshaState, actor: int, target: int, amount: int) -> None:
    """Records ``actor``'s choice aimed at ``target`` (nothing for a seat's own, or a rule's)."""
    if actor >= 0 and target >= 0 and actor != target:
        _add(state.intent, actor, target, amount)


def deed(state: SanguoshaState, actor: int, target: int, amount: int) -> None:
    """Adds ``amount`` to what ``actor`` has done to ``target`` (> 0 harm, < 0 help)."""
    _add(state.deeds, actor, target, amount)
