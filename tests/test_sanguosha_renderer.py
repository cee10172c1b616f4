"""The Sanguosha renderer: cards as players read them, the board's circle of seats (identities
face down until revealed), the panel's hand by kind, and the moves' labels and rows."""

from __future__ import annotations

import random
from typing import Any

from discord import ui

from bot.components import action_view
from bot.games.sanguosha.renderer import ANSWER, CARD, HERO, MAIN, SKILL, SLASH, SanguoshaRenderer
from bot.renderers import renderer_for
from games.core import Event, Prompt
from games.sanguosha import GAME
from games.sanguosha.actions import Choose, Pass, Respond, Use
from games.sanguosha.state import SanguoshaState
from tables.questions import prompt_digest
from tables.service import LiveMatch
from tests.i18n_play import new_live
from tests.shown import as_label, md


def renderer() -> SanguoshaRenderer:
    found = renderer_for("sanguosha")
    assert isinstance(found, SanguoshaRenderer)
    return found


def table(seats: int = 5, seed: int = 3) -> tuple[LiveMatch, SanguoshaState]:
    live = new_live("sanguosha", seats, None, seed)
    state = GAME.setup(seats, None, seed=seed)
    live.state = state
    return live, state


def played_until(state: SanguoshaState, kind: str, seed: int = 3
                 ) -> tuple[SanguoshaState, Prompt]:
    """The game played by its bots until a seat is asked a ``kind`` prompt."""
    rng = random.Random(seed)
    for _ in range(5_000):
        for prompt in GAME.pending(state):
            if prompt.kind == kind:
                return state, prompt
        prompt = next(p for p in GAME.pending(state) if p.blocking)
        action = GAME.choose(GAME.view(state, prompt.seat), prompt, rng)
        state = GAME.apply(state, action).state
    raise AssertionError(f"no {kind} prompt came up")


def parts(view: ui.View) -> list[ui.Item[Any]]:
    """The buttons and selects of a view, dynamic items unwrapped."""
    return [getattr(item, "item", item) for item in view.children]


def seat_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "`" in line]


def test_a_card_reads_suit_rank_and_the_name_players_know() -> None:
    r = renderer()
    assert md(r.card("sha-spade-7", "en")) == "♠7 Slash"
    assert md(r.card("sha-spade-7", "zh-CN")) == "♠7 杀"
    assert md(r.card("wuxie-club-Q", "zh-CN")) == "♣Q 无懈可击"
    assert md(r.card("juedou-spade-A", "en")) == "♠A Duel"
    assert md(r.card("shan-heart-K", "zh-CN")) == "♥K 闪"


def test_the_board_shows_only_the_lords_identity_until_a_death() -> None:
    live, state = table()
    r = renderer()
    lines = seat_lines(r.board_embed(live, GAME.view(state, None), "en").description or "")
    assert len(lines) == 5
    for seat, line in enumerate(lines):
        if seat == state.lord:
            assert "Lord" in line
        else:
            assert "hidden" in line
            assert not any(role in line for role in ("Loyalist", "Rebel", "Renegade"))
    dead = next(s for s in range(5) if s != state.lord)
    state.players[dead].alive = False
    state.players[dead].revealed = True
    lines = seat_lines(r.board_embed(live, GAME.view(state, None), "en").description or "")
    role = {"loyalist": "Loyalist", "rebel": "Rebel", "renegade": "Renegade"}[
        state.players[dead].identity]
    assert role in lines[dead] and "💀" in lines[dead]


