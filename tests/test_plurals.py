"""Plural forms: a text that shows a count reads right for one and for many, in every language.

- Every catalog text that takes a count-like parameter is a plural entry (``msgid_plural``
  naming the parameter that counts), unless listed below with the reason it needs none.
- Plural entries agree across languages: the same keys, the same counted parameter, as many
  forms as the language's ``Plural-Forms`` has; every form formats.
- Each English plural entry rendered with 1 and with 2 reads as singular and as plural.
- Whole games played and rendered in English show no "1 cards" and no "2 card".
"""

from __future__ import annotations

import re
import string
from functools import cache

import pytest
from babel.messages.pofile import read_po

from tables.i18n import LOCALES_DIR, Plural, counted_parameter, plural_rule, plurals
from tables.i18n import t_plain as t
from tests.i18n_code import hosted_games
from tests.i18n_play import rendered

REFERENCE = "en"

# The nouns our games count, singular -> plural.
NOUNS = {
    "card": "cards", "district": "districts", "wound": "wounds", "win": "wins",
    "game": "games", "second": "seconds", "player": "players", "point": "points",
    "seat": "seats", "turn": "turns", "round": "rounds", "character": "characters",
    "bird": "birds", "coin": "coins",
}
COUNT_NAME = re.compile(r"^(count|amount|number|\w+_count)$")
# "{n} cards", "{n} supply cards": a parameter that counts one of the nouns.
COUNTED = re.compile(r"\{(\w+)\} (?:[a-z]+ )?(" + "|".join(NOUNS.values()) + r")\b")
ONE_OF_MANY = re.compile(r"(?<![\d.,/–-])\b1 (?:[a-z]+ )?(" + "|".join(NOUNS.values()) + r")\b")
MANY_OF_ONE = re.compile(r"(?<![\d.,/–-])\b(?:[02-9]|\d{2,}) (?:[a-z]+ )?(" +
                         "|".join(NOUNS) + r")\b")

# Texts with a count-like parameter that rightly have no plural forms, and why.
NOT_PLURAL = {
    "lobby.players": "a fraction: Players (3/6)",
    "lobby.too_few": "the least is two or more; 'N seated' reads right for any N",
    "lobby.full": "a table holds two or more",
    "lobby.description": "a range of two or more players",
    "lobby.over_seat_limit": "a table holds two or more",
    "lobby.full_with_options": "a table holds two or more",
    "lobby.options_seat_limit": "refused only when more are seated than the table holds",
    "haunt.board.over_one": "'wins' is the verb of a lone winner, not a count",
    "haunt.over_one": "'wins' is the verb of a lone winner, not a count",
    "games.line": "a range of two or more players",
    "core.bad_seat_count": "the lobby refuses fewer seats than the least before the engine "
                           "is asked",
    "stats.with_bots": "'N of these games' reads right for any N",
    "citadels.board.face_down": "a symbol and a number",
    "citadels.panel.hand": "a number in brackets",
    "citadels.panel.status": "a fraction of a city of seven or more districts",
    "citadels.option.two_player_target": "10 or 12 districts",
    "lifeboat.action.choose_navigation": "an ordinal: Card 2",
    "config.bad_response_timer": "a range whose top is many seconds",
}


def parameters(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


@cache
def entries(locale: str) -> dict[str, tuple[str, str | tuple[str, ...]]]:
    """key -> (the parameter a plural entry counts by, or "", text or forms), read straight
    from the files."""
    found: dict[str, tuple[str, str | tuple[str, ...]]] = {}
    for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle, locale=locale):
                if not message.id:
                    continue
                if isinstance(message.id, tuple):
                    forms = tuple(str(f) for f in (message.string or ()))
                    counted = counted_parameter(str(message.id[1]))
                    found[str(message.id[0])] = (counted, forms)
                else:
                    found[str(message.id)] = ("", str(message.string))
    return found


def locales() -> list[str]:
    return sorted(p.name for p in LOCALES_DIR.iterdir() if p.is_dir())


def general(entry: tuple[str, str | tuple[str, ...]]) -> str:
    text = entry[1]
    return text[-1] if isinstance(text, tuple) else text


def count_like(key: str, text: str) -> set[str]:
    """The parameters of ``text`` that count something."""
    named = {p for p in parameters(text) if COUNT_NAME.match(p)}
    return named | {m.group(1) for m in COUNTED.finditer(text)}


def test_every_counted_text_has_plural_forms() -> None:
    """Rule: a text showing a count ("{count} cards", "{amount} wound") is a plural entry
    whose msgid_plural names that count."""
    problems = []
    for key, entry in entries(REFERENCE).items():
        counts = count_like(key, general(entry))
        if not counts or key in NOT_PLURAL:
            continue
        counted = entry[0]
        if not counted:
            problems.append(f"{key}: counts {sorted(counts)} without plural forms")
        elif counted not in counts:
            problems.append(f"{key}: its forms follow {counted!r}, not {sorted(counts)}")
    assert not problems, "\n".join(problems)
    assert set(NOT_PLURAL) <= set(entries(REFERENCE)), "stale entries in NOT_PLURAL"


