"""The built-in Citadels bot: plays from its own seat's view only.

It drafts the character that suits its city and hand, gathers gold when it holds something
worth building and cards otherwise, builds the most valuable new district it can afford
(favouring colours it lacks), takes its income at the moment that pays most, and uses its
character's power on the seat that leads. Every tie is broken by the caller's ``rng``.

A turn's builds are planned together (an Architect that can complete its city with two cheap
districts does so when it is ahead); a Warlord facing a leader one district from the end
destroys before it spends its gold on building. The Assassin and the Thief read the draft: the
face-up discards, the roles this seat saw and passed on, and the order the cards went round
tell which characters each seat can hold, and how much each suits it; they name the role that
takes most from the others (a purse, a turn, the leader's most). In the draft the bot weighs
what the prime targets (the Merchant, the Architect) stand to lose to another seat's Assassin
or Thief. An easy bot (``bot_level``) skips the planning and the reading and aims at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TypeVar

from games.citadels import actions as a
from games.citadels.cards import CHARACTERS, District, character_of_card, district_of
from games.citadels.views import CitadelsView, PlayerView
from games.core import Action, Prompt
from games.core.once import once

T = TypeVar("T")

# How much a character is worth before looking at the table (rough, from experience).
BASE_VALUE: dict[str, float] = {
    "assassin": 3.0, "thief": 2.5, "magician": 1.5, "king": 2.5, "bishop": 1.5,
    "merchant": 3.0, "architect": 2.0, "warlord": 2.0, "witch": 3.0, "tax_collector": 2.5,
    "wizard": 2.5, "emperor": 2.5, "abbot": 2.0, "alchemist": 2.0, "navigator": 1.5,
    "diplomat": 1.5, "queen": 2.5, "artist": 1.5,
}
# Whom the Assassin, Thief and Witch name when they cannot know better.
TARGET_VALUE: dict[str, float] = {
    "thief": 1.0, "tax_collector": 1.0, "magician": 1.5, "wizard": 2.0, "king": 2.5,
    "emperor": 2.0, "bishop": 1.5, "abbot": 1.5, "merchant": 3.0, "alchemist": 2.0,
    "architect": 3.0, "navigator": 2.0, "warlord": 2.0, "diplomat": 1.5, "queen": 1.5,
    "artist": 1.0,
}
PRESTIGE = {"university", "dragon_gate", "school_of_magic", "library", "observatory"}
COLOUR_COUNT = 5
FIVE_COLOURS = 3.0  # the bonus for a city of all five colours
FIRST_COMPLETE, COMPLETE = 4.0, 2.0
# How often a seat holding the Assassin or the Thief names each role: the prime targets.
AIMED_AT = {"merchant": 0.65, "architect": 0.65, "king": 0.15, "alchemist": 0.4, "navigator": 0.4}


# Each card id's district, filled as cards are met (one lookup rather than two).
_DISTRICT_OF: dict[str, District] = {}


def _district_of(card: str) -> District:
    district = _DISTRICT_OF[card] = district_of(card)
    return district


def best(items: Sequence[T], score: Callable[[T], float], rng: random.Random) -> T:
    """The highest-scoring item; a random one among equals."""
    scores = [score(item) for item in items]
    top = max(scores)
    return rng.choice([item for s, item in zip(scores, items, strict=True) if s == top])


class Seat:
    """The bot's reading of its view.

    One decision weighs many candidates against the same table: what depends on the view
    alone (the other seats, the leader, each city's score, the draft's memory) is worked out
    once, on first use, and kept for the rest of the decision."""

    def __init__(self, view: CitadelsView) -> None:
        assert view.me is not None, "the bot needs a seat's view"
        self.view = view
        self.me = view.me
        self.seat = view.me.seat
        self.player = view.players[self.seat]
        self.gold = self.player.gold
        self.city_names = {d.name for d in self.player.city}
        self.colours = {d.colour for d in self.player.city}
        self.hand = [_DISTRICT_OF.get(d.id) or _district_of(d.id) for d in self.me.hand]
        self.easy = view.bot_level == "easy"
        self._scores: dict[int, float] = {}
        self._incomes: dict[str, int] = {}

    def others(self) -> list[PlayerView]:
        """The other seats (one list for the decision: no caller changes it)."""
        return self._others

    @once
    def _others(self) -> list[PlayerView]:
        return [p for p in self.view.players if p.seat != self.seat]

    def leader(self) -> PlayerView:
        """The other seat closest to winning: biggest city, then the richer."""
        return self._leader

    @once
    def _leader(self) -> PlayerView:
        return max(self.others(), key=lambda p: (len(p.city), sum(d.points for d in p.city)))

    @once
    def hand_useful(self) -> int:
        """How many hand cards would be new in the city."""
        return sum(1 for d in self.hand if self.useful(d))

    @once
    def richest(self) -> int:
        """The largest purse among the other seats."""
        return max(p.gold for p in self.others())

    # -- the draft's memory: what this seat put down, was offered, never saw

    @once
    def own_down(self) -> set[str]:
        """The roles this seat put face down itself this round."""
        return {character_of_card(card).name for card in self.me.set_down}

    @once
    def seen(self) -> set[str]:
        return set(self.me.draft_seen)

    @once
    def offered(self) -> set[str]:
        """The roles among this seat's draft options now."""
        return {character_of_card(card).name for card in self.me.draft_options}

    @once
    def unseen(self) -> list[str]:
        """The lineup's roles this seat was never offered, the face-up discards left out."""
        seen, face_up = self.seen, self.view.face_up
        return [n for n in self.view.lineup if n not in seen and n not in face_up]

    @once
    def draft_hitters(self) -> tuple[float | None, float | None]:
        return _hitters(self)

    @once
    def out_of_reach(self) -> set[str]:
        """The roles no other seat can hold now: face up, removed, this seat's own (held or
        put down), and the revealed ones."""
        view = self.view
        mine = {character_of_card(card).name for card in self.me.characters}
        return set(view.face_up) | set(view.removed) | mine | self.own_down | set(view.revealed)

    def score_of(self, player: PlayerView, extra: Sequence[District] = ()) -> float:
        """The points ``player``'s city is worth now (with ``extra`` built), bonuses included:
        five colours, and completing (first or not)."""
        if extra:
            return self._score(player, extra)
        score = self._scores.get(player.seat)
        if score is None:
            score = self._scores[player.seat] = self._score(player, extra)
        return score

    def _score(self, player: PlayerView, extra: Sequence[District]) -> float:
        points = float(sum(d.points + (1 if d.beautified else 0) for d in player.city))
        points += sum(d.points for d in extra)
        colours = {d.colour for d in player.city} | {d.colour for d in extra}
        if len(colours) == COLOUR_COUNT:
            points += FIVE_COLOURS
        size = len(player.city) + len(extra)
        if player.completed:
            first = self.view.completed[:1] == [player.seat]
            points += FIRST_COMPLETE if first else COMPLETE
        elif size >= self.view.target:
            points += COMPLETE if self.view.completed else FIRST_COMPLETE
        return points

    def threat(self, player: PlayerView) -> bool:
        """One district (or none) from completing its city."""
        return not player.completed and len(player.city) >= self.view.target - 1

    def useful(self, district: District) -> bool:
        return district.name not in self.city_names

    def card_value(self, district: District, budget: int | None = None) -> float:
        """How much the bot wants a district in hand."""
        if not self.useful(district):
            return -10.0
        value = float(district.points)
        if district.colour not in self.colours:
            # The fifth colour is worth its 3 points; an earlier one is a step towards them.
            value += FIVE_COLOURS if len(self.colours) == COLOUR_COUNT - 1 else 2.0
        if district.name in PRESTIGE:
            value += 1.5
        budget = self.gold + 4 if budget is None else budget
        if district.cost > budget:
            value -= (district.cost - budget) * 1.5
        return value

    def income_of(self, character: str) -> int:
        income = self._incomes.get(character)
        if income is None:
            colour = CHARACTERS[character].income
            if colour is None:
                income = 0
            else:
                bonus = 1 if "school_of_magic" in self.city_names else 0
                income = sum(1 for d in self.player.city if d.colour == colour) + bonus
            self._incomes[character] = income
        return income

    def wants_gold(self, income: int = 0) -> bool:
        """Gold while the hand holds work for it: two districts worth building, or one the
        purse cannot pay for yet. Cards when the hand runs dry, or when the purse already
        pays for the one district it holds (a second card gives the gold after it a use)."""
        useful = [d for d in self.hand if self.useful(d)]
        if not useful:
            return False
        affordable = any(d.cost <= self.gold + income for d in useful)
        return not affordable or len(useful) >= 2


