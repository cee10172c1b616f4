"""Slash and Peach, damage, recovery, dying, death and its rewards and penalties."""

from __future__ import annotations

from games.core import Action, Pick, Prompt
from games.core.windows import Window
from games.sanguosha import fast
from games.sanguosha.actions import Choose, Discard, Pass, Respond, Use
from games.sanguosha.areas import area_options, take_from_area
from games.sanguosha.cards import name_of
from games.sanguosha.ending import check_end
from games.sanguosha.flow import Ctx, answer, prompt, step
from games.sanguosha.intent import HELP, SAVE, aimed, deed
from games.sanguosha.peaches import peach_barred
from games.sanguosha.responses import answer_options, play_answer_cards
from games.sanguosha.skills import jiuyuan, wushuang
from games.sanguosha.state import Frame, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.use import can_target, start_use
from games.sanguosha.zones import draw, remove_from_seat, to_discard

YES, NO = "yes", "no"
LET_DRAW = "let_draw"


def weapon(state: SanguoshaState, seat: int) -> str:
    """The name of the weapon ``seat`` wields ("" for none)."""
    equipped = state.players[seat].equips.get("weapon")
    return name_of(equipped) if equipped else ""


def armor(state: SanguoshaState, seat: int) -> str:
    equipped = state.players[seat].equips.get("armor")
    return name_of(equipped) if equipped else ""


def heal(ctx: Ctx, seat: int, amount: int, src: int = -1) -> int:
    player = ctx.state.players[seat]
    gained = max(0, min(amount, player.max_hp - player.hp))
    if gained:
        player = own_player(ctx.state, seat)
        player.hp += gained
        ctx.emit("recovered", seat=seat, amount=gained, hp=player.hp, src=src)
        if src >= 0 and src != seat:
            deed(ctx.state, src, seat, -gained)
    return gained


# -- Slash -------------------------------------------------------------------------------------
@step("sha_effect")
def sha_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    user: int = f.d["user"]
    target: int = f.d["target"]
    victim = state.players[target]
    if not victim.alive:
        ctx.finish()
        return
    s = f.step
    if s == 0 and not f.d.get("aimed"):
        # Before anything else the target may pass the Slash on (Liuli).
        f.d["aimed"] = True
        fire(ctx, "slash_aimed", [target], frame=f.d)
        return
    if s == 0:
        f.d["ignore_armor"] = weapon(state, user) == "qinggang"
        shielded = armor(state, target) == "renwang" and f.d["color"] == "black"
        if shielded and not f.d["ignore_armor"]:
            ctx.emit("nioh_shield_blocked", seat=target)
            ctx.finish()
            return
        f.d["left"] = wushuang.answers_needed(state, user)
        f.step = 11
        fire(ctx, "slash_targeted", [user], frame=f.d)
        return
    if s == 11:
        f.step = 1
        user_gender, target_gender = state.players[user].gender, victim.gender
        if (
            weapon(state, user) == "cixiong"
            and user_gender
            and target_gender
            and (user_gender != target_gender)
        ):
            if victim.hand:
                ctx.ask("cixiong", "in_order", [target], user=user)
            else:
                draw(ctx, user, 1, reason="cixiong")
        return
    if s == 1:
        if f.d.get("unblockable"):
            f.step = 3
            return
        f.step = 2
        ctx.push(
            "need",
            ret="dodged",
            seat=target,
            want="shan",
            src=user,
            reason="sha",
            ignore_armor=f.d["ignore_armor"],
            left=f.d["left"],
        )
        return
    if s == 2:
        if not f.d["dodged"]:
            f.step = 3
            return
        f.d["left"] -= 1
        if f.d["left"] > 0:
            f.step = 1
            return
        ctx.emit("dodged", seat=target, src=user)
        f.step = 4
        others = [c for c in _own_cards(state, user) if name_of(c) != "guanshi"]
        if weapon(state, user) == "guanshi" and len(others) >= 2:
            ctx.ask("guanshi", "in_order", [user], target=target)
        return
    if s == 3:
        f.step = 7
        if weapon(state, user) == "hanbing" and victim.cards_count() > 0:
            ctx.ask("hanbing", "in_order", [user], target=target)
        return
    if s == 4:
        # The Axe was not used (or could not be).
        f.step = 9
        # Asked whether or not a Slash is in hand: the question must not tell the table.
        if weapon(state, user) == "qinglong" and can_target(state, user, target, "sha"):
            ctx.ask("qinglong", "in_order", [user], target=target)
        return
    if s == 6:
        if f.d.get("ice_left", 0) > 0 and area_options(state, target, judging=False):
            ctx.ask("hanbing_pick", "in_order", [user], target=target)
            return
        ctx.finish()
        return
    if s == 7:
        f.step = 8
        horses = _horses(state, target)
        if weapon(state, user) == "qilin" and horses:
            ctx.ask("qilin", "in_order", [user], target=target)
        return
    if s == 8:
        f.step = 9
        bonus = 1 if state.players[user].flags.get("luoyi") else 0
        ctx.push(
            "damage",
            src=user,
            target=target,
            amount=1 + bonus,
            cards=f.d["cards"],
            nature="normal",
            reason="sha",
        )
        return
    ctx.finish()


