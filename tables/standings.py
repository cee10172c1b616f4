"""Wins and games per player, game, role and character: what ``/parlor stats`` and
``/parlor leaderboard`` show, and the web pages too (so it imports nothing of Discord)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from games import registry
from games.core import Game
from storage import StatRecord
from tables.i18n import DEFAULT_LOCALE, available_locales, catalog, t
from tables.words import words_for


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    total: float = 0.0

    def add(self, row: StatRecord) -> None:
        self.games += 1
        self.wins += int(row.won)
        self.total += row.score

    @property
    def average(self) -> float:
        return self.total / self.games if self.games else 0.0


# What a seat played, as stats group it: ("role", "rebel") or ("character", "zhuge_liang").
Played = tuple[str, str]


def tally(rows: list[StatRecord]
          ) -> tuple[Tally, dict[str, Tally], dict[tuple[str, Played], Tally]]:
    """All games, by game, and by (game, what was played): each role and each character."""
    overall = Tally()
    by_game: dict[str, Tally] = defaultdict(Tally)
    by_played: dict[tuple[str, Played], Tally] = defaultdict(Tally)
    for row in rows:
        overall.add(row)
        by_game[row.game].add(row)
        if row.role:
            by_played[(row.game, ("role", row.role))].add(row)
        if row.character:
            by_played[(row.game, ("character", row.character))].add(row)
    return overall, dict(by_game), dict(by_played)


def playable(game: str) -> list[Played]:
    """Every role and character a seat of ``game`` may play, roles first; only those kinds
    its engine tells apart (``Game.role_of``, ``Game.character_of``). Roles are named by the
    catalog (``<game>.role.<id>``), characters by the game's words (``Words.characters``)."""
    engine = type(registry.get(game))
    found: list[Played] = []
    if engine.role_of is not Game.role_of:
        prefix = f"{game}.role."
        found += [("role", key[len(prefix):]) for key in sorted(catalog(DEFAULT_LOCALE))
                  if key.startswith(prefix) and "." not in key[len(prefix):]]
    if engine.character_of is not Game.character_of:
        found += [("character", character) for character in words_for(game).characters()]
    return found


def parse_played(game: str, text: str) -> Played | None:
    """``role:rebel`` or ``character:zhuge_liang`` (what the autocomplete offers), or a name
    as the reader's language or English writes it; None if ``game`` names no such thing."""
    options = playable(game)
    kind, _, value = text.partition(":")
    if (kind, value) in options:
        return kind, value
    wanted = text.strip().casefold()
    for locale in available_locales():
        for what in options:
            if played_name(game, what, locale).casefold() == wanted:
                return what
    return None


def played_name(game: str, what: Played, locale: str | None) -> str:
    """How a role or a character reads: the catalog's ``<game>.role.<id>``, the game's words'
    ``character_name``."""
    kind, value = what
    if kind == "role":
        return t(f"{game}.role.{value}", locale).plain
    return words_for(game).character_name(value, locale)