def choose_action(view: CitadelsView, prompt: Prompt, rng: random.Random) -> Action:
    seat = Seat(view)
    handler = _HANDLERS.get(prompt.kind.removeprefix("citadels.prompt."))
    if handler is None:
        action = prompt.default_action()
        return action if action is not None else prompt.actions[0]
    return handler(seat, prompt, rng)


# -- the draft -------------------------------------------------------------------------------


def _character_value(seat: Seat, name: str) -> float:
    value = BASE_VALUE[name] + seat.income_of(name)
    hand_useful = seat.hand_useful
    leader = seat.leader()
    richest = seat.richest
    if name == "thief":
        value += richest / 3  # the Thief takes everything
    if name == "abbot" and richest > seat.gold:
        value += 1.0  # the Abbot takes a single gold
    if name == "wizard" and seat.gold >= 3:
        value += 1.5  # an extra build with a card taken from someone else
    if name == "magician" and hand_useful <= 1:
        value += max(p.hand_count for p in seat.others()) / 2
    if name == "architect":
        value += 2.0 if hand_useful >= 2 and seat.gold >= 4 else 0.0
    if name == "navigator" and hand_useful == 0:
        value += 1.5
    if name in ("warlord", "assassin") and len(leader.city) >= seat.view.target - 2:
        value += 2.0
    if name == "bishop" and len(seat.player.city) >= 4:
        value += 1.0
    if name in ("king", "emperor") and not seat.player.crown:
        value += 0.5
    if name == "alchemist":
        value += min(seat.gold, 5) / 2
    return value


