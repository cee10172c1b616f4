"""Structured text (``tables.text``) and how the Discord adapter writes it
(``bot.renderers.markdown``): the catalogs' markup read into styles and written back as it was,
a name escaped wherever Discord renders markdown and shown as it is where it does not, cuts that
never split an escape, a mark or a mention, and a ``Text`` that refuses to pass for a ``str``."""

from __future__ import annotations

import random
import re

import pytest

from bot.renderers.markdown import markdown, markdown_tail, mentioned, plain
from tables.i18n import available_locales, catalog, plurals, t
from tables.text import (
    Kind,
    Run,
    Slot,
    Style,
    Text,
    block,
    bold,
    card,
    code,
    fill,
    italic,
    lines,
    mention,
    name,
    template,
    text,
    words,
)
from tests.discord_display import display, read_literally

HOSTILE = "[a](https://example.com) **b** ||c|| ``` <@1> @everyone"
# Discord reads these anywhere in a line; a catalog's own text holds none outside its marks.
LIVE_INLINE = re.compile(r"\*|(?<!\w)_|_(?!\w)|~~|\|\||`|<[@#:at]|\[[^\]]*\]\(")


def every_catalog_text() -> list[tuple[str, str, str]]:
    found = []
    for locale in available_locales():
        found += [(locale, key, value) for key, value in catalog(locale).items()]
        found += [(locale, f"{key}[{n}]", form) for key, plural in plurals(locale).items()
                  for n, form in enumerate(plural.forms)]
    return found


def test_every_catalog_text_is_read_as_discord_reads_it_and_written_back_as_it_was() -> None:
    """Rule: a catalog's markup is ours. Read into styles and written as markdown with its
    slots left open, every text (every form of every plural) is the very text of the catalog;
    and no character left as a character is one Discord would read as markup."""
    problems = []
    for locale, key, value in every_catalog_text():
        read = template(value)
        unfilled = fill(read, {})
        if markdown(unfilled) != value:
            problems.append(f"{locale} {key}: {markdown(unfilled)!r} != {value!r}")
        for part in read.parts:
            if isinstance(part, Run) and not part.style & (Style.CODE | Style.BLOCK) and \
                    LIVE_INLINE.search(part.text):
                problems.append(f"{locale} {key}: markup left as characters: {part.text!r}")
    assert not problems, problems[:10]


def test_a_template_reads_styles_and_slots() -> None:
    read = template("**{name}** plays *{card}*, `{command}` — 5 * 3")
    assert read.parts == (
        Slot("name", Style.BOLD), Run(" plays "), Slot("card", Style.ITALIC), Run(", "),
        Slot("command", Style.CODE), Run(" — 5 * 3"))
    filled = fill(read, {"name": name("Bo"), "card": card("Duel"), "command": "/x"})
    assert filled.runs == (Run("Bo", Style.BOLD, Kind.NAME), Run(" plays "),
                           Run("Duel", Style.ITALIC, Kind.CARD), Run(", "),
                           Run("/x", Style.CODE, Kind.TEXT), Run(" — 5 * 3"))
    assert markdown(filled) == "**Bo** plays *Duel*, `/x` — 5 * 3"
    assert fill(template("{a} and {b}"), {"a": 3}).plain == "3 and {b}"  # a missing slot shows


def test_t_fills_a_name_a_number_and_a_string_each_as_what_it_is() -> None:
    line = t("reveal.score_line", "en", name=name(HOSTILE), score=2)
    kinds = {run.kind for run in line.runs}
    assert {Kind.NAME, Kind.NUMBER, Kind.WORDS} <= kinds
    assert HOSTILE in line.plain
    assert t("match.paused", "en", command="/x").runs[-2].kind is Kind.TEXT


@pytest.mark.parametrize("where", ["start", "middle", "bold", "italic", "line start",
                                   "after a list"])
def test_a_name_reads_literally_wherever_it_stands(where: str) -> None:
    """Rule (issue 33): a name is text. Wherever it stands in our words, Discord shows its
    every character and none of its markup: no link, bold, spoiler, code, mention."""
    shown = name(HOSTILE)
    placed = {
        "start": shown + " plays.",
        "middle": words("Now ") + shown + words(" plays **well**."),
        "bold": bold(shown) + words(" won"),
        "italic": words("by ") + italic(shown),
        "line start": words("one\n") + shown,
        "after a list": words("1. ") + shown,
    }[where]
    written = markdown(placed)
    assert read_literally(written, HOSTILE, markdown(shown)) == []
    assert HOSTILE in display(written).text


