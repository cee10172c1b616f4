"""Instant tricks, one target at a time: a Nullification window first, then the effect."""

from __future__ import annotations

from games.core import Action, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose, Use
from games.sanguosha.areas import area_options, take_from_area
from games.sanguosha.combat import heal
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HARM, HELP, aimed
from games.sanguosha.responses import answer_options
from games.sanguosha.skills import wushuang
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.use import slash_targets, start_use
from games.sanguosha.zones import draw, gain_face_up, to_discard


@step("trick")
def trick_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    name: str = f.d["name"]
    user: int = f.d["user"]
    target: int = f.d["target"]
    holder = state.players[target]
    if f.step == 0:
        if not holder.alive:
            ctx.finish()
            return
        if name == "taoyuan" and holder.hp >= holder.max_hp:
            ctx.finish()
            return
        f.step = 1
        card = f.d["cards"][0] if f.d["cards"] else ""
        ctx.push("nullify", ret="nullified", trick=name, card=card, target=target, src=user)
        return
    if f.step == 1:
        if f.d["nullified"] or not holder.alive:
            ctx.finish()
            return
        f.step = 2
        _take_effect(ctx, f)
        return
    if f.step == 3:
        f.step = 4
        if not f.d["answered"] and holder.alive:
            ctx.push(
                "damage",
                src=user,
                target=target,
                amount=1,
                cards=f.d["cards"],
                nature="normal",
                reason=name,
            )
        return
    ctx.finish()


def trick_reaches_judging(state: SanguoshaState) -> bool:
    """Whether Snatch and Dismantlement may take a delayed trick (not with
    ``judgement_area_protected``)."""
    return not state.options.judgement_area_protected


def _take_effect(ctx: Ctx, f: Frame) -> None:
    """The trick's effect on one target; asks push windows or frames above this one."""
    state = ctx.state
    name: str = f.d["name"]
    user: int = f.d["user"]
    target: int = f.d["target"]
    if name == "wuzhong":
        draw(ctx, target, 2, reason="wuzhong")
    elif name == "taoyuan":
        heal(ctx, target, 1, src=user)
    elif name in ("nanman", "wanjian"):
        f.step = 3
        want = "sha" if name == "nanman" else "shan"
        ctx.push("need", ret="answered", seat=target, want=want, src=user, reason=name)
    elif name == "juedou":
        ctx.push("duel", user=user, target=target, cards=f.d["cards"])
    elif name in ("guohe", "shunshou"):
        if area_options(state, target, trick_reaches_judging(state)):
            ctx.ask("pick_card", "in_order", [user], target=target, trick=name)
    elif name == "wugu":
        if len(state.grace) == 1:
            _take_grace(ctx, target, state.grace[0])
        elif state.grace:
            ctx.ask("grace", "in_order", [target], cards=list(state.grace))
    elif name == "jiedao" and "weapon" in state.players[target].equips:
        ctx.ask("collateral", "in_order", [target], user=user, victim=f.d["victim"])


def _take_grace(ctx: Ctx, seat: int, card_id: str) -> None:
    ctx.state.grace.remove(card_id)
    gain_face_up(ctx, seat, card_id)
    ctx.emit("grace_taken", seat=seat, card=card_id)


@answer("trick")
def trick_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    state = ctx.state
    ctx.close()
    user: int = f.d["user"]
    target: int = f.d["target"]
    topic = window.topic
    if topic == "pick_card":
        assert isinstance(action, Choose)
        card_id, zone = take_from_area(ctx, target, action.option)
        if f.d["name"] == "shunshou":
            if zone == "hand":
                own_player(state, user).hand.append(card_id)
                ctx.emit("took_card", to=(user, target), seat=user, src=target, card=card_id)
                ctx.emit("took_hidden_card", seat=user, src=target)
            else:
                gain_face_up(ctx, user, card_id)
                ctx.emit("took_card", seat=user, src=target, card=card_id)
        else:
            to_discard(ctx, [card_id])
            ctx.emit("discarded", seat=target, cards=[card_id], reason="guohe")
        if zone != "judging":
            fire(ctx, "lost_cards", [target], seat=target, zones=[zone])
        else:
            # The trick was aimed at a delayed trick, not at its holder: a help, not a harm.
            aimed(state, user, target, HELP - HARM)
    elif topic == "grace":
        assert isinstance(action, Choose)
        _take_grace(ctx, target, action.option)
    elif topic == "collateral":
        if isinstance(action, Use):
            start_use(ctx, action, counts=False)
        else:
            weapon = own_player(state, target).equips.pop("weapon")
            gain_face_up(ctx, user, weapon)
            ctx.emit("took_card", seat=user, src=target, card=weapon)
            fire(ctx, "lost_cards", [target], seat=target, zones=["equip"])


@prompt("pick_card")
def pick_card_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    options = area_options(state, f.d["target"], trick_reaches_judging(state))
    return fast.prompt(
        seat,
        "pick_card",
        [fast.choose(seat, o) for o in options],
        question=window.question(seat),
        clock="turn",
        params=dict(window.data),
    )


@prompt("grace")
def grace_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return fast.prompt(
        seat,
        "grace",
        [fast.choose(seat, c) for c in state.grace],
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


def collateral_uses(state: SanguoshaState, seat: int, victim: int) -> list[Use]:
    if not state.players[victim].alive or victim not in slash_targets(state, seat, ()):
        return []
    return [
        Use(seat=seat, cards=r.cards, name="sha", via=r.via, targets=(victim,))
        for r in answer_options(state, seat, "sha")
    ]


@prompt("collateral")
def collateral_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.passing(seat), *collateral_uses(state, seat, f.d["victim"])]
    return fast.prompt(
        seat,
        "collateral",
        actions,
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


# -- Duel ----------------------------------------------------------------------------------------
@step("duel")
def duel_step(ctx: Ctx, f: Frame) -> None:
    """Target first, then the two in turn play a Slash; the first who does not takes 1
    damage from the other. Facing Lü Bu, each turn takes two Slashes."""
    state = ctx.state
    user: int = f.d["user"]
    target: int = f.d["target"]
    if f.step == 0:
        f.d["turn"] = target
        f.d["left"] = wushuang.answers_needed(state, user)
        f.step = 1
    if f.step == 1:
        turn: int = f.d["turn"]
        if not state.players[turn].alive:
            ctx.finish()
            return
        f.step = 2
        other = user if turn == target else target
        ctx.push("need", ret="answered", seat=turn, want="sha", src=other, reason="juedou",
                 left=f.d["left"])
        return
    if f.step == 2:
        turn = f.d["turn"]
        other = user if turn == target else target
        if not f.d["answered"]:
            f.step = 3
            bonus = 1 if state.players[other].flags.get("luoyi") else 0
            ctx.push(
                "damage",
                src=other,
                target=turn,
                amount=1 + bonus,
                cards=f.d["cards"],
                nature="normal",
                reason="juedou",
            )
            return
        f.d["left"] -= 1
        if f.d["left"] <= 0:
            f.d["turn"] = other
            f.d["left"] = wushuang.answers_needed(state, turn)
        f.step = 1
        return
    ctx.finish()
