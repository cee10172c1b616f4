"""The Catan renderer: places chosen a hex then a corner or edge (a corner under each hex around
it), the board offering only moves the table may watch being chosen, the answers to an offer as
one public question whatever each seat holds, and trade terms and discards as players read
them."""

from __future__ import annotations

from typing import Any

from discord import ui

from bot.components import HandButton, action_view, first_steps, step_key
from bot.games.catan.renderer import CatanRenderer
from bot.renderers import renderer_for
from games.catan import GAME
from games.catan import actions as a
from games.catan.board import CORNER_HEXES, HEX_LABELS, parse_corner
from games.catan.state import CatanState
from tables.service import LiveMatch
from tests.games.catan.table import build, founded, give, on_turn, play, prompt_of
from tests.i18n_play import new_live


def renderer() -> CatanRenderer:
    found = renderer_for("catan")
    assert isinstance(found, CatanRenderer)
    return found


def table(state: CatanState) -> LiveMatch:
    live = new_live("catan", state.seats, None, 1)
    live.state = state
    return live


def parts(view: ui.View) -> list[Any]:
    return [getattr(item, "item", item) for item in view.children]


def options_of(view: ui.View, prefix: str) -> list[Any]:
    selects = [item for item in parts(view) if isinstance(item, ui.Select)
               and item.custom_id.startswith(prefix)]
    return [option for select in selects for option in select.options]


def test_a_set_up_corner_is_chosen_by_any_hex_around_it_then_the_corner() -> None:
    state = GAME.setup(4, GAME.Options(board="beginner"), seed=1)
    live, r = table(state), renderer()
    prompt = GAME.prompt_for(state, state.current)
    assert prompt is not None and len(prompt.actions) == 54
    public = GAME.view(state, None)
    shown = r.board_actions(live, public, prompt)
    steps = first_steps(r, prompt, shown)
    assert steps is not None and sorted(steps) == sorted(HEX_LABELS)
    assert len(set(steps.values())) == len(steps), "each step stands on a move of its own"
    view = action_view(r, live, public, prompt, "en", indices=shown, board=True)
    labels = [o.label for o in options_of(view, f"pl:bs:{live.id}:")]
    assert labels[0] == "Hex A · mountains 10" and len(labels) == 19
    # Hex J, then its six corners: corner "J n" is also "E se" and "F sw".
    j = steps["J"]
    chosen = action_view(r, live, public, prompt, "en", indices=shown, board=True, step=j)
    places = [o.label for o in options_of(chosen, f"pl:t:{live.id}:")]
    assert len(places) == 6 and all("J " in label for label in places)
    j_n = parse_corner("J n")
    assert j_n is not None and {HEX_LABELS[h] for h in CORNER_HEXES[j_n]} == {"E", "F", "J"}
    for hex_label in ("E", "F", "J"):
        assert step_key(r, prompt, shown, steps[hex_label]) == hex_label
        chosen = action_view(r, live, public, prompt, "en", indices=shown, board=True,
                             step=steps[hex_label])
        assert any(label.startswith("Settle on corner 19 (") for label in
                   [o.label for o in options_of(chosen, f"pl:t:{live.id}:")])


def test_the_board_never_offers_what_a_hand_allows() -> None:
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("J n",), roads=("J ne",))
    give(state, 0, brick=4, lumber=3, wool=1, grain=3, ore=3)
    give(state, 1, wool=1)  # someone to trade with
    state = on_turn(state, 0, "main")
    live, r = table(state), renderer()
    prompt = prompt_of(state, 0)
    kinds = {action.kind for action in prompt.actions}
    assert {"build_road", "build_city", "buy_development", "bank_trade"} <= kinds
    public = GAME.view(state, None)
    shown = [prompt.actions[i].kind for i in r.board_actions(live, public, prompt)]
    assert shown == ["end_turn"]
    # The panel offers the rest, and the offer as a pick of terms.
    labels = [getattr(item, "label", None) or getattr(item, "placeholder", None)
              for item in parts(action_view(r, live, GAME.view(state, 0), prompt, "en"))]
    assert "Offer a trade: tick what you give, what you want (and to whom)" in labels
    assert "Build…" in labels and "Trade with the bank…" in labels


