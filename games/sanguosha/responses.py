"""Answers: asking one seat for a card (a Dodge, a Slash), and the Nullification window that
any living seat may answer, nested when a Nullification is itself nullified."""

from __future__ import annotations

from itertools import combinations

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Pass, Respond
from games.sanguosha.cards import card, name_of
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, HELP, aimed, deed
from games.sanguosha.peaches import peach_barred
from games.sanguosha.skills.conversions import answer_conversions
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.zones import remove_from_seat, settle_processing

# Tricks whose Nullification helps the target (the rest help the user).
HARMFUL_TRICKS = frozenset(
    {"juedou", "guohe", "shunshou", "jiedao", "nanman", "wanjian", "lebu", "shandian"}
)


def eight_diagram_dodges(state: SanguoshaState, judged: str) -> bool:
    """Eight Diagram's judgement counts as a Dodge on a red card; with
    ``eight_diagram_hearts`` only on a heart."""
    if state.options.eight_diagram_hearts:
        return card(judged).suit == "heart"
    return card(judged).red


def answer_options(state: SanguoshaState, seat: int, want: str) -> list[Respond]:
    """The ways ``seat`` can play a ``want`` card as an answer now."""
    if want == "tao" and peach_barred(state):
        return []
    player = state.players[seat]
    options = [fast.respond(seat, (c,), want) for c in player.hand if name_of(c) == want]
    if want == "sha" and player.equips.get("weapon", "").startswith("zhangba-"):
        options.extend(
            fast.respond(seat, pair, "sha", "zhangba") for pair in combinations(player.hand, 2)
        )
    options.extend(
        fast.respond(seat, cards, want, via) for cards, via in answer_conversions(state, seat, want)
    )
    return options


def play_answer_cards(ctx: Ctx, action: Respond, reason: str) -> None:
    """Moves an answer's cards from the seat to the discard pile, face up."""
    state = ctx.state
    zones = [remove_from_seat(state, action.seat, c) for c in action.cards]
    state.processing.extend(action.cards)
    if action.name == "sha":
        flags = own_player(state, action.seat).flags
        flags["sha_answered"] = flags.get("sha_answered", 0) + 1
    ctx.emit(
        "answered",
        seat=action.seat,
        cards=list(action.cards),
        name=action.name,
        via=action.via,
        reason=reason,
    )
    fire(ctx, "lost_cards", [action.seat], seat=action.seat, zones=zones)
    settle_processing(ctx, list(action.cards))


def _answer_prompt(
    state: SanguoshaState, window: Window, seat: int, want: str, kind: str
) -> Prompt:
    actions: list[Action] = [fast.passing(seat), *answer_options(state, seat, want)]
    return fast.prompt(
        seat,
        kind,
        actions,
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


# -- one seat asked for a card ----------------------------------------------------------------
@step("need")
def need_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    want: str = f.d["want"]
    player = state.players[seat]
    if f.step == 0:
        f.step = 2
        armor = player.equips.get("armor", "")
        if (
            want == "shan"
            and armor.startswith("bagua-")
            and not f.d.get("ignore_armor")
            and player.alive
        ):
            f.step = 1
            ctx.push("judge", ret="judged", seat=seat, reason="bagua")
        return
    if f.step == 1:
        judged = f.d.get("judged")
        if judged is not None and eight_diagram_dodges(state, judged):
            ctx.emit("eight_diagram_dodged", seat=seat)
            ctx.finish(True)
            return
        f.step = 2
        return
    if not player.alive:
        ctx.finish(False)
        return
    if not f.d.get("helpers_asked"):
        # A lord may first ask the heroes of the lord's kingdom for the card (Hujia, Jijiang).
        f.d["helpers_asked"] = True
        fire(ctx, "need_card", [seat], frame=f.d)
        return
    if f.d.get("provided"):
        ctx.finish(True)
        return
    ctx.ask(want, "in_order", [seat], src=f.d.get("src", -1), reason=f.d.get("reason", ""),
            left=f.d.get("left", 1))


@answer("need")
def need_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if isinstance(action, Pass):
        ctx.emit("no_answer", seat=action.seat, want=f.d["want"])
        ctx.finish(False)
        return
    assert isinstance(action, Respond)
    play_answer_cards(ctx, action, f.d.get("reason", ""))
    ctx.finish(True)


@prompt("shan")
def dodge_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return _answer_prompt(state, window, seat, "shan", "dodge")


@prompt("sha")
def slash_answer_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return _answer_prompt(state, window, seat, "sha", "slash")


# -- Nullification ----------------------------------------------------------------------------
def may_nullify(state: SanguoshaState, seat: int) -> bool:
    """Whether the window asks ``seat``, from public facts only: a seat whose whole hand the
    table knows (empty, or every card seen arriving face up) and that could not answer with it
    is not asked; any other seat is, whatever it holds, so being asked tells nothing."""
    player = state.players[seat]
    shown = player.shown
    # Nothing shown (most seats): the hand is known only when empty.
    hand_known = all(c in shown for c in player.hand) if shown else not player.hand
    return not hand_known or bool(answer_options(state, seat, "wuxie"))


@step("nullify")
def nullify_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    if f.step == 0:
        seats = [s for s in state.living_from(max(state.current, 0)) if may_nullify(state, s)]
        if not seats:
            ctx.finish(False)
            return
        # Also public: the seat the chain of Nullifications is about, whether what this one
        # would stop is good for it, and the trick at the chain's root.
        ctx.ask(
            "wuxie",
            "first_come",
            seats,
            trick=f.d["trick"],
            card=f.d["card"],
            target=f.d["target"],
            src=f.d["src"],
            at_stake=f.d.get("at_stake", f.d["target"]),
            good=f.d.get("good", f.d["trick"] not in HARMFUL_TRICKS),
            origin=f.d.get("origin", f.d["trick"]),
        )
        return
    settle_processing(ctx, f.d["wuxie"])
    ctx.finish(not f.d["countered"])


@answer("nullify")
def nullify_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    state = ctx.state
    if isinstance(action, Pass):
        state.windows.pass_(action.seat)
        if window.exhausted:
            ctx.close()
            ctx.finish(False)
        return
    assert isinstance(action, Respond)
    ctx.close()
    zones = [remove_from_seat(state, action.seat, c) for c in action.cards]
    state.processing.extend(action.cards)
    target: int = f.d["target"]
    ctx.emit(
        "nullified",
        seat=action.seat,
        cards=list(action.cards),
        trick=f.d["trick"],
        target=target,
    )
    if target >= 0 and target != action.seat:
        deed(state, action.seat, target, -1 if f.d["trick"] in HARMFUL_TRICKS else 1)
    # Whom the chain of Nullifications is about, and whether the thing nullified here would
    # have been good for that seat: a Nullification of a Nullification undoes the one below.
    at_stake: int = f.d.get("at_stake", target)
    good: bool = f.d.get("good", f.d["trick"] not in HARMFUL_TRICKS)
    aimed(state, action.seat, at_stake, HARM if good else HELP)
    fire(ctx, "lost_cards", [action.seat], seat=action.seat, zones=zones)
    fire(ctx, "card_used", [action.seat], seat=action.seat, name="wuxie")
    f.d["wuxie"] = list(action.cards)
    f.step = 1
    ctx.push(
        "nullify",
        ret="countered",
        trick="wuxie",
        card=action.cards[0],
        target=-1,
        src=action.seat,
        at_stake=at_stake,
        good=not good,
        origin=f.d.get("origin", f.d["trick"]),
    )


@prompt("wuxie")
def nullify_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return _answer_prompt(state, window, seat, "wuxie", "nullify")