def test_the_panel_lists_the_hand_by_kind_with_suits() -> None:
    live, state = table()
    seat = (state.lord + 1) % 5
    state.players[seat].hand = ["tao-heart-3", "sha-spade-7", "juedou-spade-A",
                                "zhuge-club-A", "lebu-spade-6", "shan-diamond-2a"]
    embed = renderer().panel_embed(live, GAME.view(state, seat), seat, "zh-CN")
    hand = next(f for f in embed.to_dict()["fields"] if f["name"].startswith("手牌"))
    lines = hand["value"].splitlines()
    assert lines[0] == "**基本牌**: ♠7 杀 · ♦2 闪 · ♥3 桃"
    assert lines[1] == "**锦囊**: ♠A 决斗"
    assert lines[2] == "**延时锦囊**: ♠6 乐不思蜀"
    assert lines[3] == "**装备**: ♣A 诸葛连弩"
    identity = {"loyalist": "忠臣", "rebel": "反贼", "renegade": "内奸"}[
        state.players[seat].identity]
    assert identity in (embed.title or "")


def test_hero_offers_show_only_in_their_players_panel() -> None:
    live, state = table()
    r = renderer()
    lord = state.lord
    offers = state.players[lord].offers
    panel = str(r.panel_embed(live, GAME.view(state, lord), lord, "en").to_dict())
    board = str(r.board_embed(live, GAME.view(state, None), "en").to_dict())
    for hero in offers:
        name = md(r.hero(hero, "en"))
        assert name in panel
        assert name not in board


def test_moves_fall_in_rows_by_kind() -> None:
    r = renderer()
    assert r.action_group(Pass(seat=0)) == MAIN
    assert r.action_group(Use(seat=0, cards=("sha-spade-7",), name="sha", targets=(1,))) == \
        SLASH
    assert r.action_group(Use(seat=0, cards=("tao-heart-3", "sha-spade-7"), name="sha",
                              via="zhangba", targets=(1,))) == SLASH
    assert r.action_group(Use(seat=0, cards=("zhuge-club-A",), name="zhuge",
                              targets=(0,))) == CARD
    assert r.action_group(Use(seat=0, cards=(), name="zhiheng", via="zhiheng")) == MAIN
    assert r.action_group(Use(seat=0, cards=("sha-spade-7",), name="rende", via="rende",
                              targets=(2,))) == SKILL
    assert r.action_group(Use(seat=0, cards=("sha-club-2",), name="guohe", via="qixi",
                              targets=(1,))) == SKILL
    assert r.action_group(Respond(seat=0, cards=("shan-heart-2a",), name="shan")) == ANSWER
    assert r.action_group(Choose(seat=0, option="caocao")) == HERO


def test_a_card_and_its_target_read_as_one_choice() -> None:
    live, state = table()
    r = renderer()
    view = GAME.view(state, None)
    names = [live.seats[s].display_name for s in range(5)]
    duel = Use(seat=0, cards=("juedou-spade-A",), name="juedou", targets=(2,))
    assert as_label(r.action_label(live, view, duel, "en")) == f"♠A Duel → {names[2]}"
    spear = Use(seat=0, cards=("tao-heart-3", "shan-heart-2a"), name="sha", via="zhangba",
                targets=(1,))
    assert as_label(r.action_label(live, view, spear, "zh-CN")) == \
        f"♥3 桃+♥2 闪当杀（丈八蛇矛） → {names[1]}"
    borrow = Use(seat=0, cards=("jiedao-club-Q",), name="jiedao", targets=(1, 3))
    assert as_label(r.action_label(live, view, borrow, "en")) == \
        f"♣Q Collateral: {names[1]} must Slash {names[3]}"