def test_the_answers_to_an_offer_are_one_question_whatever_each_seat_holds() -> None:
    state = on_turn(founded(), 0, "main")
    give(state, 0, brick=1)
    give(state, 1, wool=2)  # seat 2 holds no wool, seat 3 nothing at all
    give(state, 2, ore=1)
    state = on_turn(state, 0, "main")
    pick = prompt_of(state, 0).pick
    assert pick is not None
    state, _ = play(state, pick.build(["give:brick:1", "want:wool:1"]))
    live, r = table(state), renderer()
    public = GAME.view(state, None)
    asked = [p for p in GAME.pending(state) if p.blocking]
    assert [p.seat for p in asked] == [1, 2, 3]  # seat 3 holds nothing, and is asked too
    questions = set()
    for prompt in asked:
        shown = r.board_actions(live, public, prompt)
        assert [prompt.actions[i] for i in shown] == [
            a.AnswerTrade(seat=prompt.seat, accept=False),
            a.AnswerTrade(seat=prompt.seat, accept=True)]
        questions.add(r.board_question(live, public, prompt, shown))
    assert len(questions) == 1


def test_trade_terms_and_discards_read_as_cards() -> None:
    state = on_turn(founded(), 0, "main")
    give(state, 0, brick=2, ore=1)
    state = on_turn(state, 0, "main")
    live, r = table(state), renderer()
    own = GAME.view(state, 0)
    assert r.pick_label(live, own, "give:brick:2", "en").plain == "Give 🧱 brick #2"
    assert r.pick_label(live, own, "want:ore:1", "zh-CN").plain == "想要 🪨矿石 #1"
    assert r.pick_label(live, own, "to:2", "en").plain.startswith("Only to ⚪ ")
    brick = own.me.hand["brick"][1]
    assert r.pick_label(live, own, brick, "en").plain == "🧱 brick #2"


def test_a_robber_move_names_the_hex_and_the_victim() -> None:
    state = on_turn(founded(), 0, "robber")
    build(state, 1, settlements=("J n",))
    give(state, 1, wool=1)
    state = on_turn(state, 0, "robber")
    live, r = table(state), renderer()
    prompt = prompt_of(state, 0)
    public = GAME.view(state, None)
    shown = r.board_actions(live, public, prompt)
    assert len(shown) == len(prompt.actions)  # all public: the island and who holds cards
    e = HEX_LABELS.index("E")  # J, beside it, is the desert, where the robber stands
    labels = {r.action_label(live, public, prompt.actions[i], "en").plain for i in shown
              if getattr(prompt.actions[i], "hex", None) == e}
    assert labels == {"Robber to E · hills 6, rob 🔵 P1"}


def test_a_long_offer_list_and_the_panels_pages_turn_apart() -> None:
    """The offer's terms fill two pages of their own list, and the other moves need more rows
    than are left: the panel's pages turn the moves (the list stays where it is), the list's
    own buttons turn the list."""
    state = on_turn(founded(), 0, "main")
    build(state, 0, settlements=("J n",), roads=("J ne",))
    give(state, 0, brick=4, lumber=3, wool=1, grain=3, ore=3)
    give(state, 1, wool=1)
    state = on_turn(state, 0, "main")
    live, r = table(state), renderer()
    prompt = prompt_of(state, 0)
    assert prompt.pick is not None and len(prompt.pick.options) > 25
    own = GAME.view(state, 0)

    def shown(page: int, pick_page: int = 0) -> tuple[set[str], list[str]]:
        leading: list[Any] = [HandButton(live.id, "Refresh")]  # as a panel's first row
        items = parts(action_view(r, live, own, prompt, "en", page=page, pick_page=pick_page,
                                  leading=leading))
        ids = [getattr(item, "custom_id", "") or "" for item in items]
        labels = {getattr(item, "label", None) or getattr(item, "placeholder", None) or ""
                  for item in items}
        return labels, ids

    first, first_ids = shown(0)
    second, second_ids = shown(1)
    assert "Build…" in first and "End the turn" not in first
    assert "End the turn" in second or "Buy a development card" in second
    for ids in (first_ids, second_ids):  # the list on its first page, on both
        assert any(i.startswith(f"pl:k:{live.id}:{live.version}:0:0") for i in ids)
    _, turned = shown(0, pick_page=1)
    assert any(i.startswith(f"pl:k:{live.id}:{live.version}:0:1") for i in turned)
