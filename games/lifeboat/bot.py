"""The built-in Lifeboat bot: one decision per prompt kind, judged by ``bot_mind.Mind``."""

from __future__ import annotations

import random

from games.core import Action, Prompt
from games.lifeboat.actions import KeepRowed, PlayFaceUp, offer
from games.lifeboat.bot_mind import THIRST_RISK, Mind
from games.lifeboat.cards import card_type
from games.lifeboat.prompts import PROMPT
from games.lifeboat.views import SeatView


def choose_action(view: SeatView, prompt: Prompt, rng: random.Random) -> Action:
    decide = _DECIDER_OF_KIND.get(prompt.kind)
    if decide is None:
        decide = _DECIDERS.get(prompt.kind.rsplit(".", 1)[-1], _free_move)
    return decide(Mind(view), Offers(prompt), rng)


class Offers:
    """The prompt's decision, grouped by kind, and its free moves.

    Prompts list the decision first and the free moves (playing or giving hand cards) after;
    only the decision part is scanned, free moves are looked up by value when wanted.
    """

    def __init__(self, prompt: Prompt) -> None:
        self.prompt = prompt
        self.free_moves = False
        by_kind: dict[str, list[Action]] = {}
        for action in prompt.actions:
            kind = action.kind
            if kind in _FREE_KINDS:
                self.free_moves = True
                break
            group = by_kind.get(kind)
            if group is None:
                by_kind[kind] = [action]
            else:
                group.append(action)
        self.by_kind = by_kind

    def first(self, kind: str) -> Action | None:
        found = self.by_kind.get(kind)
        return found[0] if found else None

    def all(self, kind: str) -> list[Action]:
        return self.by_kind.get(kind, [])

    def default(self) -> Action:
        return self.prompt.actions[0]

    def play_own(self, mind: Mind, kinds: set[str] | tuple[str, ...]) -> Action | None:
        """Playing one of these card types from hand face up in front of oneself."""
        if not self.free_moves:
            return None
        for card in mind.view.me.hand:
            if card_type(card) in kinds:
                return offer(PlayFaceUp, self.prompt.seat, card, mind.me)
        return None

    def play_preserver(self, mind: Mind, target: str) -> Action | None:
        if not self.free_moves or target not in mind.awake:
            return None
        for card in mind.view.me.hand:
            if card_type(card) == "preserver":
                return offer(PlayFaceUp, self.prompt.seat, card, target)
        return None


_FREE_KINDS = frozenset({"play_face_up", "give_card"})


def _field(action: Action, name: str) -> str:
    value: str = getattr(action, name)
    return value