@pytest.mark.parametrize("locale", locales())
def test_plural_entries_agree_with_english_and_their_language(locale: str) -> None:
    """Rule: the same keys are plural in every language, counted by the same parameter, with
    as many forms as the language has, each naming only the general form's parameters, and
    the single Chinese form naming the count."""
    english = {k: e for k, e in entries(REFERENCE).items() if e[0]}
    mine = {k: e for k, e in entries(locale).items() if e[0]}
    assert sorted(mine) == sorted(english)
    with (next((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po"))).open("rb") as handle:
        wanted = read_po(handle, locale=locale).num_plurals
    problems = []
    for key, (counted, forms) in mine.items():
        assert isinstance(forms, tuple)
        if counted != english[key][0]:
            problems.append(f"{key}: counted by {counted!r}, English by {english[key][0]!r}")
        if len(forms) != wanted:
            problems.append(f"{key}: {len(forms)} forms, {locale} has {wanted}")
        if counted not in parameters(forms[-1]):
            problems.append(f"{key}: the general form does not show {{{counted}}}")
        for form in forms:
            if not form.strip() or not parameters(form) <= parameters(forms[-1]):
                problems.append(f"{key}: form {form!r}")
    assert not problems, "\n".join(problems)


def test_every_plural_entry_reads_right_for_one_and_for_two() -> None:
    """Rule: rendered with a count of 1, an English plural entry speaks of one thing; with 2,
    of several."""
    problems = []
    for key, plural in plurals(REFERENCE).items():
        assert isinstance(plural, Plural)
        filler = {name: "x" for name in parameters(plural.forms[-1])}
        one = t(key, REFERENCE, **{**filler, plural.counted: 1})
        two = t(key, REFERENCE, **{**filler, plural.counted: "2"})  # renderers pass text
        if ONE_OF_MANY.search(one) or MANY_OF_ONE.search(two):
            problems.append(f"{key}: {one!r} / {two!r}")
    assert not problems, "\n".join(problems)
    assert plural_rule("zh_CN")(1) == plural_rule("zh_CN")(2) == 0
    assert (plural_rule("en")(1), plural_rule("en")(2), plural_rule("en")(0)) == (0, 1, 1)


def test_a_plural_entry_without_its_count_falls_back_to_the_general_form(
        caplog: pytest.LogCaptureFixture) -> None:
    """A call that forgets the count shows the general form and says so in the log (the
    whole-game rendering tests turn such warnings into failures)."""
    key, plural = next(iter(plurals(REFERENCE).items()))
    shown = t(key, REFERENCE)
    assert shown.startswith(plural.forms[-1].split("{")[0])
    assert any("needs a whole number" in r.getMessage() for r in caplog.records)


@pytest.mark.xdist_group("i18n")  # the whole games tests/test_i18n.py renders, once a process
@pytest.mark.parametrize("game", hosted_games())
def test_whole_games_in_english_never_show_one_cards_or_two_card(game: str) -> None:
    """Every hosted game played to its end and rendered in English: no count with the wrong
    number of its noun ("passes 1 cards", "takes 2 wound") in its prompts, action labels,
    event lines and replay (the public log's lines among its own): the English lines of the
    games the catalog checks render (``tests.i18n_play.rendered``), written at the same
    moments as their Chinese.
    (English boards and panels are drawn at every step of a whole game of each by
    tests/test_non_interference.py.)"""
    lines = rendered().lines[game][REFERENCE]
    wrong = sorted({line for line in lines
                    if ONE_OF_MANY.search(line) or MANY_OF_ONE.search(line)})
    assert not wrong, "\n".join(wrong[:30])


def test_the_scanners_can_fail() -> None:
    """The patterns see what they must, and only that."""
    assert count_like("k", "{seat} passes {n} cards to {to}") == {"n"}
    assert count_like("k", "{character} takes {amount} wound") == {"amount"}
    assert count_like("k", "{seat} draws {count} supply cards") == {"count"}
    assert count_like("k", "{character} rows and draws cards") == set()
    assert ONE_OF_MANY.search("Frenchy passes 1 cards to the Kid")
    assert ONE_OF_MANY.search("with 1 hand cards")
    assert not ONE_OF_MANY.search("Frenchy passes 1 card to the Kid")
    assert not ONE_OF_MANY.search("draws 21 cards; 1/3 cards")
    assert MANY_OF_ONE.search("takes 2 wound by thirst")
    assert not MANY_OF_ONE.search("takes 1 wound by thirst")