def _draft_risk(seat: Seat, name: str) -> float:
    """What the role is expected to lose to another seat's Assassin (its turn) or Thief (the
    purse): both are most often aimed at the prime targets."""
    aim = AIMED_AT.get(name, 0.0)
    if not aim:
        return 0.0
    loss = 0.0
    killer_odds, robber_odds = seat.draft_hitters
    if killer_odds is not None:
        loss += killer_odds * aim * (3.0 + seat.income_of(name))
    if robber_odds is not None:
        loss += robber_odds * aim * seat.gold
    return loss


def _hitters(seat: Seat) -> tuple[float | None, float | None]:
    """The odds that another seat holds the Assassin and the Thief (None: not in this game),
    the same for every role the draft weighs."""
    lineup = seat.view.lineup
    killer, robber = lineup[0], lineup[1] if len(lineup) > 1 else ""
    order = seat.view.draft_order
    last = bool(order) and len(order) == len(seat.view.players) and order[-1] == seat.seat
    offered = seat.offered

    def odds(name: str) -> float:
        # The last picker's unpicked role goes face down: nobody will hold it.
        return 0.0 if last and name in offered else _odds_in_play(seat, name)

    return (odds(killer) if killer == "assassin" else None,
            odds(robber) if robber == "thief" else None)