def test_a_response_window_asks_in_the_panel_and_the_board_says_what_is_asked() -> None:
    """Rule: the board says what the window asks (a Dodge), that a card is played from "My
    hand" and which board button declines, never whether the seat holds one."""
    live, state = table(seed=7)
    state, prompt = played_until(state, "dodge", seed=7)
    live.state = state
    r = renderer()
    public = GAME.view(state, None)
    own = GAME.view(state, prompt.seat)
    board_line = md(r.prompt_line(live, public, prompt, "en"))
    assert board_line == ("asked for a Dodge: play one from **My hand**, or press “No Dodge” "
                          "on the board")
    assert "我的手牌" in md(r.prompt_line(live, public, prompt, "zh-CN"))
    assert "Dodge?" in md(r.prompt_line(live, own, prompt, "en"))
    passing = next(i for i, a in enumerate(prompt.actions) if isinstance(a, Pass))
    assert r.board_actions(live, public, prompt) == [passing]
    assert as_label(r.action_label(live, own, prompt.actions[passing], "en")) == "No Dodge"
    now = next(f for f in r.board_embed(live, public, "en").to_dict()["fields"]
               if f["name"] == "Now")
    assert "waiting for a response" in now["value"]
    # A seat holding no Dodge is asked the same question in the same words.
    holder = state.players[prompt.seat]
    empty = state.model_copy(deep=True)
    empty.players[prompt.seat].hand = [c for c in holder.hand if not c.startswith("shan")]
    assert md(r.prompt_line(live, GAME.view(empty, None), prompt, "en")) == board_line


def test_a_nullification_window_names_the_question_and_the_seats_asked_by_public_facts(
) -> None:
    """Rule (docs/rules/sanguosha.md, "Answers and windows"): a Nullification window asks
    every seat holding cards the table has not seen, whatever they hold; the board says so,
    that one is played from "My hand" and that "No Nullification" is on the board."""
    live, state = table(seed=3)
    state, prompt = played_until(state, "nullify", seed=3)
    live.state = state
    r = renderer()
    public = GAME.view(state, None)
    for locale, hand, button in (("en", "My hand", "No Nullification"),
                                 ("zh-CN", "我的手牌", "不使用无懈可击")):
        line = md(r.prompt_line(live, public, prompt, locale))
        assert f"**{hand}**" in line and button in line, line
    assert "every seat holding cards the table has not seen is asked" in \
        md(r.prompt_line(live, public, prompt, "en"))
    assert "waiting for a response" not in md(r.prompt_line(live, public, prompt, "en"))


def test_a_card_taken_by_jianxiong_is_said_to_be_in_the_takers_hand() -> None:
    """Rule: a card taken face up (Jianxiong) is shown on the board as in that hand, and the
    log says it went into the hand."""
    live, state = table(seed=3)
    seat = 1
    state.players[seat].hand.append("nanman-spade-7")
    state.players[seat].shown.append("nanman-spade-7")
    r = renderer()
    line = next(line for line in seat_lines(r.board_embed(
        live, GAME.view(state, None), "en").description or "") if "♠7" in line)
    assert "in hand, seen by all: ♠7 Savage Assault" in line
    zh = r.board_embed(live, GAME.view(state, None), "zh-CN").description or ""
    assert "手牌中众人已见：♠7 南蛮入侵" in zh
    event = Event(key="sanguosha.took_card", params={"seat": seat, "src": -1,
                                                     "card": "nanman-spade-7",
                                                     "reason": "jianxiong"})
    name = live.seats[seat].display_name
    assert md(r.event_line(live, event, "en")) == \
        f"{name} takes ♠7 Savage Assault into their hand (Jianxiong)."
    assert "收入手牌" in md(r.event_line(live, event, "zh-CN"))


def test_hero_choice_is_never_a_board_button() -> None:
    live, state = table()
    prompt = next(p for p in GAME.pending(state) if p.kind == "hero")
    assert renderer().board_actions(live, GAME.view(state, None), prompt) == []


def test_a_discard_is_one_pick_labelled_by_card() -> None:
    live, state = table(seed=12)
    state, prompt = played_until(state, "discard", seed=12)
    live.state = state
    r = renderer()
    own: Any = GAME.view(state, prompt.seat)
    assert prompt.pick is not None and prompt.pick.min == prompt.pick.max
    labels = [as_label(r.pick_label(live, own, c, "en")) for c in prompt.pick.options]
    assert labels == [md(r.card(c, "en")) for c in own.me.hand]
    assert "Discard" in md(r.prompt_line(live, own, prompt, "en"))
    count = prompt.pick.min
    assert as_label(r.pick_placeholder(live, own, prompt, "en")) == \
        f"Choose {count} card{'s' if count > 1 else ''}"