def _own_cards(state: SanguoshaState, seat: int) -> list[str]:
    player = state.players[seat]
    return [*player.hand, *player.equips.values()]


def _horses(state: SanguoshaState, seat: int) -> list[str]:
    equips = state.players[seat].equips
    return [equips[s] for s in ("plus_horse", "minus_horse") if s in equips]


def _blade_options(state: SanguoshaState, user: int, target: int) -> list[Use]:
    if not can_target(state, user, target, "sha"):
        return []
    return [
        Use(seat=user, cards=r.cards, name="sha", via=r.via or "qinglong", targets=(target,))
        for r in answer_options(state, user, "sha")
    ]


@answer("sha_effect")
def sha_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    state = ctx.state
    user: int = f.d["user"]
    target: int = f.d["target"]
    ctx.close()
    topic = window.topic
    if topic == "cixiong":
        assert isinstance(action, Choose)
        if action.option == LET_DRAW:
            draw(ctx, user, 1, reason="cixiong")
        else:
            own_player(state, target).hand.remove(action.option)
            to_discard(ctx, [action.option])
            ctx.emit("discarded", seat=target, cards=[action.option], reason="cixiong")
            fire(ctx, "lost_cards", [target], seat=target, zones=["hand"])
    elif topic == "guanshi":
        if isinstance(action, Discard):
            zones = [remove_from_seat(state, user, c) for c in action.cards]
            to_discard(ctx, list(action.cards))
            ctx.emit("discarded", seat=user, cards=list(action.cards), reason="guanshi")
            fire(ctx, "lost_cards", [user], seat=user, zones=zones)
            f.step = 3
    elif topic == "qinglong":
        if isinstance(action, Use):
            f.step = 9
            start_use(ctx, action, counts=False)
    elif topic == "hanbing":
        assert isinstance(action, Choose)
        if action.option == YES:
            ctx.emit("ice_sword_used", seat=user, target=target)
            f.d["ice_left"] = 2
            f.step = 6
    elif topic == "hanbing_pick":
        assert isinstance(action, Choose)
        card_id, zone = take_from_area(ctx, target, action.option)
        to_discard(ctx, [card_id])
        ctx.emit("discarded", seat=target, cards=[card_id], reason="hanbing")
        fire(ctx, "lost_cards", [target], seat=target, zones=[zone])
        f.d["ice_left"] -= 1
    elif topic == "qilin":
        assert isinstance(action, Choose)
        if action.option != NO:
            remove_from_seat(state, target, action.option)
            to_discard(ctx, [action.option])
            ctx.emit("discarded", seat=target, cards=[action.option], reason="qilin")
            fire(ctx, "lost_cards", [target], seat=target, zones=["equip"])


