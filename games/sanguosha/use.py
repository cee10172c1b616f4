"""Using a card: which uses the play phase offers, and the frame that resolves a use target
by target."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from games.sanguosha import fast
from games.sanguosha.actions import Use
from games.sanguosha.cards import AREA_TRICKS, KINDS, card, name_of, slot_of
from games.sanguosha.distance import attack_range, distance, distances_from, in_attack_range
from games.sanguosha.flow import Ctx, step
from games.sanguosha.intent import HARM, aimed, deed
from games.sanguosha.peaches import peach_barred
from games.sanguosha.skills import kongcheng, paoxiao, qianxun, qicai
from games.sanguosha.skills.conversions import play_conversions
from games.sanguosha.skills.registry import has_skill
from games.sanguosha.state import Frame, Player, SanguoshaState, own_player
from games.sanguosha.triggers import fire
from games.sanguosha.zones import remove_from_seat, settle_processing, take_top, to_discard

# Cards whose use says who the user means harm to (for the bots' reading of the table).
HOSTILE = frozenset({"sha", "juedou", "guohe", "shunshou", "lebu", "jiedao"})
MAX_HALBERD_TARGETS = 3
# Uses whose card another player provides: the ``via`` and the frame that asks for it.
PROVIDED: dict[str, str] = {}
# ...and the play-phase uses each such skill offers.
PROVIDED_PLAY: dict[str, Callable[[SanguoshaState, int], list[Use]]] = {}


def judging_name(player: Player, card_id: str) -> str:
    return player.judging_as.get(card_id) or name_of(card_id)


def has_in_judging(player: Player, trick: str) -> bool:
    """No judgement area holds two cards of one name."""
    return any(judging_name(player, c) == trick for c in player.judging)


def color_of(card_ids: tuple[str, ...] | list[str]) -> str:
    """A used card's colour: its own, or for several cards one colour if they share it."""
    reds = {card(c).red for c in card_ids}
    if len(reds) != 1:
        return "none"
    return "red" if reds.pop() else "black"


# -- who may be targeted ------------------------------------------------------------------------
def can_target(state: SanguoshaState, user: int, target: int, name: str) -> bool:
    player = state.players[target]
    if not player.alive:
        return False
    return not kongcheng.shields(state, target, name) and not qianxun.shields(state, target, name)


def slash_limit(state: SanguoshaState, seat: int) -> int | None:
    """How many Slashes ``seat`` may use this play phase (None: no limit)."""
    if state.players[seat].equips.get("weapon", "").startswith("zhuge-"):
        return None
    if paoxiao.unlimited_slashes(state, seat):
        return None
    return 1


def may_slash(state: SanguoshaState, seat: int) -> bool:
    limit = slash_limit(state, seat)
    return limit is None or state.players[seat].flags.get("sha", 0) < limit


def slash_targets(
    state: SanguoshaState, seat: int, cards: tuple[str, ...], limit_range: bool = True
) -> list[int]:
    player = state.players[seat]
    # A weapon given up as part of the Slash no longer lends its range.
    weapon = player.equips.get("weapon", "")
    ignore = weapon if weapon in cards else ""
    return [
        t
        for t in state.living_from(seat, include=False)
        if can_target(state, seat, t, "sha")
        and (not limit_range or in_attack_range(state, seat, t, ignore))
    ]


def peach_targets(state: SanguoshaState, seat: int) -> list[int]:
    """Who ``seat`` may heal with a Peach in its play phase: itself when wounded; with
    ``peach_on_others`` any wounded player after it; nobody while Peaches are barred."""
    if peach_barred(state):
        return []
    seats = state.living_from(seat) if state.options.peach_on_others else [seat]
    return [s for s in seats if state.players[s].hp < state.players[s].max_hp]


def _takeable(player: Player, judging: bool) -> bool:
    """Whether Snatch or Dismantlement finds a card to take (``judging``: delayed tricks
    count)."""
    return bool(player.hand or player.equips or (judging and player.judging))


TargetCache = dict[tuple[str, str], list[int]]