# -- supply --------------------------------------------------------------------------------
def _pick_supply(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    picks = offers.all("pick_supply")
    return max(picks, key=lambda a: mind.card_gain(_field(a, "card")))


# -- the action of a turn ------------------------------------------------------------------
def _take_action(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    view = mind.view
    stern_awake = mind.awake[-1] if mind.awake else None
    # Cards that only work face up go down first (each play shrinks the hand: no loop).
    if stern_awake == mind.me:
        compass = offers.play_own(mind, {"compass"})
        if compass is not None:
            return compass

    if mind.easy and rng.random() < EASY_PLAIN_TURNS:
        # A casual player: often just rows (or sits still when a row would hurt).
        me = mind.people[mind.me]
        row = offers.first("row")
        if row is not None and me.wounds < me.size - 1:
            return row
        return offers.default()

    best: tuple[float, Action] = (0.0, offers.default())

    def consider(score: float, action: Action | None) -> None:
        nonlocal best
        if action is not None and score > best[0]:
            best = (score, action)

    for action in offers.all("use_medkit"):
        target = _field(action, "target")
        person = mind.people[target]
        urgency = 1.5 if person.wounds >= person.size - 1 else 0.6
        consider(mind.stake[target] * 0.3 * urgency, action)
    parasol = offers.first("open_parasol")
    consider(1.5, parasol)
    for action in offers.all("use_cannibalism"):
        healing = sum(
            mind.stake[c] for c, p in mind.people.items()
            if p.status != "dead" and p.wounds > 0
        )
        consider(0.3 * healing, action)
    flare = offers.first("fire_flare")
    if flare is not None and mind.wants_land() and view.birds >= 2:
        consider(6.0, flare)

    for action in offers.all("rob"):
        consider(_robbery_value(mind, _field(action, "target"), _field(action, "card")), action)

    for action in offers.all("swap"):
        consider(_swap_value(mind, _field(action, "target")), action)

    row = offers.first("row")
    if row is not None:
        score = 0.8 + (1.2 if stern_awake == mind.me else 0.0)
        score += 0.8 if view.birds >= 2 else 0.0
        if view.birds >= view.birds_to_land - 1 and mind.wants_land():
            score += 1.5  # one more bird ends it: rowing draws the cards that may bring it
        if mind.people[mind.me].wounds >= mind.people[mind.me].size - 1:
            score -= 1.5
        if score > best[0]:
            oar = offers.play_own(mind, {"oar"})
            consider(score, oar if oar is not None else row)
    return best[1]


def _robbery_value(mind: Mind, target: str, card: str) -> float:
    person = mind.people[target]
    if card == "hand":
        # A random card of a hand this seat has not seen, worth the supply's mean; a card in
        # view of the same worth is the surer prize.
        gain = BLIND_PICK * mind.unknown_card_gain()
    else:
        gain = mind.card_gain(card)
        if card_type(card) == "parasol" and person.parasol_open:
            gain += 1.0
    if target == mind.love:
        gain -= 1.0
    if target == mind.hate:
        gain += 0.5
    fightless = person.status != "awake" or (mind.me == "kid" and card == "hand")
    if fightless:
        return gain
    if target == mind.love and mind.love != mind.me:
        return 0.0  # a fight with the loved one wounds someone this seat wants alive
    # A target this seat clearly outfights gives in rather than take a wound: no fight.
    return gain if _wins_fight(mind, target) else 0.0


def _wins_fight(mind: Mind, target: str) -> bool:
    """Whether this seat, attacking ``target``, clearly wins once the others who are likely
    to take sides (from what they did before) have joined."""
    known = mind.outfights.get(target)
    if known is None:
        mine = mind.my_fighting_strength()
        theirs = mind.strength(target) + mind.likely_helpers(target, mind.me)
        known = mind.outfights[target] = mine > theirs + 1
    return known


def _swap_value(mind: Mind, target: str) -> float:
    """Swapping into the stern-most awake place makes this seat the navigator."""
    if not mind.awake or mind.awake[-1] == mind.me:
        return 0.0
    boat = mind.boat
    my_place = boat.index(mind.me)
    target_place = boat.index(target)
    if target_place <= my_place:
        return 0.0
    behind_target = [c for c in boat[target_place + 1:] if c in mind.awake]
    if behind_target:
        return 0.0
    # The navigator chooses the day's card among those the others rowed: the more of them
    # awake, the more cards to choose from and the more characters the choice wounds.
    navigator = NAVIGATOR_SWAP + NAVIGATOR_PER_AWAKE * max(0, len(mind.awake) - 4)
    person = mind.people[target]
    if person.status != "awake":
        return navigator
    if target == mind.love and mind.love != mind.me:
        return 0.0
    return navigator if _wins_fight(mind, target) else 0.0


def _keep_rowed(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    """Keep the set of cards that leaves the day's card best for this seat.

    The navigator chooses among the rowed pile: a card kept beside a better one only hands a
    navigator with other wishes a worse choice, so a set is worth the card the navigator is
    expected to take from it (guessed from its character and what the table saw it do), not
    the sum of its cards. Cards already rowed by others are unknown: they count as the deck's
    average. An easy bot adds up the cards it keeps.
    """
    navigator = mind.awake[-1] if mind.awake else mind.me
    unknown = mind.view.rowed_count + (1 if mind.view.options.one_card_rowing else 0)

    def score(action: Action) -> float:
        cards = action.cards if isinstance(action, KeepRowed) else ()
        if mind.easy:
            return sum(mind.nav_value(c) for c in cards) - 0.01 * len(cards)
        marked = bool(cards)
        if not cards:
            return mind.deck_average(False)
        known = mind.nav_value_marked(mind.navigator_pick(navigator, cards), marked)
        if unknown:
            average = mind.deck_average(marked)
            known = max(known, average) if navigator == mind.me else (known + average) / 2
        # On a tie, keep fewer: every kept card is a chance for the rower to go thirsty.
        return known - 0.01 * len(cards)

    return max(offers.all("keep_rowed"), key=score)


# -- resisting and fighting ----------------------------------------------------------------
def _answer_demand(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    attacker = str(offers.prompt.params.get("attacker"))
    if attacker == mind.love and attacker != mind.me and _cheap_wish(mind, offers):
        # A fight would wound either this seat or the one it loves: let the loved one have it.
        return offers.first("give_in") or offers.default()
    weapon = offers.play_own(mind, _WEAPONS)
    mine = mind.my_fighting_strength()
    if attacker in mind.people:
        mine += mind.likely_helpers(mind.me, attacker)
    theirs = mind.strength(attacker) if attacker in mind.people else 0
    resist = mine >= theirs
    if not resist:
        return offers.first("give_in") or offers.default()
    if weapon is not None:
        return weapon
    return offers.first("resist") or offers.default()


NAVIGATOR_SWAP = 2.0  # the stern-most place, with four characters awake or fewer
NAVIGATOR_PER_AWAKE = 0.4  # and for each one awake beyond four
BLIND_PICK = 0.8  # a blind pick, against the same mean worth in view
OWN_THIRST = 2.5  # a wound saved from one's own thirst, against the same wound of another
NO_WATER_IN_A_CARD = 0.6  # the chance a hidden card is not a Water (16 of 42 supply cards are)
EASY_PLAIN_TURNS = 0.4  # how often an easy bot takes its turn without weighing it

def _cheap_wish(mind: Mind, offers: Offers) -> bool:
    """A swap, or a robbery of a card worth less to this seat than a wound to its loved one."""
    params = offers.prompt.params
    if params.get("demand") != "rob":
        return True
    card = params.get("card")
    worth = 1.6 if card == "hand" else mind.card_gain(str(card))
    return worth <= -mind.harm(mind.love, 1.0)


_WEAPONS = ("oar", "blackjack", "knife", "hook", "flare")


def _fight(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    fight = mind.view.fight
    ready = offers.first("fight_ready")
    if fight is None:
        return offers.default()
    if ready is not None:
        weapon = offers.play_own(mind, _WEAPONS)
        return weapon if weapon is not None else ready

    def outcome_value(attackers_win: bool) -> float:
        losers = fight.defenders if attackers_win else fight.attackers
        return sum(mind.harm(c, 1.0) for c in losers)

    attackers_win_now = fight.attack > fight.defence
    now = outcome_value(attackers_win_now)
    my_strength = mind.my_fighting_strength()
    best: tuple[float, Action] = (0.0, offers.first("stay_out") or offers.default())
    for action in offers.all("join_fight"):
        side = _field(action, "side")
        if side == "attackers":
            wins = fight.attack + my_strength > fight.defence
        else:
            wins = fight.defence + my_strength >= fight.attack
        if not wins:
            continue
        gain = outcome_value(side == "attackers") - now - THIRST_RISK
        if gain > best[0]:
            best = (gain, action)
    return best[1]


def _cannibalism_vote(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    healing = sum(
        mind.stake[c] for c, p in mind.people.items() if p.status != "dead" and p.wounds > 0
    )
    if healing < 0:
        return offers.first("object_cannibalism") or offers.default()
    return offers.first("allow_cannibalism") or offers.default()


# -- navigation ----------------------------------------------------------------------------
def _navigate(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    compass = offers.first("use_compass")
    if compass is not None:
        return compass
    return max(offers.all("choose_navigation"), key=lambda a: mind.nav_value(_field(a, "card")))


def _overboard(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    window = mind.view.window
    swimmers = window.swimmers if window else []
    sharks = window is not None and (window.chum_thrown or bool(window.ghost_callers))
    rescue = _preserver_target(mind, swimmers, sharks)
    if rescue is not None:
        throw = offers.play_preserver(mind, rescue)
        if throw is not None:
            return throw
    harm_of_sharks = sum(_sharks_bite(mind, s) for s in swimmers if s in mind.people)
    chum = offers.first("throw_chum")
    if chum is not None and harm_of_sharks > 0 and not sharks:
        return chum
    return offers.first("done") or offers.default()


def _sharks_bite(mind: Mind, swimmer: str) -> float:
    """What the sharks' one wound on ``swimmer`` is worth to this seat, on top of the fall's
    (which Frenchy and a Preserver's wearer do not take)."""
    person = mind.people[swimmer]
    preserved = any(card_type(c) == "preserver" for c in person.face_up)
    fall = 0.0 if swimmer == "frenchy" or preserved else 1.0
    return mind.harm(swimmer, fall + 1.0) - mind.harm(swimmer, fall)


def _preserver_target(mind: Mind, swimmers: list[str], sharks: bool) -> str | None:
    """The swimmer a Life Preserver helps most: it saves one fall wound, so it does nothing
    for Frenchy (whom the fall never wounds) nor for one already wearing one."""
    best: tuple[float, str | None] = (0.3, None)
    for swimmer in swimmers:
        person = mind.people.get(swimmer)
        if person is None or person.status != "awake" or swimmer == "frenchy":
            continue
        if any(card_type(c) == "preserver" for c in person.face_up):
            continue
        extra = 1.0 if sharks else 0.0
        saved = mind.harm(swimmer, extra) - mind.harm(swimmer, 1.0 + extra)
        if saved > best[0]:
            best = (saved, swimmer)
    return best[1]


def _ghost(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    swimmers = [str(s) for s in offers.prompt.params.get("swimmers", [])]
    hated = mind.hate in swimmers or mind.hate == mind.me
    loved_safe = mind.love not in swimmers or mind.love == mind.me
    if hated and loved_safe:
        return offers.first("call_sharks") or offers.default()
    return offers.first("spare_swimmers") or offers.default()


def _thirst(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    """One Water where it saves most: this seat's own thirst first (it comes back day after
    day), the loved one's when it would knock them out or kill them, never the hated one's;
    a Water given to someone who can still drink their own is likely wasted."""
    waters = offers.all("give_water")
    if not waters:
        return offers.first("done") or offers.default()
    if mind.easy:
        for wanted in (mind.me, mind.love):
            for action in waters:
                if _field(action, "target") == wanted:
                    return action
        return offers.first("done") or offers.default()
    window = mind.view.window
    thirst = window.thirst if window is not None else {}
    waiting = window.waiting if window is not None else []
    best: tuple[float, Action] = (0.1, offers.first("done") or offers.default())
    for action in waters:
        target = _field(action, "target")
        count = thirst.get(target, 0)
        if count <= 0:
            continue
        saved = mind.harm(target, count - 1) - mind.harm(target, count)
        if target == mind.me:
            saved *= OWN_THIRST  # this seat's own thirst comes back day after day
        elif target in waiting:
            saved *= 1.0 - _drinks_own_water(mind, target)
        if saved > best[0]:
            best = (saved, action)
    return best[1]


def _drinks_own_water(mind: Mind, character: str) -> float:
    """The chance that ``character``, awake and still to answer, holds a Water of its own."""
    person = mind.people[character]
    if person.status != "awake":
        return 0.0
    if any(card_type(c) == "water" for c in person.face_up):
        return 1.0
    return 1.0 - NO_WATER_IN_A_CARD ** person.hand_count


def _free_move(mind: Mind, offers: Offers, rng: random.Random) -> Action:
    """Outside a decision: show weapons (they deter robbers); otherwise the first offer."""
    weapon = offers.play_own(mind, _WEAPONS)
    return weapon if weapon is not None else offers.default()


_DECIDERS = {
    "pick_supply": _pick_supply,
    "take_action": _take_action,
    "keep_rowed": _keep_rowed,
    "answer_demand": _answer_demand,
    "fight_member": _fight,
    "fight_bystander": _fight,
    "cannibalism_vote": _cannibalism_vote,
    "navigate": _navigate,
    "overboard": _overboard,
    "ghost": _ghost,
    "thirst": _thirst,
}
# By full prompt kind, so that the common case needs no string splitting.
_DECIDER_OF_KIND = {PROMPT + kind: decide for kind, decide in _DECIDERS.items()}