def _draft_pick(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    def score(action: Action) -> float:
        assert isinstance(action, a.DraftPick)
        name = character_of_card(action.card).name
        value = _character_value(seat, name)
        if not seat.easy:
            value -= _draft_risk(seat, name)
        return value

    return best(prompt.actions, score, rng)


def _draft_discard(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    # Put down what the opponent would like best (what the bot itself values most).
    def score(action: Action) -> float:
        assert isinstance(action, a.DraftDiscard)
        return BASE_VALUE[character_of_card(action.card).name]

    return best(prompt.actions, score, rng)


# -- the turn --------------------------------------------------------------------------------


def _gather(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    by_kind = _by_kind(prompt.actions)
    power = _power(seat, by_kind, rng, before_gather=True)
    if power is not None:
        return power
    income = seat.income_of(str(prompt.params.get("character", "")))
    if "draw_cards" in by_kind and not seat.wants_gold(income):
        return by_kind["draw_cards"][-1]
    return by_kind["take_gold"][-1]


def _keep(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    def score(action: Action) -> float:
        assert isinstance(action, a.KeepCard)
        return seat.card_value(district_of(action.card))

    return best(prompt.actions, score, rng)


def _build_score(seat: Seat, card: str) -> float:
    district = district_of(card)
    return seat.card_value(district, budget=seat.gold)


def _by_kind(actions: list[Action]) -> dict[str, list[Action]]:
    """The offered actions by kind, in the prompt's order within each."""
    by_kind: dict[str, list[Action]] = {}
    for act in actions:
        by_kind.setdefault(act.kind, []).append(act)
    return by_kind


def _turn(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    by_kind = _by_kind(prompt.actions)
    character = str(prompt.params.get("character", ""))
    builds = by_kind.get("build", [])
    if "take_income" in by_kind and _income_first(seat, character, builds):
        return by_kind["take_income"][0]
    if "bewitch" in by_kind:
        # A bewitched turn is a whole character's turn: better than the Witch's own build.
        return _name_target(seat, by_kind["bewitch"], rng)
    power = _power(seat, by_kind, rng, before_gather=False)
    if power is not None:
        return power
    if "destroy" in by_kind and not seat.easy:
        # Gold spent on building first would leave only the free targets.
        urgent = _destroy(seat, by_kind["destroy"], rng, urgent_only=True)
        if urgent is not None:
            return urgent
    if builds:
        planned = None if seat.easy else _planned_build(seat, builds)
        if planned is not None:
            return planned

        def score(action: Action) -> float:
            assert isinstance(action, a.Build)
            return _build_score(seat, action.card)

        return best(builds, score, rng)
    late = _end_of_turn_power(seat, by_kind, rng)
    if late is not None:
        return late
    if "end_turn" in by_kind:
        return by_kind["end_turn"][0]
    default = prompt.default_action()
    return default if default is not None else prompt.actions[0]


def _planned_build(seat: Seat, builds: list[Action]) -> Action | None:
    """The first build of the best set this turn can still afford, judged as a whole: a set
    that completes the city earns the completion bonus when the city then leads (a Palace
    alone would leave it one short, two cheap districts end the game ahead)."""
    turn = seat.view.turn
    left = turn.builds_left if turn is not None else 1
    first: dict[str, a.Build] = {}
    for action in builds:
        if isinstance(action, a.Build):
            name = district_of(action.card).name
            if name not in first and seat.useful(district_of(action.card)):
                first[name] = action
    if left <= 1 or len(first) <= 1:
        return None
    cards = list(first.values())
    rivals = max(seat.score_of(p) for p in seat.others())
    best_plan: tuple[float, a.Build | None] = (float("-inf"), None)
    for size in range(1, min(left, len(cards)) + 1):
        for plan in combinations(cards, size):
            districts = [district_of(b.card) for b in plan]
            if sum(d.cost for d in districts) > seat.gold:
                continue
            value = sum(seat.card_value(d, budget=seat.gold) for d in districts)
            if len(seat.player.city) + size >= seat.view.target:
                ahead = seat.score_of(seat.player, districts) - rivals
                value += 10.0 + ahead if ahead > 0 else ahead
            if value > best_plan[0]:
                top = max(plan, key=lambda b: seat.card_value(district_of(b.card), seat.gold))
                best_plan = (value, top)
    return best_plan[1]


def _income_first(seat: Seat, character: str, builds: list[Action]) -> bool:
    """Collect now only when the gold buys something this turn that it could not before;
    otherwise the income is collected when the turn ends (and counts what was built)."""
    colour = CHARACTERS[character].income
    if any(isinstance(b, a.Build) and district_of(b.card).colour == colour for b in builds):
        return False  # build the paying district first, so that it pays too
    if character in ("warlord", "diplomat"):
        return True  # more gold, a wider choice of districts to destroy or exchange
    income = seat.income_of(character)
    reach = seat.gold + income
    return income > 0 and any(seat.useful(d) and seat.gold < d.cost <= reach for d in seat.hand)


def _odds_in_play(seat: Seat, name: str) -> float:
    """How likely another seat holds this role, from this seat's own memory of the draft.

    A role it put face down itself is out; a role it passed on was most likely taken; the
    roles it never saw were taken before it, except for the face-down cards among them (so
    the first picker knows its one unseen role is face down)."""
    own_down = seat.own_down
    if name in own_down:
        return 0.0
    if name in seat.seen:
        return 0.9
    unseen = seat.unseen
    hidden = seat.view.face_down_count - len(own_down)
    if not unseen:
        return 0.0
    return max(0.0, 1.0 - hidden / len(unseen))


def _name_target(seat: Seat, actions: list[Action], rng: random.Random) -> Action:
    """The role to murder, rob or bewitch: what hitting it is worth, the chance someone holds
    it, and most of all the chance that the seat to stop holds it (the leader; for the Thief,
    the richest) as the draft tells."""
    if seat.easy:
        # A new player's guess, but never a role it knows to be out of play.
        possible = [act for act in actions if _odds_in_play(seat, getattr(act, "character", ""))]
        return rng.choice(possible or actions)
    robbing = any(act.kind == "rob" for act in actions)
    others = seat.others()
    return best(actions, _expected_hit(seat, others, robbing), rng)


def _expected_hit(
    seat: Seat, others: list[PlayerView], robbing: bool
) -> Callable[[Action], float]:
    """Scores a role by what naming it is expected to take from the others: each seat's
    chance of holding it times its purse (the Thief) or its turn, the leader's counting
    double and a city about to be completed triple (the Assassin)."""
    held = {p.seat: _likely_roles(seat, p) for p in others}
    top = max(seat.score_of(p) for p in others)

    def score(action: Action) -> float:
        name = getattr(action, "character", "")
        total = 0.0
        for player in others:
            chance = held[player.seat].get(name, 0.0)
            if not chance:
                continue
            if robbing:
                loss = float(player.gold)
            else:
                colour = CHARACTERS[name].income
                income = sum(1 for d in player.city if d.colour == colour) if colour else 0
                loss = 3.0 + income
                if seat.threat(player):
                    loss *= 3.0
                elif seat.score_of(player) >= top:
                    loss *= 2.0
            total += chance * loss
        # Unread seats (no draft memory): what the role is usually worth to whoever holds it.
        return total + 0.1 * TARGET_VALUE.get(name, 1.0) * _odds_in_play(seat, name)

    return score


def _likely_roles(seat: Seat, player: PlayerView) -> dict[str, float]:
    """How likely ``player`` holds each role, from this seat's draft: a seat that chose after
    this one chose among the roles this one passed on; one that chose before, among the roles
    this one never saw. Each candidate is weighed by how well it suits that seat's city."""
    view = seat.view
    order = view.draft_order
    if player.characters:
        return dict.fromkeys(player.characters, 1.0)  # it has shown its hand already
    if seat.seat not in order or player.seat not in order:
        return {}
    seen = seat.seen
    out = seat.out_of_reach
    if order.index(player.seat) > order.index(seat.seat):
        pool = [n for n in seen if n not in out]
    else:
        pool = [n for n in view.lineup if n not in seen and n not in out]
    if not pool:
        return {}
    # A seat takes the role that suits it best far more often than the runner-up.
    rivals = [p for p in view.players if p.seat != player.seat]
    appeal = {name: math.exp(1.5 * _appeal(seat, player, rivals, name)) for name in pool}
    total = sum(appeal.values())
    return {name: weight / total for name, weight in appeal.items()}


def _appeal(seat: Seat, player: PlayerView, rivals: list[PlayerView], name: str) -> float:
    """What a role is worth to ``player`` as a drafter weighs it from the table: its income,
    the Thief's purse, the Architect's builds, the Warlord and Assassin against a city near
    the end, the Bishop's shelter, the crown. ``rivals``: the seats other than ``player``."""
    value = BASE_VALUE.get(name, 1.5)
    colour = CHARACTERS[name].income
    if colour is not None:
        value += sum(1 for d in player.city if d.colour == colour)
    if name == "thief":
        value += max(p.gold for p in rivals) / 3
    elif name == "architect" and player.hand_count >= 2 and player.gold >= 4:
        value += 2.0
    elif name in ("warlord", "assassin"):
        if max(len(p.city) for p in rivals) >= seat.view.target - 2:
            value += 2.0
    elif name == "bishop" and len(player.city) >= 4:
        value += 1.0
    elif name in ("king", "emperor") and not player.crown:
        value += 0.5
    elif name == "magician" and player.hand_count <= 1:
        value += max(p.hand_count for p in rivals) / 2
    elif name == "alchemist":
        value += min(player.gold, 5) / 2
    if seat.threat(player) and name in ("architect", "navigator"):
        value += 2.0  # builds that finish the city
    return value


def _power(
    seat: Seat, by_kind: dict[str, list[Action]], rng: random.Random, *, before_gather: bool
) -> Action | None:
    """A character or district power worth using now (``by_kind``: the offered actions by
    kind), or None."""
    if "murder" in by_kind:
        return _name_target(seat, by_kind["murder"], rng)
    if "rob" in by_kind:
        return _name_target(seat, by_kind["rob"], rng)
    if "abbot_collect" in by_kind:
        return by_kind["abbot_collect"][0]
    if "give_crown" in by_kind:
        richest = max(
            (act for act in by_kind["give_crown"] if isinstance(act, a.GiveCrown)),
            key=lambda act: seat.view.players[act.target].gold,
        )
        return richest
    if "magician_swap" in by_kind or "magician_discard" in by_kind:
        magic = _magician(seat, by_kind, rng)
        if magic is not None:
            return magic
    if "wizard_peek" in by_kind:
        return best(
            by_kind["wizard_peek"],
            lambda act: float(seat.view.players[getattr(act, "target", 0)].hand_count),
            rng,
        )
    if "laboratory" in by_kind:
        spare = [
            act for act in by_kind["laboratory"]
            if isinstance(act, a.UseLaboratory) and not seat.useful(district_of(act.card))
        ]
        if spare:
            return spare[0]
    if before_gather:
        return None
    if "smithy" in by_kind and seat.gold >= 5 and not any(seat.useful(d) for d in seat.hand):
        return by_kind["smithy"][0]
    return None


def _magician(
    seat: Seat, by_kind: dict[str, list[Action]], rng: random.Random
) -> Action | None:
    useful = sum(1 for d in seat.hand if seat.useful(d))
    swaps = [act for act in by_kind.get("magician_swap", []) if isinstance(act, a.MagicianSwap)]
    if swaps:
        richest = max(swaps, key=lambda act: seat.view.players[act.target].hand_count)
        if seat.view.players[richest.target].hand_count >= len(seat.hand) + 2 and useful <= 1:
            return richest
    spare = [
        act for act in by_kind.get("magician_discard", [])
        if isinstance(act, a.MagicianDiscard) and not seat.useful(district_of(act.card))
    ]
    if spare:
        return rng.choice(spare)
    return None


def _end_of_turn_power(
    seat: Seat, by_kind: dict[str, list[Action]], rng: random.Random
) -> Action | None:
    if "beautify" in by_kind and seat.gold >= 1:
        return best(
            by_kind["beautify"],
            lambda act: float(district_of(getattr(act, "card", "")).cost),
            rng,
        )
    if "navigator_bonus" in by_kind:
        wanted = "gold" if seat.wants_gold() else "cards"
        for act in by_kind["navigator_bonus"]:
            if isinstance(act, a.NavigatorBonus) and act.take == wanted:
                return act
        return by_kind["navigator_bonus"][0]
    if "destroy" in by_kind:
        return _destroy(seat, by_kind["destroy"], rng)
    if "exchange" in by_kind:
        return _exchange(seat, by_kind["exchange"], rng)
    return None


def _destroy(
    seat: Seat, options: list[Action], rng: random.Random, *, urgent_only: bool = False
) -> Action | None:
    """Destroy where it hurts the race most: a leader one district from the end loses that
    district (the cheapest to destroy will do); otherwise points of the leading seats, paid
    for with gold the bot does not need. ``urgent_only``: only the first kind."""
    players = seat.view.players
    my_score = seat.score_of(seat.player)
    top = max(seat.others(), key=seat.score_of)

    def score(action: Action) -> float:
        assert isinstance(action, a.Destroy)
        if action.target == seat.seat:
            return -100.0
        target = players[action.target]
        district = district_of(action.card)
        price = max(0, district.cost - 1)
        if seat.threat(target):
            return district.points + 8.0 - price * 0.5
        if urgent_only:
            return -100.0
        # Otherwise only points taken from the leading seat, when it leads this one.
        leading = target.seat == top.seat and seat.score_of(target) > my_score
        return (district.points if leading else -1.0) - price * 1.5

    leader = seat.leader()

    def plain(action: Action) -> float:
        """The easy bot's rule: the leader's points, twice the price."""
        assert isinstance(action, a.Destroy)
        if action.target == seat.seat:
            return -100.0
        district = district_of(action.card)
        weight = 2.0 if action.target == leader.seat else 1.0
        return district.points * weight - max(0, district.cost - 1) * 2.0

    judge = plain if seat.easy else score
    choice = best(options, judge, rng)
    return choice if judge(choice) > 0 else None


def _exchange(seat: Seat, options: list[Action], rng: random.Random) -> Action | None:
    def score(action: Action) -> float:
        assert isinstance(action, a.Exchange)
        given, taken = district_of(action.give), district_of(action.take)
        colours_after = (seat.colours - {given.colour}) | {taken.colour}
        if given.colour in {d.colour for d in seat.player.city if d.name != given.name}:
            colours_after.add(given.colour)
        gain = (len(colours_after) - len(seat.colours)) * 3.0
        return gain + (taken.points - given.points) - max(0, taken.cost - given.cost)

    choice = best(options, score, rng)
    return choice if score(choice) > 0 else None


# -- answering someone else's power ----------------------------------------------------------


def _redraw(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    spare = [
        act for act in prompt.actions
        if isinstance(act, a.MagicianDiscard) and not seat.useful(district_of(act.card))
    ]
    if spare:
        return rng.choice(spare)
    return next(act for act in prompt.actions if isinstance(act, a.MagicianRedraw))


def _wizard_take(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    def score(action: Action) -> float:
        assert isinstance(action, a.WizardTake)
        district = district_of(action.card)
        value = seat.card_value(district)
        if action.build:
            # Building at once is a free extra build: worth it when the gold is there.
            value = district.points + 1.0 if district.cost <= seat.gold - 1 else -5.0
        return value

    return best(prompt.actions, score, rng)


def _graveyard(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    card = prompt.params.get("card")
    wanted = isinstance(card, str) and seat.useful(district_of(card))
    worth = wanted and isinstance(card, str) and district_of(card).cost >= 2
    for act in prompt.actions:
        if isinstance(act, a.GraveyardBuyBack) and act.accept == worth:
            return act
    return prompt.actions[0]


def _tribute(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    def score(action: Action) -> float:
        assert isinstance(action, a.Tribute)
        if action.card is None:
            return 0.5 if seat.gold >= 3 else -1.0
        return -seat.card_value(district_of(action.card))

    return best(prompt.actions, score, rng)


def _give_crown(seat: Seat, prompt: Prompt, rng: random.Random) -> Action:
    return best(
        prompt.actions,
        lambda act: -float(len(seat.view.players[getattr(act, "target", 0)].city)),
        rng,
    )


_HANDLERS: dict[str, Callable[[Seat, Prompt, random.Random], Action]] = {
    "draft_pick": _draft_pick,
    "draft_discard": _draft_discard,
    "gather": _gather,
    "keep": _keep,
    "turn": _turn,
    "magician_redraw": _redraw,
    "wizard_take": _wizard_take,
    "graveyard": _graveyard,
    "tribute": _tribute,
    "give_crown": _give_crown,
}
