"""Sanguosha at a real Discord table: the real discord.py client, Parlor, and the fake Discord.

``/sanguosha start``, people and bots seated, heroes chosen in the panels, a whole game played
by clicks (the people's moves chosen by the built-in bot's judgement and made in their private
panels, response windows included), the reveal. Then every public payload is checked:

- no hero that nobody plays is ever named in public, and while heroes are being chosen no
  hero but the lord's is;
- every board, checked against the game's true state when it was drawn, shows a seat's
  identity only once it is face up, and names no hand card nobody has seen;
- no text that belongs to a panel or a private message is there;
- a response window that asks a person shows in the panel they have open, without a click.
"""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot import components
from bot.games.sanguosha.renderer import SanguoshaRenderer
from bot.renderers import renderer_for
from games.sanguosha.heroes import HEROES
from games.sanguosha.identities import identity_of_card
from games.sanguosha.state import SanguoshaState
from storage import MatchStatus
from tables.i18n import catalog, normalize_locale
from tables.service import LiveMatch
from tests.e2e.parlor import (
    Table,
    edits_an_ephemeral_message,
    parlor,
    public_payloads,
    start_table,
)
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.shown import t

LOCALE = "en"
# Texts only a panel or a private message may show (their longest fixed part is looked for).
PRIVATE_KEYS = (
    "sanguosha.panel.offers", "sanguosha.panel.footer", "sanguosha.panel.peek",
    "sanguosha.event.hero_offers", "sanguosha.event.drew_cards",
    "sanguosha.event.deck_cards_seen", "sanguosha.opening.title",
    "sanguosha.goal.loyalist", "sanguosha.goal.rebel", "sanguosha.goal.renegade",
)


def private_markers() -> list[str]:
    texts = catalog(normalize_locale(LOCALE))
    markers = []
    for key in PRIVATE_KEYS:
        longest = max(re.split(r"\{[a-z_]+\}", texts[key]), key=len).strip()
        assert len(longest) >= 6, f"{key} has no distinctive text: {longest!r}"
        markers.append(longest)
    return markers


class BoardSpy:
    """Every board the Desk draws, with the game state it was drawn from."""

    def __init__(self, table: Table) -> None:
        self.drawn: list[tuple[SanguoshaState, dict[str, Any]]] = []
        desk = table.app.desk
        original = desk.board

        def board(live: LiveMatch, locale: str | None, **how: Any) -> Any:
            content, embeds, view = original(live, locale, **how)
            if live.state is not None:
                self.drawn.append((live.state, embeds[0].to_dict()))
            return content, embeds, view

        desk.board = board


def seat_lines(embed: dict[str, Any], seats: int) -> list[str]:
    """The board's line for each seat, in seat order."""
    lines = [line for line in (embed.get("description") or "").splitlines()
             if re.match(r"^(▶ )?`\d+` ", line)]
    assert len(lines) == seats, lines
    return lines


def hero_names() -> dict[str, str]:
    return {h: t(f"sanguosha.hero.{h}", LOCALE) for h in HEROES}


def board_secrets_shown(state: SanguoshaState, embed: dict[str, Any]) -> list[str]:
    """What a board shows that the state keeps secret at the moment it was drawn."""
    renderer = renderer_for("sanguosha")
    assert isinstance(renderer, SanguoshaRenderer)
    problems = []
    roles = [t(f"sanguosha.role.{r}", LOCALE) for r in ("lord", "loyalist", "rebel", "renegade")]
    for player, line in zip(state.players, seat_lines(embed, state.seats), strict=True):
        if not player.revealed:
            if t("sanguosha.board.hidden_identity", LOCALE) not in line or \
                    any(role in line for role in roles):
                problems.append(f"seat {player.seat}'s hidden identity shown: {line}")
        elif t(f"sanguosha.role.{identity_of_card(player.identity_card)}", LOCALE) not in line:
            problems.append(f"seat {player.seat}'s face-up identity missing: {line}")
    everything = "\n".join([embed.get("title", ""), embed.get("description") or "",
                            *(f["value"] for f in embed.get("fields", []))])
    choosing = any(not p.hero for p in state.players)
    names = hero_names()
    for player in state.players:
        secret_heroes = [*player.offers, player.chosen] if choosing else []
        for hero in secret_heroes:
            if hero and hero != state.players[state.lord].hero and names[hero] in everything:
                problems.append(f"seat {player.seat}'s secret hero {names[hero]} shown")
    # A hand card nobody has seen, unless a card of the same face is in view (twin ids).
    in_view = {renderer.card(c, LOCALE).plain for p in state.players
               for c in [*p.equips.values(), *p.judging, *p.shown]}
    in_view |= {renderer.card(c, LOCALE).plain for c in [*state.processing, *state.grace]}
    shown_now = "\n".join([embed.get("description") or "", *(
        f["value"] for f in embed.get("fields", [])
        if f["name"] != t("board.log", LOCALE))])
    for player in state.players:
        for card_id in player.hand:
            label = renderer.card(card_id, LOCALE).plain
            if card_id not in player.shown and label not in in_view and label in shown_now:
                problems.append(f"seat {player.seat}'s hand card {label} shown")
    return problems