def test_the_board_says_who_chooses_a_hero_in_the_open_and_who_in_secret() -> None:
    live, state = table()
    r = renderer()
    lord = live.seats[state.lord].display_name

    def now(s: SanguoshaState) -> str:
        fields = r.board_embed(live, GAME.view(s, None), "en").to_dict()["fields"]
        return next(f["value"] for f in fields if f["name"] == "Now")

    assert now(state) == f"{lord}, the Lord, chooses a hero; it is shown at once."
    prompt = next(p for p in GAME.pending(state) if p.kind == "hero")
    state = GAME.apply(state, prompt.actions[0]).state
    assert now(state) == "Everyone chooses a hero in secret."


def test_a_hand_too_large_for_one_select_is_played_card_first_then_target() -> None:
    """Panel: a card then its target as two steps where one select cannot hold the plays."""
    live, state = table(seats=8)
    r = renderer()
    view = GAME.view(state, 0)
    tricks = ["juedou-spade-A", "guohe-spade-3", "guohe-club-3", "shunshou-spade-3",
              "juedou-club-A"]
    plays = [Use(seat=0, cards=(card_id,), name=card_id.split("-")[0], targets=(target,))
             for card_id in tricks for target in range(1, 8)]
    prompt = Prompt(seat=0, kind="play", actions=[Pass(seat=0), *plays])
    panel = action_view(r, live, view, prompt, "en")
    steps = [item for item in parts(panel) if isinstance(item, ui.Select)
             and item.custom_id.startswith("pl:st:")]
    assert len(steps) == 1, "one select of cards for the 35 plays"
    labels = [option.label for option in steps[0].options]
    assert labels == [md(r.card(card_id, "en")) for card_id in tricks]
    duel = int(steps[0].options[0].value)
    assert prompt.actions[duel] == plays[0]
    assert steps[0].custom_id.endswith(prompt_digest(prompt))
    targets = action_view(r, live, view, prompt, "en", step=duel)
    chosen = [item for item in parts(targets) if isinstance(item, ui.Select)
              and item.custom_id.startswith("pl:s:")]
    assert len(chosen) == 1
    names = [live.seats[s].display_name for s in range(1, 8)]
    assert [option.label for option in chosen[0].options] == \
        [f"♠A Duel → {name}" for name in names]
    assert [int(option.value) for option in chosen[0].options] == list(range(1, 8))
    assert any(isinstance(item, ui.Button) and item.custom_id == f"pl:p:{live.id}:0"
               for item in parts(targets)), "a way back to the cards"
    # Few plays: one select of card and target, as before.
    small = Prompt(seat=0, kind="play", actions=[Pass(seat=0), *plays[:14]])
    assert not any(isinstance(item, ui.Select) and item.custom_id.startswith("pl:st:")
                   for item in parts(action_view(r, live, view, small, "en")))


def test_a_seat_changing_hands_reads_as_the_platform_says_it() -> None:
    """A seat handed to the bot or taken back is the platform's event, not the game's: the
    table's log reads it in the platform's words (it read a missing key before)."""
    live, _ = table()
    r = renderer()
    back = Event(key="seat.taken_back", params={"seat": 1})
    name = live.seats[1].display_name
    assert md(r.event_line(live, back, "en")) == f"👋 {name} is back in their seat."
    assert name in md(r.event_line(live, back, "zh-CN"))
    owner = live.seats[1].user_id
    afk = Event(key="seat.to_bot.afk", params={"seat": 1, "mention": f"<@{owner}>"})
    # The player is mentioned (Discord names them; a notice may ping them), and named in a
    # place without mentions.
    assert md(r.event_line(live, afk, "en")).startswith(f"🤖 <@{owner}> missed several turns")
    assert r.event_line(live, afk, "en").plain.startswith(f"🤖 @{name} missed several turns")
