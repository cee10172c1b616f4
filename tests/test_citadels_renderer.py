"""The Citadels renderer and catalogs, driven by whole engine games (no Discord).

Every view, prompt, action and event of a set of games is rendered in English and Simplified
Chinese: no key may be missing, no parameter left unfilled, every embed and label within
Discord's limits. The board is rendered with a match whose state is absent, so it can only be
built from the public view it is handed; what the board offers as buttons is checked against
every seat's secrets.
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.cogs.options import chosen_options
from bot.components import HandButton, PanelPageButton, action_view
from bot.games.citadels.cog import CHARACTERS
from bot.games.citadels.renderer import CitadelsRenderer
from bot.renderers import renderer_for
from games.citadels import GAME as REGISTERED
from games.citadels.game import Citadels
from games.citadels.options import Options
from games.citadels.views import CitadelsView
from games.core import Event
from games.core.conformance import bot_action, random_action
from storage import MatchRecord, MatchStatus, SeatRecord
from tables.i18n import catalog, normalize_locale
from tables.service import LiveMatch
from tests.i18n_play import Moments, situation
from tests.shown import as_label, md, mds, t

LOCALES = ("en", "zh-CN")
# The board and panels are drawn the first few times each situation comes up and every few
# steps (as tests.i18n_play draws them): a Citadels board at every step was most of the cost.
SCREENS_A_SITUATION = 3
SCREENS_EVERY = 4
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
NAMES = ["Alice", "Bob", "Chen", "Dana", "Eve", "Fang", "Gus"]
assert isinstance(REGISTERED, Citadels)
GAME: Citadels = REGISTERED


def live_without_state(seats: int, options: Options) -> LiveMatch:
    """A match the renderer can name seats from, but whose state it cannot read."""
    now = datetime.now(UTC)
    record = MatchRecord(id=1, game="citadels", guild_id=1, channel_id=1, host_id=1,
                         status=MatchStatus.ACTIVE, version=0, seed=0,
                         options=options.model_dump(mode="json"), created_at=now,
                         updated_at=now)
    players = [SeatRecord(match_id=1, seat=s, user_id=100 + s, display_name=NAMES[s])
               for s in range(seats)]
    return LiveMatch(record=record, seats=players, state=None)


def embed_problems(embed: discord.Embed, reserve: int = 0) -> list[str]:
    """What Discord would refuse in this embed; ``reserve`` keeps room for a field the Desk adds."""
    data = embed.to_dict()
    problems = []
    fields = data.get("fields", [])
    if len(fields) + (1 if reserve else 0) > 25:
        problems.append("too many fields")
    if len(data.get("title", "")) > 256:
        problems.append("title too long")
    if len(data.get("description", "")) > 4096:
        problems.append("description too long")
    total = len(data.get("title", "")) + len(data.get("description", "")) + reserve
    total += len(data.get("footer", {}).get("text", ""))
    for f in fields:
        if not f["value"] or len(f["value"]) > 1024 or len(f["name"]) > 256 or not f["name"]:
            problems.append(f"bad field {f['name'][:40]!r}")
        total += len(f["name"]) + len(f["value"])
    if total > 6000:
        problems.append(f"embed of {total} characters")
    return problems


def embed_text(embed: discord.Embed) -> str:
    return json.dumps(embed.to_dict(), ensure_ascii=False)


def check_text(text: str, where: str) -> None:
    assert not PLACEHOLDER.search(text), f"{where}: unfilled parameter in {text!r}"
    assert "citadels." not in text, f"{where}: a raw key in {text!r}"
    assert "district-" not in text and "char-" not in text, f"{where}: a raw id in {text!r}"


# Each of the six conformance variants once, at a count of players and with a chooser of its
# own; with PARLOR_SOAK=1 each twice (two counts, both choosers).
VARIANTS_A_GAME = 2 if os.environ.get("PARLOR_SOAK") == "1" else 1
GAMES: list[tuple[int, Options, str, int]] = [
    (seats, options, chooser, seed)
    for seed, (seats, chooser) in enumerate(
        [(2, "bot"), (3, "random"), (4, "bot"), (5, "random"), (7, "bot"), (2, "random")])
    for options in (GAME.options_for_conformance(seats)[seed: seed + 1] if VARIANTS_A_GAME == 1
                    else GAME.options_for_conformance(seats)[seed % 3 * 2: seed % 3 * 2 + 2])
]


@pytest.mark.parametrize(("seats", "options", "chooser", "seed"), GAMES)
def test_every_moment_of_a_game_renders_in_both_languages(
    seats: int, options: Options, chooser: str, seed: int, caplog: pytest.LogCaptureFixture
) -> None:
    """Prompts, labels and events at every step, en and zh-CN, the board and panels the
    first times each situation (the phase and the kinds of question asked) comes up and
    every few steps; the board only ever sees the public view, and its buttons carry no
    secret."""
    renderer = renderer_for("citadels")
    assert isinstance(renderer, CitadelsRenderer)
    live = live_without_state(seats, options)
    rng = random.Random(seed)
    choose = bot_action if chooser == "bot" else random_action
    state = GAME.setup(seats, options, seed=seed)
    events: list[Event] = []
    seen_kinds: set[str] = set()
    moments = Moments(SCREENS_A_SITUATION, SCREENS_EVERY)
    caplog.set_level(logging.WARNING, logger="tables.i18n")
    for step in range(3000):
        public = GAME.view(state, None)
        prompts = GAME.pending(state)
        secrets = set().union(*(GAME.secrets(state, s) for s in range(seats)))
        screens = moments.drawn(step, situation(public, prompts))
        for locale in LOCALES:
            if screens:
                board = renderer.board_embed(live, public, locale)
                assert not embed_problems(board, reserve=1100), embed_problems(board, 1100)
                check_text(embed_text(board), f"board at step {step}")
            for event in events:
                check_text(md(renderer.event_line(live, event, locale)), event.key)
            for prompt in prompts:
                line = md(renderer.prompt_line(live, public, prompt, locale))
                check_text(line, prompt.kind)
                assert not any(s in json.dumps(prompt.params) for s in secrets), prompt.params
                on_board = renderer.board_actions(live, public, prompt)
                if locale == "en" and on_board:
                    layout = action_view(renderer, live, public, prompt, locale,
                                         indices=on_board, leading=[HandButton(1)])
                    assert not any(isinstance(i, PanelPageButton) for i in layout.children), (
                        "the board pages: a page button there would answer with a panel")
                for index in on_board:
                    action = prompt.actions[index]
                    assert not any(s in action.model_dump_json() for s in secrets), action
                    if options.characters_per_seat(seats) == 2 and action.kind in {
                            "murder", "rob", "bewitch"}:
                        assert len(public.players[prompt.seat].characters) == 2, (
                            "a naming power on the board while its seat hides a character")
                    check_text(as_label(renderer.action_label(live, public, action, locale)),
                               "board")
                own = GAME.view(state, prompt.seat)
                for action in prompt.actions:
                    seen_kinds.add(action.kind)
                    label = as_label(renderer.action_label(live, own, action, locale))
                    check_text(label, action.kind)
                    assert 0 < len(label) <= 80
            # The seats asked something and one other in turn: each seat's panel is read
            # every few steps, not all of them at every step.
            for seat in sorted({p.seat for p in prompts} | {step % seats}) if screens else ():
                panel = renderer.panel_embed(live, GAME.view(state, seat), seat, locale)
                assert not embed_problems(panel, reserve=700), embed_problems(panel, 700)
                check_text(embed_text(panel), f"panel of seat {seat}")
        if GAME.outcome(state) is not None:
            break
        transition = GAME.apply(state, choose(GAME, state, rng))
        events = transition.events
        state = transition.state
    outcome = GAME.outcome(state)
    assert outcome is not None
    public = GAME.view(state, None)
    for locale in LOCALES:
        reveal = renderer.reveal_embed(live, public, outcome, locale)
        assert not embed_problems(reveal), embed_problems(reveal)
        check_text(embed_text(reveal), "reveal")
        for seat in outcome.winners:
            assert NAMES[seat] in (reveal.description or "")
    missing = [r.getMessage() for r in caplog.records if "missing message key" in r.getMessage()]
    assert not missing, missing
    assert {"draft_pick", "take_gold", "end_turn"} <= seen_kinds


def test_every_citadels_key_is_in_both_catalogs_with_the_same_parameters() -> None:
    english = {k: v for k, v in catalog("en").items()
               if k.startswith(("citadels.", "command.citadels."))}
    chinese = catalog(normalize_locale("zh-CN"))
    assert normalize_locale("zh-CN") == "zh_CN"
    assert len(english) > 300
    for key, text in english.items():
        assert key in chinese, key
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(chinese[key])), key


def test_chinese_names_follow_the_seed() -> None:
    """The names Chinese players know from the rule text: characters and districts."""
    expected = {
        "character.assassin": "刺客", "character.thief": "盗贼", "character.magician": "魔法师",
        "character.king": "国王", "character.bishop": "主教", "character.merchant": "商人",
        "character.architect": "建筑师", "character.warlord": "领主",
        "character.witch": "女巫", "character.tax_collector": "税务官",
        "character.abbot": "修道院长", "district.dragon_gate": "巨龙门",
        "district.keep": "堡垒", "district.watchtower": "了望塔", "district.docks": "船坞",
    }
    for key, name in expected.items():
        assert t(f"citadels.{key}", "zh-CN") == name


def test_the_draft_is_always_a_select_and_hand_cards_never_reach_the_board() -> None:
    """The draft is offered as a select in the panel however few cards remain; builds, kept
    cards and draft cards are never board buttons."""
    renderer = renderer_for("citadels")
    assert "draft_pick" in renderer.select_groups
    state = GAME.setup(4, Options(), seed=3)
    live = live_without_state(4, Options())
    rng = random.Random(3)
    private_kinds: set[str] = set()
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        public = GAME.view(state, None)
        for prompt in GAME.pending(state):
            shown = {prompt.actions[i].kind for i in renderer.board_actions(live, public, prompt)}
            assert not shown & {"draft_pick", "draft_discard", "build", "keep_card",
                                "magician_discard", "laboratory", "wizard_take"}
            private_kinds |= {a.kind for a in prompt.actions} - shown
        state = GAME.apply(state, bot_action(GAME, state, rng)).state
    assert {"draft_pick", "build"} <= private_kinds


def test_the_panel_shows_the_own_hand_and_characters() -> None:
    renderer = renderer_for("citadels")
    state = GAME.setup(4, Options(), seed=5)
    live = live_without_state(4, Options())
    rng = random.Random(5)
    while state.phase == "draft":
        state = GAME.apply(state, bot_action(GAME, state, rng)).state
    for seat in range(4):
        view = GAME.view(state, seat)
        assert isinstance(view, CitadelsView) and view.me is not None
        text = embed_text(renderer.panel_embed(live, view, seat, "en"))
        for card in view.me.hand:
            assert t(f"citadels.district.{card.name}") in text
        for held in view.me.characters:
            role = held.removeprefix("char-").replace("-", "_")
            assert t(f"citadels.character.{role}") in text


def test_the_variants_read_as_words() -> None:
    renderer = renderer_for("citadels")
    assert mds(renderer.option_lines(Options().model_dump(mode="json"), "en")) == []
    lines = mds(renderer.option_lines(
        {"rank_1": "witch", "rank_3": "random", "rank_9": "queen", "short_game": True,
         "two_player_target": 12, "second_keep": True}, "en"))
    assert lines == [
        "Rank 1: Witch", "Rank 3: Magician or Wizard, drawn at random", "Rank 9: Queen",
        "Short game: 7 districts end it", "Two players: 12 districts end it",
        "66-card deck with a second Keep",
    ]


def test_a_character_preset_sets_ranks_one_to_eight_and_single_ranks_win() -> None:
    chosen = chosen_options({"characters": "expansion", "rank_1": "assassin", "rank_9": None,
                             "short_game": None, "two_player_target": 12}, [CHARACTERS])
    assert chosen["rank_1"] == "assassin"
    assert chosen["rank_2"] == "tax_collector" and chosen["rank_8"] == "diplomat"
    assert "rank_9" not in chosen and "short_game" not in chosen
    assert chosen["two_player_target"] == 12
    Options.model_validate(chosen)
    every = chosen_options({"characters": "random", "second_keep": True}, [CHARACTERS])
    assert {every[f"rank_{r}"] for r in range(1, 9)} == {"random"}
    assert chosen_options({"characters": None, "rank_3": "wizard"}, [CHARACTERS]) == {
        "rank_3": "wizard"}


def _payload_of(options: dict[str, Any]) -> dict[str, Any]:
    return Options.model_validate(options).model_dump(mode="json")


def test_lobby_lines_for_a_saved_table() -> None:
    renderer = renderer_for("citadels")
    lines = mds(renderer.option_lines(_payload_of({"rank_4": "emperor"}), "zh-CN"))
    assert lines == ["4级：皇帝"]


def test_the_board_never_pages_and_keeps_end_turn_when_a_diplomat_has_hundreds_of_deals() -> None:
    """A page button on the board would answer with the clicker's panel: choices that do not
    fit on the board stay in the panel, and ending the turn stays on the board."""
    from tests.games.citadels.table import card, deal, do, give_city, new_game, play_until

    state = new_game(6, rank_8="diplomat")
    cities = [
        ["temple", "church", "monastery", "cathedral", "watchtower"],
        ["prison", "battlefield", "fortress", "manor", "castle"],
        ["palace", "tavern", "trading_post", "market", "docks"],
        ["harbor", "town_hall", "temple", "church", "monastery"],
        ["watchtower", "prison", "battlefield", "manor", "castle"],
        ["palace", "tavern", "market", "docks", "harbor", "cathedral", "fortress"],
    ]
    for seat, city in enumerate(cities):
        give_city(state, seat, *(card(name, 1 + (seat >= 3)) for name in city))
    state.gold[5] = 40
    state, _ = deal(state, {5: "diplomat"})
    state = play_until(state, "diplomat")
    state, _ = do(state, "take_gold")
    prompt = GAME.pending(state)[0]
    exchanges = [i for i, a in enumerate(prompt.actions) if a.kind == "exchange"]
    assert len(exchanges) > 4 * 25, "the scenario must overflow the board"
    renderer = renderer_for("citadels")
    live = live_without_state(6, Options(rank_8="diplomat"))
    public = GAME.view(state, None)
    on_board = renderer.board_actions(live, public, prompt)
    layout = action_view(renderer, live, public, prompt, "en", indices=on_board,
                         leading=[HandButton(1)])
    assert not any(isinstance(item, PanelPageButton) for item in layout.children)
    assert any(prompt.actions[i].kind == "end_turn" for i in on_board)
    assert not set(exchanges) & set(on_board)


def test_board_buttons_are_the_same_whatever_the_hand_holds() -> None:
    """Two positions the table cannot tell apart must give the same board components."""
    from games.citadels.cards import district_of
    from tests.games.citadels.table import deal, do, new_game, play_until, set_hand

    renderer = renderer_for("citadels")
    live = live_without_state(4, Options())
    boards = []
    for costs in ((1, 1), (5, 5)):  # both affordable after the gather, or neither
        state = new_game(4, seed=1)
        priced = [c for c in state.deck if district_of(c).cost == costs[0]
                  and district_of(c).colour != "purple"]
        set_hand(state, 3, *priced[:2])
        state, _ = deal(state, {3: "king"})
        state = play_until(state, "king")
        state, _ = do(state, "take_gold")
        prompt = GAME.pending(state)[0]
        public = GAME.view(state, None)
        layout = action_view(renderer, live, public, prompt, "en",
                             indices=renderer.board_actions(live, public, prompt),
                             leading=[HandButton(1)], board=True)
        boards.append((public, sorted(
            str(getattr(item, "custom_id", "")) for item in layout.children)))
    assert boards[0][0] == boards[1][0], "the table sees the same position"
    assert boards[0][1] == boards[1][1]


def _playing(seats: int, seed: int, **options: Any) -> Any:
    """A game played by the bots up to the first turn of the calling."""
    state = GAME.setup(seats, Options(**options), seed=seed)
    rng = random.Random(seed)
    while state.phase == "draft":
        state = GAME.apply(state, bot_action(GAME, state, rng)).state
    return state


@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_points_to_my_hand_and_the_panel_does_not(locale: str) -> None:
    """A choice made in My hand is announced on the board with where to make it; the panel,
    which is My hand, does not repeat it."""
    renderer = renderer_for("citadels")
    state = GAME.setup(4, Options(), seed=2)
    live = live_without_state(4, Options())
    where = t("citadels.in_my_hand", locale).strip()
    assert where
    for _ in range(40):
        prompt = GAME.pending(state)[0]
        on_board = md(renderer.prompt_line(live, GAME.view(state, None), prompt, locale))
        in_panel = md(renderer.prompt_line(live, GAME.view(state, prompt.seat), prompt, locale))
        assert where not in in_panel
        if prompt.kind.endswith(("draft_pick", "turn", "keep")):
            assert where in on_board, on_board
        state = GAME.apply(state, bot_action(GAME, state, random.Random(0))).state


def test_a_district_that_scores_more_than_its_cost_says_so_once() -> None:
    from games.citadels.views import DistrictView

    renderer = renderer_for("citadels")
    assert isinstance(renderer, CitadelsRenderer)
    for name in ("university", "dragon_gate"):
        district = DistrictView(id=f"district-{name.replace('_', '-')}-1", name=name,
                                colour="purple", cost=6, points=8)
        for locale in LOCALES:
            with_power = md(renderer.district_line(district, locale, power=True))
            scores = t("citadels.scores", locale, points=8)
            assert with_power.count("8") == 1, with_power
            assert scores in md(renderer.district_line(district, locale)) or \
                t(f"citadels.purple.{name}", locale) in with_power


def test_the_published_three_player_rule_reads_as_words_and_keeps_naming_in_the_panel() -> None:
    renderer = renderer_for("citadels")
    assert isinstance(renderer, CitadelsRenderer)
    options = Options(three_player_two_characters=True)
    assert mds(renderer.option_lines(options.model_dump(mode="json"), "en")) == [
        "Three players: two characters each, 8 districts end it"]
    assert mds(renderer.option_lines(options.model_dump(mode="json"), "zh-CN")) == [
        t("citadels.option.three_player_two_characters", "zh-CN")]
    # The Assassin's seat holds a second, hidden character: the names it may murder would
    # tell the table which, so they stay in its panel.
    from tests.games.citadels.table import deal, play_until

    state = GAME.setup(3, options, seed=1)
    state, _ = deal(state, {0: ["assassin", "king"], 1: ["thief", "bishop"],
                            2: ["merchant", "warlord"]})
    state = play_until(state, "assassin")
    prompt = GAME.pending(state)[0]
    assert any(a.kind == "murder" for a in prompt.actions)
    live = live_without_state(3, options)
    public = GAME.view(state, None)
    shown = {prompt.actions[i].kind for i in renderer.board_actions(live, public, prompt)}
    assert "murder" not in shown and "take_gold" in shown


@pytest.mark.parametrize("locale", LOCALES)
def test_the_draft_select_lists_characters_in_rank_order(locale: str) -> None:
    renderer = renderer_for("citadels")
    for seed in range(4):
        state = GAME.setup(5, Options(), seed=seed)
        prompt = GAME.pending(state)[0]
        live = live_without_state(5, Options())
        layout = action_view(renderer, live, GAME.view(state, prompt.seat), prompt, locale)
        selects = [getattr(item, "item", item) for item in layout.children]
        labels = [option.label for select in selects if isinstance(select, discord.ui.Select)
                  for option in select.options]
        ranks = [int(re.sub(r"\D", " ", label).split()[0]) for label in labels]
        assert len(labels) == len(prompt.actions) and ranks == sorted(ranks), labels


def test_citadels_start_and_config_offer_the_published_three_player_rule() -> None:
    """The option comes from the Options model: /citadels start and /citadels config both
    take it, with the description players read in the catalog."""
    from discord import app_commands

    from tests.i18n_code import command_tree

    group = command_tree().get_command("citadels")
    assert isinstance(group, app_commands.Group)
    for name in ("start", "config"):
        command = group.get_command(name)
        assert isinstance(command, app_commands.Command)
        option = next(p for p in command.parameters if p.name == "three_player_two_characters")
        assert option.type == discord.AppCommandOptionType.boolean and not option.required
        assert option.description == t("command.citadels.option.three_player_two_characters")
