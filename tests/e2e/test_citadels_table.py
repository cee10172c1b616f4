"""Citadels at a real Discord table: the real discord.py client, Parlor, and the fake Discord.

Whole games are played through clicks — humans on the board's buttons and in their private
panels, bots on their own — and then every public payload the bot sent is checked:

- no district that was only ever in a hand (never in a city) is named in public;
- no text that belongs to a panel or a private message is there;
- every board, checked against the game's true state at the moment it was drawn, ties a
  character to a player only once that player has revealed it.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.renderers import renderer_for
from games.citadels.cards import CHARACTERS, DISTRICTS, character_of_card, district_of
from games.citadels.state import CitadelsState
from games.citadels.views import CitadelsView
from storage import MatchStatus
from tables.i18n import catalog, normalize_locale
from tables.service import LiveMatch
from tests.e2e.parlor import Table, parlor, public_payloads, start_table
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.shown import t

# Texts only a panel or a private message may show (their longest fixed part is looked for).
PRIVATE_KEYS = (
    "citadels.panel.title", "citadels.panel.title_none", "citadels.panel.crown",
    "citadels.panel.draft_options", "citadels.panel.set_down", "citadels.panel.drawn",
    "citadels.panel.set_aside", "citadels.panel.peek", "citadels.panel.hand",
    "citadels.panel.powers", "citadels.panel.footer", "citadels.opening.title",
    "citadels.opening.note", "citadels.event.character_chosen",
    "citadels.event.character_put_down", "citadels.event.cards_seen",
    "citadels.event.cards_kept", "citadels.event.cards_received",
    "citadels.event.laboratory_discard", "citadels.event.graveyard_card",
    "citadels.event.murdered_turn_lost", "citadels.event.wizard_card",
    "citadels.event.tribute_card",
)
PRIVATE_FAMILIES = ("citadels.power.", "citadels.purple.")


def private_markers(locale: str) -> list[str]:
    texts = catalog(normalize_locale(locale))
    keys = [*PRIVATE_KEYS, *(k for k in texts if k.startswith(PRIVATE_FAMILIES))]
    markers = []
    for key in keys:
        longest = max(re.split(r"\{[a-z_]+\}", texts[key]), key=len).strip()
        # Chinese says in three characters what English says in a dozen.
        assert len(longest) >= (3 if re.search(r"[\u3400-\u9fff]", longest) else 6), \
            f"{key} has no distinctive text: {longest!r}"
        markers.append(longest)
    return markers


def known_names(locale: str) -> list[str]:
    return [t(f"citadels.district.{n}", locale) for n in DISTRICTS] + \
        [t(f"citadels.character.{n}", locale) for n in CHARACTERS]


def named(text: str, name: str, everything: list[str]) -> bool:
    """Whether ``name`` is in ``text`` as itself, not inside a longer name (教堂 in 大教堂)."""
    if name not in text:
        return False
    for longer in everything:
        if name != longer and name in longer:
            text = text.replace(longer, "")
    return name in text


class BoardSpy:
    """Every board the Desk draws, with the game state it was drawn from."""

    def __init__(self, table: Table) -> None:
        self.drawn: list[tuple[CitadelsState | None, list[dict[str, Any]], str | None]] = []
        desk = table.app.desk
        original = desk.board

        def board(live: LiveMatch, locale: str | None, **how: Any) -> Any:
            content, embeds, view = original(live, locale, **how)
            self.drawn.append((live.state, [e.to_dict() for e in embeds], locale))
            return content, embeds, view

        desk.board = board


def hidden_pairs_shown(state: CitadelsState, embed: dict[str, Any], names: list[str],
                       locale: str | None) -> list[str]:
    """(character, player) pairs a board shows although the player has not revealed them."""
    problems = []
    fields = embed.get("fields", [])
    lineup = fields[0]["value"] if fields else ""
    character_text = {n: t(f"citadels.character.{n}", locale) for n in state.characters}
    for name, text in character_text.items():
        holders = [s for s, picks in enumerate(state.picks)
                   if any(character_of_card(c).name == name for c in picks)]
        shown = name in state.revealed
        lines = [line for line in lineup.splitlines() if f" · {text}**" in line]
        for seat, player in enumerate(names):
            ties = any(player in line.split("—", 1)[1] for line in lines if "—" in line)
            title = next((f["name"] for f in fields[1:] if player in f["name"]), "")
            listed = text in title.split("·")[-1]
            legit = shown and seat in holders
            if (ties or listed) and not legit:
                problems.append(f"round {state.round}: {text} tied to {player} unrevealed")
    return problems


def offers(message: FakeMessage, prefixes: tuple[str, ...]) -> Callable[[], bool]:
    return lambda: any(c.startswith(prefixes) for c in message.custom_ids())


async def play_game(table: Table, humans: dict[int, FakeUser], seed: int,
                    timeout: float = 60.0) -> tuple[LiveMatch, Counter[str]]:
    """Human moves chosen by the built-in bot's judgement, clicked where a player would: on
    the board when the move is public, else in the private panel."""
    rng = random.Random(seed)
    renderer = renderer_for("citadels")
    clicks: Counter[str] = Counter()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        live = await table.live()
        if live.outcome() is not None:
            return live, clicks
        assert loop.time() < deadline, "the game did not finish in time"
        game = live.game
        waiting = [p for p in live.pending()
                   if p.blocking and p.seat in humans and not live.seats[p.seat].is_bot]
        if not waiting:
            await asyncio.sleep(0.005)
            continue
        prompt = waiting[0]
        seat, version = prompt.seat, live.version
        action = game.choose(game.view(live.state, seat), prompt, rng)
        index = prompt.actions.index(action)
        user = humans[seat]
        public = game.view(live.state, None)
        if index in renderer.board_actions(live, public, prompt):
            board = await table.board()
            mine = (f"pl:b:{table.match_id}:{version}:{seat}:",
                    f"pl:t:{table.match_id}:{version}:{seat}:")
            await table.fake.wait_for(offers(board, mine), what="the board to offer the move")
            result = await table.choose_in_panel(user, board, seat, version, index)
            clicks["board"] += 1
        else:
            panel = await table.open_panel(user)
            result = await table.choose_in_panel(user, panel, seat, version, index)
            clicks["panel"] += 1
        assert result.callback is not None and result.callback.accepted, result.callback
        clicks[action.kind] += 1


def replay_names(live: LiveMatch, actions: list[dict[str, Any]]
                 ) -> tuple[set[str], set[str]]:
    """(districts ever held in a hand or drawn, districts ever in a city), by name."""
    game = live.game
    state = game.setup(len(live.seats), live.record.options, seed=live.record.seed)
    held: set[str] = set()
    built: set[str] = set()

    def look(s: CitadelsState) -> None:
        cards = [c for hand in s.hands for c in hand]
        if s.turn is not None:
            cards += s.turn.drawn + s.turn.set_aside
        held.update(district_of(c).name for c in cards)
        built.update(district_of(c).name for city in s.cities for c in city)

    look(state)
    for action in actions:
        state = game.apply(state, game.parse_action(action)).state
        look(state)
    return held, built


async def check_public_payloads(fake: FakeDiscord, table: Table, spy: BoardSpy,
                                final: LiveMatch, locale: str) -> None:
    texts = public_payloads(fake)
    assert texts
    log = await table.app.repo.actions(final.id)
    held, built = replay_names(final, [entry.action for entry in log])
    secret_names = held - built
    assert secret_names, "some hand cards must have stayed unbuilt for the check to bite"
    everything = known_names(locale)
    markers = private_markers(locale)
    for text in texts:
        for name in secret_names:
            shown = t(f"citadels.district.{name}", locale)
            assert not named(text, shown, everything), f"hand card {shown!r} in public: {text}"
        for marker in markers:
            assert marker not in text, f"private text {marker!r} in public: {text[:300]}"
        assert "district-" not in text and "char-" not in text
    players = [s.display_name for s in final.seats]
    boards = [(s, e, loc) for s, e, loc in spy.drawn if s is not None and s.phase != "over"]
    assert len(boards) > 20
    for state, embeds, drawn_in in boards:
        problems = hidden_pairs_shown(state, embeds[0], players, drawn_in)
        assert not problems, problems


async def open_table(fake: FakeDiscord, client: Any, channel: Any, host: FakeUser,
                     others: list[FakeUser], bots: int, options: dict[str, Any],
                     seed: int) -> Table:
    return await start_table(fake, client, channel, [host, *others], game="citadels",
                             bots=bots, options=options, seed=seed)


def opening_shows_hand(fake: FakeDiscord, live: LiveMatch, humans: dict[int, FakeUser],
                       locale: str) -> Callable[[], bool]:
    def check() -> bool:
        for seat, user in humans.items():
            messages = fake.dm_messages(user)
            if not messages:
                return False
            opening = messages[0].text()
            view = live.game.view(live.state, seat)
            assert isinstance(view, CitadelsView) and view.me is not None
            for card in view.me.hand:
                assert t(f"citadels.district.{card.name}", locale) in opening
            assert t("citadels.opening.title", locale) in opening
        return True

    return check


async def test_four_players_two_humans_two_bots_keep_every_secret(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """/citadels start, joins, bots, opening DMs with the hand, the draft in the panel, public
    moves on the board, builds in the panel, the reveal — and no secret in public."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("Game night", members=[alice, bob])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await open_table(fake, client, channel, alice, [bob], bots=2,
                                 options={"rank_9": "artist"}, seed=20261121)
        spy = BoardSpy(table)
        assert table.lobby is not None and "Rank 9: Artist" in table.lobby.text()
        live = await table.live()
        assert live.record.status == MatchStatus.ACTIVE
        humans = {0: alice, 1: bob}
        await fake.wait_for(opening_shows_hand(fake, live, humans, "en"), what="opening DMs")

        final, clicks = await play_game(table, humans, seed=4)

        assert final.record.status == MatchStatus.FINISHED
        reveal = await fake.wait_for_message(
            channel, lambda m: t("citadels.reveal.title") in m.text())
        outcome = final.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            assert final.seats[seat].display_name in reveal.text()
        log = await client.parlor.repo.actions(final.id)
        assert {"player", "bot"} <= {entry.source for entry in log}
        assert clicks["board"] >= 5 and clicks["panel"] >= 5, clicks
        assert clicks["draft_pick"] and clicks["build"] and clicks["end_turn"], clicks
        await check_public_payloads(fake, table, spy, final, "en")
    assert fake.client_errors == []


