"""The message catalogs, checked against each other and against the code that uses them.

- Every key is in every language, with the same ``{parameters}``, and every text formats.
- No key is missing that the code asks for: literal keys in ``bot/``, the engines' event and
  prompt keys, the dynamic families built with f-strings (enumerated from their sources of
  truth: the registry, the cogs, the engines' ids and action classes), every key the renderers
  ask for while whole games are played, and Discord's command localizations.
- No key is unused: a catalog key must be one of the above, or a key built from names the code
  holds (an id the engine no longer knows leaves its key unused).
- Card and character names are the ones Chinese players know; rules summaries exist.

Every domain present at run time is covered, so a new game's catalog is checked when it lands.
How the code is read: tests/i18n_code.py; how whole games are rendered: tests/i18n_play.py.
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from discord import Locale, app_commands

import tables.i18n
from bot.renderers import renderer_for
from bot.translator import CatalogTranslator, command_texts, resolve
from tables.i18n import LOCALES_DIR
from tables.i18n import t_plain as t
from tests.i18n_code import (
    code_keys,
    command_keys,
    command_tree,
    composed,
    engine_keys,
    engine_keys_shown_as_is,
    engine_prefixes,
    enumerated_families,
    hosted_games,
    names_in_code,
    renderer_suffixes,
)
from tests.i18n_play import rendered

# Its tests share whole games rendered once per process (rendered()): one worker under xdist.
pytestmark = pytest.mark.xdist_group("i18n")
REFERENCE = "en"
CHINESE = "zh_CN"
CJK = re.compile(r"[\u3400-\u9fff]")

Context = app_commands.TranslationContext[Any, Any]

# Chinese texts that rightly hold no Chinese character, and why.
NOT_CHINESE_ON_PURPOSE = {
    # A language picker names each language in itself, so a reader finds their own.
    "command.parlor.config.option.language.choice.en-US": "the language's own name",
    # The bot's name is a name.
    "help.title": "a name",
}


# -- reading the catalogs --------------------------------------------------------------------
@cache
def domain_texts() -> dict[str, dict[str, dict[str, str]]]:
    """locale -> domain -> key -> text, read straight from the files (duplicates stay visible).
    A plural entry is here by its most general (last) form; tests/test_plurals.py checks its
    forms."""
    texts: dict[str, dict[str, dict[str, str]]] = {}
    for directory in sorted(p for p in LOCALES_DIR.iterdir() if p.is_dir()):
        for path in sorted((directory / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as handle:
                po = read_po(handle, locale=directory.name)
            texts.setdefault(directory.name, {})[path.stem] = {
                str(m.id[0] if isinstance(m.id, tuple) else m.id):
                    str(m.string[-1] if isinstance(m.string, tuple) else m.string)
                for m in po if m.id
            }
    return texts


def locales() -> list[str]:
    return sorted(domain_texts())


def domains() -> list[str]:
    return sorted(domain_texts()[REFERENCE])


def merged(locale: str) -> dict[str, str]:
    return {k: v for texts in domain_texts()[locale].values() for k, v in texts.items()}


def parameters(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_english_and_simplified_chinese_are_there() -> None:
    assert {REFERENCE, CHINESE} <= set(locales())
    assert {"parlor", "commands", *hosted_games()} <= set(domains())


@pytest.mark.parametrize("locale", [loc for loc in locales() if loc != REFERENCE])
def test_every_language_has_the_same_domains(locale: str) -> None:
    assert sorted(domain_texts()[locale]) == domains()


@pytest.mark.parametrize("domain", domains())
def test_every_key_is_in_every_language(domain: str) -> None:
    """Rule: a key missing in either language fails."""
    reference = domain_texts()[REFERENCE][domain]
    for locale in locales():
        texts = domain_texts()[locale].get(domain, {})
        missing = sorted(set(reference) - set(texts))
        extra = sorted(set(texts) - set(reference))
        assert not missing, f"{locale}/{domain}.po lacks {missing}"
        assert not extra, f"{locale}/{domain}.po has keys English lacks: {extra}"
        empty = sorted(k for k, v in texts.items() if not v.strip())
        assert not empty, f"{locale}/{domain}.po leaves {empty} untranslated"


@pytest.mark.parametrize("domain", domains())
def test_format_parameters_are_the_same_in_every_language(domain: str) -> None:
    """Rule: a text whose ``{parameters}`` differ from English fails (and every text parses)."""
    reference = domain_texts()[REFERENCE][domain]
    problems = []
    for locale in locales():
        for key, text in domain_texts()[locale].get(domain, {}).items():
            try:
                found = parameters(text)
            except ValueError as broken:
                problems.append(f"{locale} {key}: {broken}")
                continue
            if key in reference and found != parameters(reference[key]):
                problems.append(f"{locale} {key}: {sorted(found)} instead of "
                                f"{sorted(parameters(reference[key]))}")
    assert not problems, "\n".join(problems)


def test_every_text_formats_with_its_parameters() -> None:
    for locale in locales():
        for key, text in merged(locale).items():
            filled = text.format_map({name: "x" for name in parameters(text)})
            assert "{" not in filled.replace("{{", ""), (locale, key)


def test_no_key_is_defined_in_two_domains() -> None:
    """The domains are merged at load: a key in two files would silently hide one text."""
    for locale in locales():
        seen: dict[str, str] = {}
        for domain, texts in domain_texts()[locale].items():
            for key in texts:
                assert key not in seen, f"{locale}: {key} in {seen[key]}.po and {domain}.po"
                seen[key] = domain


def test_chinese_texts_are_chinese() -> None:
    """A Chinese text holds Chinese unless its English holds no words either (``{mention}``,
    ``🤖 {name}``) or it is listed above with its reason."""
    english = merged(REFERENCE)
    untranslated = []
    for key, text in merged(CHINESE).items():
        words = re.sub(r"\{[^}]*\}|`[^`]*`|<[^>]*>|https?://\S+", "", english.get(key, ""))
        if re.search(r"[A-Za-z]{2,}", words) and not CJK.search(text) and \
                key not in NOT_CHINESE_ON_PURPOSE:
            untranslated.append(f"{key}: {text!r}")
    assert not untranslated, "\n".join(untranslated)
    assert set(NOT_CHINESE_ON_PURPOSE) <= set(english), "stale entries in NOT_CHINESE_ON_PURPOSE"


def test_catalog_headers_name_their_language_and_plural_forms() -> None:
    plural_forms = {REFERENCE: "nplurals=2; plural=(n != 1);", CHINESE: "nplurals=1; plural=0;"}
    for locale, forms in plural_forms.items():
        for path in sorted((LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as handle:
                po = read_po(handle)
            language, _, territory = locale.partition("_")
            assert po.locale is not None and po.locale.language == language, path
            assert (po.locale.territory or "") == territory, path
            assert po.plural_forms == forms, path


# -- the code and the catalogs ---------------------------------------------------------------
def required_keys() -> dict[str, str]:
    """Every key the code needs, with where the need comes from."""
    literals, _ = code_keys()
    needed = {key: "a literal key in the code" for key in literals}
    for game in hosted_games():
        needed.update({key: f"the {game} engine" for key in engine_keys_shown_as_is(game)})
    for pattern, keys in enumerated_families(rendered().roles).items():
        needed.update({key: f"the family {pattern}" for key in keys})
    needed.update({key: "rendering whole games" for key in rendered().keys})
    needed.update({key: "a slash command" for key in command_keys()})
    return needed


def test_every_key_the_code_asks_for_is_in_every_language() -> None:
    """Rule: a key the code uses but a catalog lacks fails."""
    needed = required_keys()
    for locale in locales():
        texts = merged(locale)
        missing = sorted(f"{key}  ({why})" for key, why in needed.items() if key not in texts)
        assert not missing, f"{locale} lacks:\n" + "\n".join(missing)


def test_rendering_whole_games_fills_every_text() -> None:
    """Every hosted game played to its end at every player count and variant, rendered in
    Chinese: no key missing, no parameter left unfilled, no text that fails to format."""
    problems = sorted(set(rendered().problems))
    assert not problems, "\n".join(problems[:40])


def test_every_family_in_the_code_has_keys() -> None:
    """An f-string family none of whose keys exist is wholly missing."""
    _, families = code_keys()
    keys = merged(REFERENCE)
    empty = [f"{f.pattern} ({f.where})" for f in families
             if not any(f.regex.match(k) for k in keys)]
    assert not empty, "\n".join(empty)


def built_from_names(key: str, known: set[str]) -> bool:
    """An engine prefix plus a name the engine holds (``lifeboat.prompt.`` + ``take_action``),
    a known key refined with a suffix its renderer holds (``citadels.event.city_completed`` +
    ``_first``), or a family key whose variable parts are names the code holds."""
    head = key.split(".")[0]
    game = head if head in hosted_games() else None
    if game is not None:
        if any(key.startswith(prefix) and key[len(prefix):] in names_in_code(game)
               for prefix in engine_prefixes(game)):
            return True
        suffixes, _ = renderer_suffixes(game)
        if any(key.startswith(base) and key[len(base):] in suffixes for base in known):
            return True
    _, families = code_keys()
    for family in families:
        match = family.regex.match(key)
        if match and all(composed(part, game) for part in match.groups()):
            return True
    return False


def used_keys() -> set[str]:
    """Keys the code uses, and keys built from names the code holds."""
    used = set(required_keys())
    known = used | {key for game in hosted_games() for key in engine_keys(game)}
    return used | {key for key in merged(REFERENCE)
                   if key in known or key in names_in_code(None) or built_from_names(key, known)}


def test_no_catalog_key_is_unused() -> None:
    """Rule: a catalog key no code uses fails (the same keys are in every language)."""
    unused = sorted(set(merged(REFERENCE)) - used_keys())
    assert not unused, "keys no code uses:\n" + "\n".join(unused)


def test_the_checks_can_fail() -> None:
    """The scanners see what they must: a literal, an f-string family, an engine event, a
    prompt kind, a command key — and a made-up key is neither used nor required."""
    literals, families = code_keys()
    assert {"board.my_hand", "config.yes", "config.no", "lobby.full"} <= literals
    assert "lifeboat.character.{}" in {f.pattern for f in families}
    assert {"lifeboat.event.bird_sighted", "lifeboat.event.cannibalism_objected",
            "lifeboat.event.cannibalism_allowed", "lifeboat.prompt.free_moves"} <= \
        engine_keys("lifeboat")
    assert "command.shared.rules.description" in command_keys()
    assert "lifeboat.character.captain" in rendered().keys
    made_up = ["lifeboat.character.pirate", "lifeboat.event.mutiny", "board.disco"]
    assert not set(made_up) & (used_keys() | set(required_keys()))


# -- command localizations -------------------------------------------------------------------
def test_every_command_text_has_a_key_whose_english_is_the_code() -> None:
    """Rule: every command, option and choice text of every cog comes from the catalogs; the
    English text of its key is the text in the code (else Discord would show a translation of
    other words)."""
    english = merged(REFERENCE)
    problems = []
    for text in command_texts(command_tree()):
        if resolve(text.keys, text.english) is not None:
            continue
        present = [english[k] for k in text.keys if k in english]
        found = f"says {present[0]!r}" if present else "is missing"
        problems.append(f"{text.where}: {text.keys[0]} {found}, the code says {text.english!r}")
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def tree() -> app_commands.CommandTree[Any]:
    """Built outside the async tests: loading the cogs runs its own event loop."""
    return command_tree()


async def test_translated_payload_carries_chinese_descriptions_within_discord_limits(
    tree: app_commands.CommandTree[Any],
) -> None:
    translator = CatalogTranslator(tree)
    problems: list[str] = []

    def check(payload: dict[str, Any], path: str) -> None:
        where = f"{path} {payload['name']}".strip()
        assert not payload.get("name_localizations"), f"{where}: names stay English"
        localized = payload.get("description_localizations") or {}
        if "description" in payload and "zh-CN" not in localized:
            problems.append(f"{where}: no zh-CN description")
        for locale, text in localized.items():
            if not 1 <= len(text) <= 100:
                problems.append(f"{where} [{locale}]: {len(text)} characters")
        for choice in payload.get("choices") or []:
            names = choice.get("name_localizations") or {}
            if "zh-CN" not in names:
                problems.append(f"{where}={choice['value']}: no zh-CN choice name")
            problems.extend(f"{where}={choice['value']} [{loc}]: {len(name)} characters"
                            for loc, name in names.items() if not 1 <= len(name) <= 100)
        for option in payload.get("options") or []:
            check(option, where)

    for command in tree.get_commands():
        check(await command.get_translated_payload(tree, translator), "/")
    assert not problems, "\n".join(problems)


async def test_translator_answers_only_descriptions_and_only_in_other_languages(
    tree: app_commands.CommandTree[Any],
) -> None:
    """English readers get the code's text; names are never localized; a language without a
    catalog falls back to English."""
    translator = CatalogTranslator(tree)
    group = tree.get_command("lifeboat")
    assert isinstance(group, app_commands.Group)
    start = group.get_command("start")
    assert isinstance(start, app_commands.Command)
    where = app_commands.TranslationContextLocation
    about: Context = app_commands.TranslationContext(where.command_description, start)
    named: Context = app_commands.TranslationContext(where.command_name, start)
    text = app_commands.locale_str(start.description)
    assert await translator.translate(text, Locale.chinese, about) == \
        t("command.lifeboat.start.description", "zh-CN")
    for locale in (Locale.american_english, Locale.british_english, Locale.french):
        assert await translator.translate(text, locale, about) is None
    assert await translator.translate(app_commands.locale_str("start"), Locale.chinese,
                                      named) is None


async def test_translator_falls_back_to_english_when_the_code_was_reworded() -> None:
    """A description changed in the code but not in the catalog is not translated."""
    translator = CatalogTranslator()

    @app_commands.command(name="start", description="Open a table on the moon.")
    async def start(interaction: Any) -> None: ...

    group = app_commands.Group(name="lifeboat", description="x")
    group.add_command(start)
    where = app_commands.TranslationContextLocation
    context: Context = app_commands.TranslationContext(where.command_description, start)
    reworded = app_commands.locale_str(start.description)
    assert await translator.translate(reworded, Locale.chinese, context) is None


async def test_shared_keys_serve_every_group(tree: app_commands.CommandTree[Any]) -> None:
    """``rules`` comes from GameCog for every game: one key serves them all."""
    translator = CatalogTranslator(tree)
    where = app_commands.TranslationContextLocation
    chinese = t("command.shared.rules.description", "zh-CN")
    for game in hosted_games():
        group = tree.get_command(game)
        assert isinstance(group, app_commands.Group)
        rules = group.get_command("rules")
        assert isinstance(rules, app_commands.Command)
        context: Context = app_commands.TranslationContext(where.command_description, rules)
        text = app_commands.locale_str(rules.description)
        assert await translator.translate(text, Locale.chinese, context) == chinese


# -- names and rules ------------------------------------------------------------------------
# The names in the published Chinese editions (the seeds).
LIFEBOAT_NAMES = {
    "lifeboat.character.lauren": "劳伦夫人", "lifeboat.character.stephen": "斯蒂芬先生",
    "lifeboat.character.captain": "船长", "lifeboat.character.mate": "大副",
    "lifeboat.character.frenchy": "水手", "lifeboat.character.kid": "小孩",
    "lifeboat.character.harter": "哈特医生",
    "lifeboat.card.water": "水壶", "lifeboat.card.cash": "现金", "lifeboat.card.jewels": "珠宝",
    "lifeboat.card.painting": "美术品", "lifeboat.card.medkit": "医疗包",
    "lifeboat.card.chum": "死鱼", "lifeboat.card.oar": "船桨", "lifeboat.card.blackjack": "短棍",
    "lifeboat.card.knife": "小刀", "lifeboat.card.hook": "铁钩", "lifeboat.card.flare": "信号枪",
    "lifeboat.card.preserver": "救生圈", "lifeboat.card.compass": "指南针",
    "lifeboat.card.parasol": "遮阳伞", "lifeboat.card.cannibalism": "食人",
    "lifeboat.title": "救生艇",
}
CITADELS_NAMES = {
    "assassin": "刺客", "thief": "盗贼", "magician": "魔法师", "king": "国王", "bishop": "主教",
    "merchant": "商人", "architect": "建筑师", "warlord": "领主",
}


def test_lifeboat_names_are_those_chinese_players_know() -> None:
    chinese = merged(CHINESE)
    wrong = {k: chinese.get(k) for k, name in LIFEBOAT_NAMES.items() if chinese.get(k) != name}
    assert not wrong, wrong
    for role in rendered().roles.get("lifeboat", set()):
        assert chinese[f"lifeboat.role.{role}"] == chinese[f"lifeboat.character.{role}"]


def test_citadels_names_are_those_chinese_players_know() -> None:
    chinese = merged(CHINESE)
    if "citadels.title" not in chinese:
        pytest.skip("no Citadels catalog yet")
    assert chinese["citadels.title"] == "富饶之城"
    wrong = {k: chinese.get(f"citadels.character.{k}") for k, name in CITADELS_NAMES.items()
             if chinese.get(f"citadels.character.{k}") != name}
    assert not wrong, wrong


@pytest.mark.parametrize("game", hosted_games())
def test_rules_summary_reads_in_the_readers_language(game: str) -> None:
    """``/<game> rules`` is a short summary in the reader's language."""
    renderer = renderer_for(game)
    for locale, chinese in (("zh-CN", True), ("en-US", False), ("en-GB", False)):
        embed = renderer.rules_embed(locale)
        body = embed.description or ""
        assert embed.title and 200 < len(body) <= 4096
        assert bool(CJK.search(body)) is chinese
        assert bool(CJK.search(embed.title)) is chinese


def test_discord_locales_reach_their_catalogs() -> None:
    assert tables.i18n.normalize_locale("zh-CN") == CHINESE
    assert tables.i18n.normalize_locale("en-US") == REFERENCE
    assert tables.i18n.normalize_locale("en-GB") == REFERENCE
    assert tables.i18n.normalize_locale(None) == REFERENCE
    assert tables.i18n.normalize_locale("fr") == REFERENCE
