"""A turn's six phases: prepare, judge (newest delayed trick first), draw 2, play, discard
down to the current HP, finish."""

from __future__ import annotations

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Discard, Pass, Use
from games.sanguosha.cards import card
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.skills.base import ACTIVE, active_options
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.use import has_in_judging, judging_name, play_options, start_use
from games.sanguosha.zones import draw, settle_processing, take_top, to_discard

PHASES = ("prepare", "judge", "draw", "play", "discard", "finish")
DRAW_COUNT = 2


@step("turn")
def turn_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    player = state.players[seat]
    if not player.alive or f.step >= len(PHASES):
        state.phase = ""
        ctx.emit("turn_ended", seat=seat)
        ctx.finish()
        return
    if f.step == 0:
        player = own_player(state, seat)
        player.flags = {k: v for k, v in player.flags.items() if k.startswith("skip_")}
        ctx.emit("turn_started", seat=seat)
    phase = PHASES[f.step]
    f.step += 1
    fire(ctx, f"phase_check:{phase}", [seat])
    skip = f"skip_{phase}"
    player = state.players[seat]
    if skip in player.flags:
        player = own_player(state, seat)
    if player.flags.pop(skip, 0):
        ctx.emit("phase_skipped", seat=seat, phase=phase)
        return
    if phase == "judge" and not player.judging:
        return
    state.phase = phase
    ctx.emit("phase_started", seat=seat, phase=phase)
    ctx.push(f"phase_{phase}", seat=seat)


@step("phase_prepare")
def prepare_step(ctx: Ctx, f: Frame) -> None:
    ctx.finish()
    fire(ctx, "phase_start:prepare", [f.d["seat"]])


@step("phase_finish")
def finish_step(ctx: Ctx, f: Frame) -> None:
    ctx.finish()
    fire(ctx, "phase_start:finish", [f.d["seat"]])


@step("phase_draw")
def draw_step(ctx: Ctx, f: Frame) -> None:
    seat: int = f.d["seat"]
    if f.step == 0:
        f.step = 1
        f.d["count"] = DRAW_COUNT
        fire(ctx, "phase_start:draw", [seat], frame=f.d)
        return
    ctx.finish()
    if ctx.state.players[seat].alive and f.d["count"] > 0:
        draw(ctx, seat, f.d["count"])


# -- judge -------------------------------------------------------------------------------------
@step("phase_judge")
def judge_phase_step(ctx: Ctx, f: Frame) -> None:
    player = ctx.state.players[f.d["seat"]]
    done: list[str] = f.d.setdefault("done", [])
    waiting = [c for c in reversed(player.judging) if c not in done]
    if not player.alive or not waiting:
        ctx.finish()
        return
    done.append(waiting[0])
    ctx.push("delayed", seat=player.seat, card=waiting[0])


@step("delayed")
def delayed_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    card_id: str = f.d["card"]
    player = state.players[seat]
    if f.step == 0:
        player = own_player(state, seat)
        trick = judging_name(player, card_id)
        f.d["trick"] = trick
        player.judging.remove(card_id)
        player.judging_as = {c: n for c, n in player.judging_as.items() if c != card_id}
        state.processing.append(card_id)
        ctx.emit("delayed_judged", seat=seat, card=card_id, trick=trick)
        f.step = 1
        ctx.push("nullify", ret="nullified", trick=trick, card=card_id, target=seat, src=-1)
        return
    trick = f.d["trick"]
    if f.step == 1:
        if f.d["nullified"]:
            ctx.finish()
            if trick == "shandian":
                _pass_lightning(ctx, seat, card_id)
            else:
                settle_processing(ctx, [card_id])
            return
        f.step = 2
        ctx.push("judge", ret="judged", seat=seat, reason=trick)
        return
    if f.step == 2:
        judged = f.d["judged"]
        if judged is None:
            ctx.finish()
            return
        result = card(judged)
        if trick == "lebu":
            ctx.finish()
            settle_processing(ctx, [card_id])
            if result.suit != "heart":
                own_player(state, seat).flags["skip_play"] = 1
                ctx.emit("indulgence_hit", seat=seat)
            else:
                ctx.emit("indulgence_missed", seat=seat)
            return
        if result.suit == "spade" and 2 <= result.rank <= 9:
            settle_processing(ctx, [card_id])
            ctx.emit("lightning_hit", seat=seat)
            f.step = 3
            ctx.push("damage", src=-1, target=seat, amount=3, cards=[], nature="thunder")
            return
        ctx.finish()
        _pass_lightning(ctx, seat, card_id)
        return
    ctx.finish()