def _targets(
    state: SanguoshaState, seat: int, name: str, ignore: str, cache: TargetCache
) -> list[int]:
    """Who a card of ``name`` may single out now (remembered for one round of options:
    a hand offers the same card name many times)."""
    key = (name, ignore)
    found = cache.get(key)
    if found is not None:
        return found
    player = state.players[seat]
    others = state.living_from(seat, include=False)
    # Snatch and Dismantlement need a card they may take.
    judging = not state.options.judgement_area_protected
    targets: list[int]
    if name == "sha":
        reach = attack_range(state, seat, ignore)
        far = distances_from(state, seat)
        targets = [
            t for t in others if can_target(state, seat, t, "sha") and (far[t] or 99) <= reach
        ]
    elif name == "tao":
        targets = peach_targets(state, seat)
    elif name == "juedou":
        targets = [t for t in others if can_target(state, seat, t, name)]
    elif name == "guohe":
        targets = [t for t in others if _takeable(state.players[t], judging)]
    elif name == "shunshou":
        reach = qicai.trick_reach(state, seat, 1)
        targets = [
            t
            for t in others
            if _takeable(state.players[t], judging)
            and can_target(state, seat, t, name)
            and distance(state, seat, t) <= reach
        ]
    elif name in ("wuzhong",):
        targets = [seat]
    elif name == "lebu":
        targets = [
            t
            for t in others
            if can_target(state, seat, t, name)
            and not has_in_judging(state.players[t], "lebu")
            and not (state.options.indulgence_spares_lord and t == state.lord)
        ]
    elif name == "shandian":
        targets = [] if has_in_judging(player, "shandian") else [seat]
    else:
        targets = []
    cache[key] = targets
    return targets


def uses_for(
    state: SanguoshaState,
    seat: int,
    cards: tuple[str, ...],
    name: str,
    via: str,
    cache: TargetCache | None = None,
) -> list[Use]:
    """Every use of ``cards`` as ``name`` in the play phase, one per choice of targets."""
    cache = {} if cache is None else cache
    player = state.players[seat]

    def single(targets: list[int]) -> list[Use]:
        return [fast.use(seat, cards, name, via, (t,)) for t in targets]

    kind = KINDS[name].kind
    if kind == "equip":
        return [fast.use(seat, cards, name, via, (seat,))]
    if name == "sha":
        if not may_slash(state, seat):
            return []
        # A weapon given up as part of the Slash no longer lends its range.
        weapon = player.equips.get("weapon", "")
        targets = _targets(state, seat, name, weapon if weapon in cards else "", cache)
        uses = single(targets)
        last_card = set(cards) == set(player.hand) and bool(cards)
        if weapon.startswith("fangtian-") and last_card:
            for size in range(2, MAX_HALBERD_TARGETS + 1):
                for group in combinations(targets, size):
                    uses.append(fast.use(seat, cards, name, via, group))
        return uses
    if name == "jiedao":
        uses = []
        for wielder in state.living_from(seat, include=False):
            if "weapon" not in state.players[wielder].equips:
                continue
            for victim in slash_targets(state, wielder, ()):
                uses.append(
                    fast.use(seat, cards, name, via, (wielder, victim))
                )
        return uses
    if name in AREA_TRICKS:
        return [fast.use(seat, cards, name, via)]
    return single(_targets(state, seat, name, "", cache))


def play_options(state: SanguoshaState, seat: int) -> list[Use]:
    player = state.players[seat]
    options: list[Use] = []
    cache: TargetCache = {}
    for card_id in player.hand:
        options.extend(uses_for(state, seat, (card_id,), name_of(card_id), "", cache))
    weapon = player.equips.get("weapon", "")
    if weapon.startswith("zhangba-") and len(player.hand) >= 2 and may_slash(state, seat):
        for pair in combinations(player.hand, 2):
            options.extend(uses_for(state, seat, pair, "sha", "zhangba", cache))
    for cards, name, via in play_conversions(state, seat):
        options.extend(uses_for(state, seat, cards, name, via, cache))
    for via, offer in PROVIDED_PLAY.items():
        if has_skill(state, seat, via):
            options.extend(offer(state, seat))
    return options


# -- resolving a use ------------------------------------------------------------------------------
def start_use(ctx: Ctx, action: Use, counts: bool, limit_range: bool = True) -> None:
    """Pushes the frame that resolves ``action`` (its cards leave the user's zones now)."""
    ctx.push(
        "use",
        user=action.seat,
        cards=list(action.cards),
        name=action.name,
        targets=list(action.targets),
        via=action.via,
        counts=counts,
    )