async def open_table(fake: FakeDiscord, client: Any, channel: Any, host: FakeUser,
                     others: list[FakeUser], bots: int, seed: int) -> tuple[Table, BoardSpy]:
    spies: list[BoardSpy] = []

    def spy_on(table: Table) -> None:
        assert table.lobby is not None and t("sanguosha.title", LOCALE) in table.lobby.text()
        spies.append(BoardSpy(table))

    table = await start_table(fake, client, channel, [host, *others], game="sanguosha",
                              bots=bots, options={}, seed=seed, before_start=spy_on)
    return table, spies[0]


async def test_five_seats_two_people_three_bots_play_a_whole_game_keeping_every_secret(
    tmp_path: Path, fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A card then its target as two steps: a few plays in a group are enough here, so people
    # take the two steps all game long (a real panel does so past one select's 25).
    monkeypatch.setattr(components, "STEPS_BEYOND", 3)
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    guild = fake.create_guild("Game night", members=[alice, bob])
    channel = fake.text_channel(guild)
    async with parlor(tmp_path, fake) as client:
        table, spy = await open_table(fake, client, channel, alice, [bob], bots=3,
                                      seed=20261123)
        live = await table.live()
        assert live.record.status == MatchStatus.ACTIVE
        humans = {s.seat: u for s in live.seats for u in (alice, bob)
                  if not s.is_bot and s.user_id == u.id}
        assert len(humans) == 2

        # Each person's panel offers their own heroes (the lord's at once, the others' once
        # the lord has chosen), and only there.
        state = live.state
        assert isinstance(state, SanguoshaState)
        lord = state.lord
        final = await table.play_to_the_end(humans, seed=5, timeout=600.0)

        assert final.record.status == MatchStatus.FINISHED
        assert table.steps_taken > 0, "no card was played card first, then target"
        assert table.first_step is not None
        old_panel, step_select, value = table.first_step
        stepper = next(u for u in (alice, bob) if f":{final.seat_held_by(u.id)}:" in step_select)
        # A panel still showing that step (its edit not yet arrived): the click is refused.
        stale = await fake.raw_component(stepper, old_panel, step_select, [value], 3)
        assert stale.callback is not None and stale.callback.accepted
        shown = await stale.wait_original()
        assert t("act.stale", LOCALE) in shown.text(), "a step of an old question is stale"
        assert (await table.live()).version == final.version
        outcome = final.outcome()
        assert outcome is not None
        end = final.state
        assert isinstance(end, SanguoshaState)
        assert all(p.hero for p in end.players)
        assert end.players[lord].identity == "lord"

        # The reveal names every identity.
        reveal_title = t("sanguosha.reveal.title", LOCALE)
        reveal = await fake.wait_for(
            lambda: next((m for m in fake.messages_in(channel) if reveal_title in m.text()),
                         None), what="the reveal")
        for player in end.players:
            assert t(f"sanguosha.role.{player.identity}", LOCALE) in reveal.text()
            assert t(f"sanguosha.hero.{player.hero}", LOCALE) in reveal.text()

        # No hero nobody plays, no panel text, no engine id in any public payload.
        played = {p.hero for p in end.players}
        names = hero_names()
        unplayed = [names[h] for h in HEROES if h not in played]
        markers = private_markers()
        texts = public_payloads(fake)
        assert texts
        for text in texts:
            for name in unplayed:
                assert name not in text, f"unchosen hero {name} in public: {text[:300]}"
            for marker in markers:
                assert marker not in text, f"private text {marker!r} in public: {text[:300]}"
            assert "identity-" not in text and "sha-" not in text

        # A window that asked a person showed in the panel they had open, without a click:
        # the follower redrew it in place with the question.
        questions = [max(re.split(r"\{[a-z_]+\}", t(f"sanguosha.prompt.{kind}", LOCALE)),
                         key=len).strip() for kind in ("dodge", "nullify", "peach", "slash")]
        followed = [r for r in fake.requests if r.method == "PATCH"
                    and r.route.startswith("/webhooks/")
                    and edits_an_ephemeral_message(fake, r.path)
                    and any(q in json.dumps(r.json, ensure_ascii=False) for q in questions)]
        assert followed, "no open panel showed a response window by itself"
        assert client.parlor.panels.delays

        # Every board against the state it was drawn from.
        boards = [(s, e) for s, e in spy.drawn if s.result is None]
        assert len(boards) > 20
        assert any(any(not p.hero for p in s.players) for s, _ in boards), \
            "a board drawn during hero choice"
        for drawn_state, embed in boards:
            problems = board_secrets_shown(drawn_state, embed)
            assert not problems, problems


def test_the_board_check_can_fail() -> None:
    """A board that showed a hidden identity, a secret hero or an unseen hand card is caught."""
    from games.sanguosha import GAME
    from tests.i18n_play import new_live

    state = GAME.setup(5, None, seed=3)
    live = new_live("sanguosha", 5, None, 3)
    live.state = state
    renderer = renderer_for("sanguosha")
    honest: dict[str, Any] = dict(
        renderer.board_embed(live, GAME.view(state, None), LOCALE).to_dict())
    assert board_secrets_shown(state, honest) == []
    hidden = t("sanguosha.board.hidden_identity", LOCALE)
    told = dict(honest, description=honest["description"].replace(
        hidden, t("sanguosha.role.rebel", LOCALE), 1))
    assert board_secrets_shown(state, told)
    offer = next(h for p in state.players for h in p.offers)
    named = dict(honest, title=honest["title"] + " " + hero_names()[offer])
    assert board_secrets_shown(state, named)
    assert isinstance(renderer, SanguoshaRenderer)
    lord = state.players[state.lord]
    lord.hand = ["juedou-spade-A"]
    leaked = dict(honest, fields=[{"name": "Now",
                                   "value": renderer.card(lord.hand[0], LOCALE).plain}])
    assert board_secrets_shown(state, leaked)


def _shows(text: str, message: FakeMessage) -> bool:
    return text in str(message.embeds)


async def test_a_league_is_played_table_after_table_each_seat_lord_once(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """League: /sanguosha start league:True; each reveal sums the points and opens the next
    table with the next seat as lord; after every seat has been lord the league is over. The
    host's moves go through the match service (the clicks of a whole table are the five-seat
    test's): four whole tables of clicks cost some 8 s of CPU."""
    fake = fake_discord
    alice = fake.create_user("alice")
    channel = fake.text_channel(fake.create_guild("League night", members=[alice]))
    async with parlor(tmp_path, fake) as client:
        client.parlor.service.new_seed = lambda: 20261123
        table = Table(fake, client, channel)
        await table.open(alice, game="sanguosha",
                         options={"league": True, "scoring": "fourth_edition"})
        for _ in range(3):
            await table.lobby_click(alice, "addbot")
        assert (await table.lobby_click(alice, "start")).callback.accepted
        totals = [0.0] * 4
        for number in range(4):
            live = await table.live()
            assert isinstance(live.state, SanguoshaState)
            assert live.state.lord == number, "each seat is lord once, in turn"
            final = await table.play_to_the_end({0: alice}, seed=number, timeout=300.0,
                                                clicks=False)
            outcome = final.outcome()
            assert outcome is not None
            totals = [totals[s] + outcome.scores[s] for s in range(4)]
            heading = t("sanguosha.reveal.league", LOCALE, table=number + 1, tables=4)
            reveal = await fake.wait_for_message(channel, partial(_shows, heading))
            assert f"{max(totals):g}" in str(reveal.embeds)
            button = f"pl:n:{final.id}"
            if number == 3:
                assert button not in reveal.custom_ids(), "the league is over"
                assert "League over" in str(reveal.embeds)
                break
            assert t("sanguosha.league.next", LOCALE, table=number + 2, tables=4) in \
                str(reveal.find_component(button))
            opened = await fake.click(alice, reveal, button)
            assert opened.callback is not None and opened.callback.accepted
            table.lobby = await opened.wait_original()
            following = await client.parlor.service.open_in_channel(channel.id)
            assert following is not None
            table.match_id = following.id
            assert list(following.record.options["league_points"]) == totals
            assert (await table.lobby_click(alice, "start")).callback.accepted