def _pass_lightning(ctx: Ctx, seat: int, card_id: str) -> None:
    """Lightning moves on to the next living player whose judgement area has none."""
    state = ctx.state
    state.processing.remove(card_id)
    for other in [*state.living_from(seat, include=False), seat]:
        player = state.players[other]
        if not player.alive:
            continue
        if has_in_judging(player, "shandian"):
            continue
        own_player(state, other).judging.append(card_id)
        ctx.emit("lightning_moved", seat=seat, to_seat=other, card=card_id)
        return
    to_discard(ctx, [card_id])


@step("judge")
def judge_step(ctx: Ctx, f: Frame) -> None:
    """A judgement: the top card of the deck, shown; skills may change it before it counts."""
    state = ctx.state
    if f.step == 0:
        card_id = take_top(ctx)
        if card_id is None:
            ctx.finish(None)
            return
        state.processing.append(card_id)
        f.d["card"] = card_id
        ctx.emit("judgement", seat=f.d["seat"], card=card_id, reason=f.d["reason"])
        f.step = 1
        fire(ctx, "judge_shown", frame=f.d)
        return
    final: str = f.d["card"]
    ctx.emit("judgement_final", seat=f.d["seat"], card=final, reason=f.d["reason"])
    ctx.finish(final)
    fire(ctx, "judge_done", [f.d["seat"]], card=final)
    settle_processing(ctx, [final])


# -- play --------------------------------------------------------------------------------------
@step("phase_play")
def play_step(ctx: Ctx, f: Frame) -> None:
    seat: int = f.d["seat"]
    if not ctx.state.players[seat].alive or f.d.get("ended"):
        ctx.finish()
        return
    ctx.ask("play", "in_order", [seat])


@answer("phase_play")
def play_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if isinstance(action, Pass):
        f.d["ended"] = True
        return
    assert isinstance(action, Use)
    if action.name in ACTIVE:
        ctx.push(
            f"skill:{action.name}",
            seat=action.seat,
            cards=list(action.cards),
            targets=list(action.targets),
        )
        return
    start_use(ctx, action, counts=True)


@prompt("play")
def play_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [
        fast.passing(seat),
        *play_options(state, seat),
        *active_options(state, seat),
    ]
    return fast.prompt(seat, "play", actions, question=window.question(seat), clock="turn")


# -- discard -----------------------------------------------------------------------------------
def hand_limit(state: SanguoshaState, seat: int) -> int:
    return max(state.players[seat].hp, 0)


@step("phase_discard")
def discard_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    player = state.players[seat]
    excess = len(player.hand) - hand_limit(state, seat)
    at_will = state.options.discard_at_will and bool(player.hand)
    if not player.alive or (excess <= 0 and not at_will):
        ctx.finish()
        return
    f.d["excess"] = max(excess, 0)
    ctx.ask("discard", "in_order", [seat])


@answer("phase_discard")
def discard_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    assert isinstance(action, Discard)
    ctx.close()
    if not action.cards:
        # Discarding at will, the player kept every card.
        ctx.finish()
        return
    player = own_player(ctx.state, action.seat)
    for card_id in action.cards:
        player.hand.remove(card_id)
    to_discard(ctx, list(action.cards))
    ctx.emit("discarded", seat=action.seat, cards=list(action.cards), reason="hand_limit")
    fire(ctx, "lost_cards", [action.seat], seat=action.seat, zones=["hand"])
    ctx.finish()


@prompt("discard")
def discard_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    hand = tuple(state.players[seat].hand)
    excess: int = f.d["excess"]
    template = Discard(seat=seat)
    # At will, any number from the excess to the whole hand.
    most = len(hand) if state.options.discard_at_will else excess
    pick = Pick(field="cards", options=hand, min=excess, max=most, template=template)
    # The default throws the newest cards (just the excess); a few other choices are listed
    # for random play.
    listed = [pick.build(hand[len(hand) - excess :]), pick.build(hand[:excess])]
    if most > excess:
        listed.append(pick.build(hand[: excess + 1]))
    actions: list[Action] = list(dict.fromkeys(listed))
    return fast.prompt(
        seat,
        "discard",
        actions,
        question=window.question(seat),
        clock="turn",
        pick=pick,
        params={"count": excess},
    )