async def test_two_players_in_chinese_with_expansion_characters_keep_every_secret(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """A two-player table (each plays two characters, with face-down discards in the draft)
    on a Chinese server, human against a bot, with the expansion characters and the short
    game: the table speaks Chinese and keeps every secret."""
    fake = fake_discord
    lin = fake.create_user("lin", locale="zh-CN")
    guild = fake.create_guild("桌游之夜", members=[lin], locale="zh-CN")
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table = await open_table(fake, client, channel, lin, [], bots=1,
                                 options={"characters": "expansion", "rank_9": "queen",
                                          "short_game": True}, seed=77)
        spy = BoardSpy(table)
        live = await table.live()
        assert live.record.options["rank_1"] == "witch"
        assert live.record.options["short_game"] is True
        humans = {0: lin}
        await fake.wait_for(opening_shows_hand(fake, live, humans, "zh-CN"),
                            what="the opening DM")

        final, clicks = await play_game(table, humans, seed=2)

        assert final.record.status == MatchStatus.FINISHED
        reveal = await fake.wait_for_message(
            channel, lambda m: t("citadels.reveal.title", "zh-CN") in m.text())
        assert "富饶之城" in reveal.text()
        over = t("citadels.phase.over", "zh-CN")
        await fake.wait_for_message(channel, lambda m: over in m.text())
        assert clicks["board"] and clicks["panel"] and clicks["draft_discard"], clicks
        await check_public_payloads(fake, table, spy, final, "zh-CN")
    assert fake.client_errors == []


async def test_rules_status_and_config_speak_the_readers_language(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """/citadels rules and status answer privately; /citadels config stores a preset that a
    later /citadels start uses."""
    fake = fake_discord
    mod = fake.create_user("mod", locale="zh-CN")
    guild = fake.create_guild("Game night", members=[mod])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        rules = await fake.run_slash(mod, channel, "citadels rules", {})
        assert rules.callback is not None and rules.callback.ephemeral
        assert t("citadels.rules.title", "zh-CN") in str(rules.callback.data)
        status = await fake.run_slash(mod, channel, "citadels status", {})
        assert status.callback is not None and status.callback.ephemeral
        saved = await fake.run_slash(mod, channel, "citadels config",
                                     {"characters": "random", "rank_3": "wizard"})
        assert saved.callback is not None and saved.callback.ephemeral
        await fake.run_slash(mod, channel, "citadels start", {})
        live = await client.parlor.service.open_in_channel(channel.id)
        assert live is not None and live.record.game == "citadels"
        assert live.record.options["rank_3"] == "wizard"
        assert live.record.options["rank_1"] == "random"