def _yes_no(seat: int, window: Window, kind: str) -> Prompt:
    return fast.prompt(
        seat,
        kind,
        [fast.choose(seat, NO), fast.choose(seat, YES)],
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


@prompt("cixiong")
def cixiong_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.choose(seat, LET_DRAW)]
    actions += [fast.choose(seat, c) for c in state.players[seat].hand]
    return fast.prompt(
        seat,
        "double_swords",
        actions,
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


@prompt("guanshi")
def axe_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    options = tuple(c for c in _own_cards(state, seat) if name_of(c) != "guanshi")
    pick = Pick(field="cards", options=options, min=2, max=2, template=Discard(seat=seat))
    return fast.prompt(
        seat,
        "axe",
        [fast.passing(seat), pick.build(options[:2])],
        question=window.question(seat),
        clock="response",
        pick=pick,
        params=dict(window.data),
    )


@prompt("qinglong")
def blade_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.passing(seat), *_blade_options(state, seat, f.d["target"])]
    return fast.prompt(
        seat,
        "blade",
        actions,
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


@prompt("hanbing")
def ice_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    return _yes_no(seat, window, "ice_sword")


@prompt("hanbing_pick")
def ice_pick_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    options = area_options(state, f.d["target"], judging=False)
    return fast.prompt(
        seat,
        "pick_card",
        [fast.choose(seat, o) for o in options],
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


@prompt("qilin")
def kylin_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions = [fast.choose(seat, NO)]
    actions += [fast.choose(seat, h) for h in _horses(state, f.d["target"])]
    return fast.prompt(
        seat,
        "kylin_bow",
        list(actions),
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


# -- Peach -------------------------------------------------------------------------------------
@step("tao_effect")
def tao_step(ctx: Ctx, f: Frame) -> None:
    ctx.finish()
    heal(ctx, f.d["target"], 1, src=f.d["user"])
    aimed(ctx.state, f.d["user"], f.d["target"], HELP)


# -- damage ------------------------------------------------------------------------------------
def _protected(state: SanguoshaState, src: int, target: int) -> bool:
    """First-death protection: the protected seat keeps its last HP while nobody is out,
    except against a seat it attacked itself."""
    options = state.options
    if not options.first_death_protection or options.protected_seat != target:
        return False
    if state.deaths:
        return False
    return not (src >= 0 and state.deeds[target][src] > 0)


@step("damage")
def damage_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    target: int = f.d["target"]
    src: int = f.d["src"]
    victim = state.players[target]
    if f.step == 0:
        if not victim.alive:
            ctx.finish()
            return
        fire(ctx, "damage_caused", [src] if src >= 0 else [], frame=f.d)
        victim = own_player(state, target)
        amount: int = f.d["amount"]
        if _protected(state, src, target):
            amount = min(amount, victim.hp - 1)
            if amount <= 0:
                ctx.emit("protected", seat=target)
                ctx.finish()
                return
        f.d["amount"] = amount
        victim.hp -= amount
        if src >= 0 and src != target:
            deed(state, src, target, amount)
        ctx.emit("damaged", seat=target, src=src, amount=amount, hp=victim.hp, nature=f.d["nature"])
        f.step = 1
        if victim.hp <= 0:
            ctx.push("dying", seat=target, killer=src)
        return
    if f.step == 1:
        f.step = 2
        if victim.alive:
            fire(ctx, "damaged", [target], frame=f.d)
        return
    ctx.finish()


def lose_hp(ctx: Ctx, seat: int, amount: int) -> None:
    """Losing HP (no damage: nothing triggers on it) and dying if it reaches 0."""
    player = own_player(ctx.state, seat)
    player.hp -= amount
    ctx.emit("lost_hp", seat=seat, amount=amount, hp=player.hp)
    if player.hp <= 0:
        ctx.push("dying", seat=seat, killer=-1)


# -- dying -------------------------------------------------------------------------------------
@step("dying")
def dying_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    player = state.players[seat]
    if f.step == 0:
        ctx.emit("dying", seat=seat, hp=player.hp)
        # With Peaches barred the whole table knows nobody can answer: nobody is asked.
        f.d["order"] = [] if peach_barred(state) else state.living_from(max(state.current, 0))
        f.d["at"] = 0
        f.step = 1
        return
    if f.step == 2 or not player.alive:
        ctx.finish()
        return
    if player.hp > 0:
        ctx.emit("saved", seat=seat)
        ctx.finish()
        return
    order: list[int] = f.d["order"]
    at: int = f.d["at"]
    if at >= len(order):
        f.step = 2
        ctx.push("death", seat=seat, killer=f.d["killer"])
        return
    if not state.players[order[at]].alive:
        f.d["at"] = at + 1
        return
    ctx.ask("peach", "in_order", [order[at]], dying=seat, hp=player.hp)


@answer("dying")
def dying_answer(ctx: Ctx, f: Frame, window: Window, action: Action) -> None:
    ctx.close()
    if isinstance(action, Pass):
        f.d["at"] += 1
        return
    assert isinstance(action, Respond)
    seat: int = f.d["seat"]
    play_answer_cards(ctx, action, "save")
    aimed(ctx.state, action.seat, seat, SAVE)
    heal(ctx, seat, jiuyuan.peach_heal(ctx.state, seat, action.seat), src=action.seat)


@prompt("peach")
def peach_prompt(state: SanguoshaState, f: Frame, window: Window, seat: int) -> Prompt:
    actions: list[Action] = [fast.passing(seat), *answer_options(state, seat, "tao")]
    return fast.prompt(
        seat,
        "peach",
        actions,
        question=window.question(seat),
        clock="response",
        params=dict(window.data),
    )


# -- death -------------------------------------------------------------------------------------
@step("death")
def death_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    seat: int = f.d["seat"]
    killer: int = f.d["killer"]
    player = own_player(state, seat)
    ctx.finish()
    player.alive = False
    player.revealed = True
    state.deaths.append(seat)
    if killer >= 0:
        state.killers[seat] = killer
        killer_player = own_player(state, killer)
        killer_player.kills = [*killer_player.kills, seat]
    dropped = [*player.hand, *player.equips.values(), *player.judging]
    player.hand, player.equips, player.judging, player.judging_as = [], {}, [], {}
    to_discard(ctx, dropped)
    ctx.emit(
        "died",
        seat=seat,
        identity=player.identity,
        identity_card=player.identity_card,
        killer=killer,
        cards=dropped,
    )
    check_end(ctx)
    if state.result is not None:
        return
    if len(state.living()) == 3 and state.three_left_round < 0:
        state.three_left_round = state.round
    if killer < 0 or not state.players[killer].alive:
        return
    if player.identity == "rebel":
        draw(ctx, killer, 3, reason="rebel_killed")
    elif player.identity == "loyalist" and killer == state.lord:
        lord = own_player(state, killer)
        lost = [*lord.hand, *lord.equips.values()]
        lord.hand, lord.equips = [], {}
        to_discard(ctx, lost)
        ctx.emit("lord_penalised", seat=killer, cards=lost)


# -- the three-survivor countdown ---------------------------------------------------------------
COUNTDOWN_ROUNDS = 3


@step("round_start")
def round_start_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    ctx.finish()
    if not state.options.three_survivor_countdown or state.three_left_round < 0:
        return
    if state.round <= state.three_left_round + COUNTDOWN_ROUNDS:
        return
    living = state.living_from(state.lord)
    if all(state.players[s].hp <= 1 for s in living):
        # Everyone would be out at once: the loss waits for the next round.
        ctx.emit("countdown_held")
        return
    ctx.emit("countdown", round=state.round)
    for seat in reversed(living):
        own_player(state, seat).hp -= 1
    for seat in reversed(living):
        if state.players[seat].hp <= 0:
            ctx.push("dying", seat=seat, killer=-1)
    ctx.emit("countdown_lost", seats=living)