@pytest.mark.parametrize("typed", ["# Heading", "> quoted", "- item", "1. first", "-# small",
                                   ">>> all", "+ plus", "  * star", "a_b_c", "~~x~~", "\\*x\\*",
                                   "<t:0:R>", "<:fire:99>", "<#5>", "<@&7>", "@here",
                                   "https://x.org/a_b", "<https://x.org>", "[x](y)"])
def test_every_kind_of_markup_in_a_name_is_text(typed: str) -> None:
    for placed in (name(typed), words("first\n") + name(typed), words("a ") + name(typed)):
        written = markdown(placed)
        spans = display(written).spans
        assert display(written).text.endswith(typed), (typed, written)
        assert not any(s.thing or s.styles for s in spans), (typed, written, spans)


def test_a_plain_string_is_text_of_unknown_origin_and_escaped_too() -> None:
    """A forgotten path fails safe: a str where text is expected is shown as text."""
    assert markdown("**x**") == "\\*\\*x\\*\\*"
    assert markdown(words("a ") + "<@1>") == "a \\<\\@1\\>"
    assert (words("x") + "y").runs[-1].kind is Kind.TEXT
    assert ("y" + words("x")).runs[0].kind is Kind.TEXT


def test_our_mentions_and_links_stay_live_and_are_the_only_pings() -> None:
    said = words("Your turn, ") + mention(42, "Bo") + words(" — ") + name("<@1>")
    assert markdown(said) == "Your turn, <@42> — \\<\\@1\\>"
    assert mentioned(said) == [42]
    assert plain(said) == "Your turn, @Bo — <@1>"


def test_code_shows_a_name_as_typed_and_a_backtick_cannot_close_it() -> None:
    log = block(lines([name(HOSTILE) + words(" rows."), bold(words("Storm"))]))
    written = markdown(log)
    assert written.startswith("```\n") and written.endswith("\n```")
    assert written.count("```") == 2, "the name's fence must not close the block"
    inside = display(written).spans
    assert [s.styles for s in inside] == [frozenset({"code"})]
    assert "ˋˋˋ" in written and "**Storm**" not in written and "Storm" in written
    assert markdown(code(name("a`b"))) == "`aˋb`"


def test_places_shown_as_they_are_get_the_characters_only() -> None:
    assert plain(bold(name(HOSTILE)) + words(" won")) == HOSTILE + " won"
    assert plain(words("x" * 90), 80) == "x" * 79 + "…"


@pytest.mark.parametrize("seed", range(40))
def test_a_cut_never_splits_an_escape_a_mark_or_a_mention(seed: int) -> None:
    """Rule: a text cut at Discord's limit ends with "…" inside its styles, which are then
    closed; no escape is cut from its character, no mark left open, no mention cut."""
    rng = random.Random(seed)
    pieces: list[Text] = []
    for _ in range(rng.randint(3, 12)):
        pieces.append(rng.choice([
            name(HOSTILE), bold(name("**x**")), words("plain words "), mention(7, "Bo"),
            italic(words("soft")), code(words("c")), text("a_b*c"), words("\n"),
        ]))
    whole = Text().join(pieces)
    written = markdown(whole)
    written_seen = display(written).text
    for limit in range(1, len(written) + 2, max(1, len(written) // 25)):
        cut = markdown(whole, limit)
        assert len(cut) <= limit
        if cut == written:
            continue
        body = cut.rstrip("*_~`\n")
        assert body.endswith("…") or not body, (limit, cut)
        trailing = len(body[:-1]) - len(body[:-1].rstrip("\\"))
        assert trailing % 2 == 0, (limit, cut)
        # What a reader sees of the cut text is what they see of the whole, up to the "…".
        seen = display(cut)
        assert written_seen.startswith(seen.text.removesuffix("…")), (limit, cut)
        assert all(span.target == "<@7>" for span in seen.spans if span.thing), (limit, cut)


def test_a_log_keeps_its_newest_lines_whole() -> None:
    log = lines([words("line one"), name(HOSTILE), words("line three")])
    assert markdown_tail(log, 20) == "line three"
    kept = markdown_tail(log, 200)
    assert kept.endswith("line three") and kept.count("\n") == 2


def test_text_is_no_str_and_says_so() -> None:
    line = name("Bo") + " plays"
    with pytest.raises(TypeError):
        f"{line}"
    with pytest.raises(TypeError):
        str(line)
    with pytest.raises(TypeError):
        ", ".join([line])  # type: ignore[list-item]
    assert line.plain == "Bo plays" and "Bo" in line and len(line) == 8
    assert line[:2] == name("Bo") and line[:2].runs[0].kind is Kind.NAME
    assert line.cut(5).plain == "Bo p…"
    assert words(", ").join([name("a"), "b"]).plain == "a, b"
    assert not Text() and line
    assert words("a") + words("b") == words("ab")  # neighbours of one kind and style are one