def equip(ctx: Ctx, seat: int, card_id: str) -> None:
    player = own_player(ctx.state, seat)
    slot = slot_of(card_id)
    assert slot is not None
    old = player.equips.get(slot)
    player.equips[slot] = card_id
    if old is not None:
        to_discard(ctx, [old])
        ctx.emit("equipment_replaced", seat=seat, card=old)
        fire(ctx, "lost_cards", [seat], seat=seat, zones=["equip"])


@step("use")
def use_step(ctx: Ctx, f: Frame) -> None:
    state = ctx.state
    user: int = f.d["user"]
    name: str = f.d["name"]
    cards: list[str] = f.d["cards"]
    if f.step == 0 and f.d["via"] in PROVIDED and not cards and "provided" not in f.d:
        # The card comes from another player (Jijiang): ask for it first.
        f.d["provided"] = None
        ctx.push(PROVIDED[f.d["via"]], ret="provided", seat=user, want=name)
        return
    if f.step == 0:
        provided = f.d.get("provided")
        if f.d["via"] in PROVIDED and not cards:
            if not provided:
                # Nobody answered: not offered again this turn, or a table could ask forever.
                own_player(state, user).flags[f"{f.d['via']}_failed"] = 1
                ctx.emit("use_failed", seat=user, name=name, via=f.d["via"])
                ctx.finish()
                return
            cards = f.d["cards"] = list(provided)
            zones = []
        else:
            zones = [remove_from_seat(state, user, c) for c in cards]
            state.processing.extend(cards)
        f.d["color"] = color_of(cards) if cards else "none"
        kind = KINDS[name].kind
        ctx.emit("used", seat=user, cards=cards, name=name, targets=f.d["targets"], via=f.d["via"])
        fire(ctx, "lost_cards", [user], seat=user, zones=zones)
        if name in HOSTILE:
            for t in f.d["targets"][:1] if name == "jiedao" else f.d["targets"]:
                deed(state, user, t, 1)
            # Collateral means harm to its victim, not to the wielder asked to Slash.
            for t in f.d["targets"][1:] if name == "jiedao" else f.d["targets"]:
                aimed(state, user, t, HARM)
        if kind == "equip":
            state.processing.remove(cards[0])
            ctx.finish()
            equip(ctx, user, cards[0])
            return
        if kind == "delayed":
            target = f.d["targets"][0]
            state.processing.remove(cards[0])
            holder = own_player(state, target)
            holder.judging.append(cards[0])
            if name_of(cards[0]) != name:
                holder.judging_as = {**holder.judging_as, cards[0]: name}
            ctx.finish()
            return
        if name == "sha":
            flags = own_player(state, user).flags
            flags["sha_any"] = flags.get("sha_any", 0) + 1
            if f.d["counts"]:
                flags["sha"] = flags.get("sha", 0) + 1
        if name in ("nanman", "wanjian"):
            f.d["targets"] = state.living_from(user, include=False)
        elif name in ("taoyuan", "wugu"):
            f.d["targets"] = state.living_from(user)
        elif name == "jiedao":
            f.d["victim"] = f.d["targets"][1]
            f.d["targets"] = f.d["targets"][:1]
        if name == "wugu":
            for _ in f.d["targets"]:
                top = take_top(ctx)
                if top is not None:
                    state.grace.append(top)
            ctx.emit("grace_revealed", cards=list(state.grace))
        f.d["next"] = 0
        f.step = 1
        if KINDS[name].kind == "trick":
            fire(ctx, "card_used", [user], seat=user, name=name)
        return
    index: int = f.d["next"]
    targets: list[int] = f.d["targets"]
    if index < len(targets):
        f.d["next"] = index + 1
        target = targets[index]
        if not state.players[target].alive:
            return
        effect = "sha_effect" if name == "sha" else "tao_effect" if name == "tao" else "trick"
        ctx.push(
            effect,
            user=user,
            target=target,
            name=name,
            cards=cards,
            color=f.d["color"],
            via=f.d["via"],
            victim=f.d.get("victim", -1),
        )
        return
    if name == "wugu" and state.grace:
        to_discard(ctx, list(state.grace))
        ctx.emit("grace_discarded", cards=list(state.grace))
        state.grace = []
    settle_processing(ctx, cards)
    ctx.finish()
