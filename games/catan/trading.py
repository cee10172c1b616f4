"""Trading between players: only the seat on turn trades, after its roll, with the others.

How a table drives it (every step is an action, every answer public, as at a real table):

1. The seat on turn **offers** (``OfferTrade``): what it gives, what it wants, to everyone or to
   some seats — one pick of terms, words of this module: ``give:<resource>:<n>`` (one word per
   card given, ``n`` counting 1, 2, …), ``want:<resource>:<n>`` (up to 4 of a kind) and
   ``to:<seat>`` (none: everyone). Every choice of words means something: a resource both given
   and wanted is only given (no trading like for like), and one side may be left empty — "I give
   two wool, what will you give?" — to be answered by counter-offers. A new offer replaces the
   open one; a seat makes at most ``Options.trade_offers`` offers a turn (a table rule: a turn
   cannot go on forever).
2. Each seat asked **answers** once, in public: accept or decline (``AnswerTrade``; every seat
   asked may accept a firm offer, since the table asks them all one question), or a
   counter-offer (``CounterTrade``: its own ``give:``/``want:`` words, a side left empty taking
   the offer's). They answer at once on the response clock (question ``trade#<serial>``), and
   the seat on turn is not waited for meanwhile (its prompt is non-blocking while answers are
   missing, so it may also confirm the first acceptance at once).
3. The seat on turn **confirms** one acceptance or counter-offer (``ConfirmTrade``), withdraws
   (``WithdrawTrade``), offers anew, or goes on with its turn (the offer stays open until the
   turn ends). A confirmation whose cards are no longer there (spent, robbed, monopolised, or
   never held by the seat that accepted) is refused with the reason, in public, and that
   answer is void.

Development cards are never traded, nor are cards given away: a trade hands cards both ways.
"""

from __future__ import annotations

from functools import lru_cache

from games.catan.cards import RESOURCES
from games.catan.context import Context
from games.catan.state import Answer, CatanState, Offer, hand_size, missing, others

WANT_LIMIT = 4
GIVE = "give"
WANT = "want"
TO = "to"


def term(side: str, kind: str, n: int) -> str:
    return f"{side}:{kind}:{n}"


WANT_TERMS: tuple[str, ...] = tuple(term(WANT, kind, n) for kind in RESOURCES
                                    for n in range(1, WANT_LIMIT + 1))


@lru_cache(maxsize=4096)
def _terms(held: tuple[int, ...], addressees: tuple[int, ...]) -> tuple[str, ...]:
    gives = tuple(term(GIVE, kind, n) for kind, k in zip(RESOURCES, held, strict=True)
                  for n in range(1, k + 1))
    return gives + WANT_TERMS + tuple(f"{TO}:{s}" for s in addressees)


def _held(state: CatanState, seat: int) -> tuple[int, ...]:
    hand = state.hands[seat]
    return tuple(len(hand[kind]) for kind in RESOURCES)


def offer_terms(state: CatanState, seat: int) -> tuple[str, ...]:
    """Every word an offer of ``seat`` may use, in the pick's order."""
    return _terms(_held(state, seat), tuple(others(state, seat)))


def counter_terms(state: CatanState, seat: int) -> tuple[str, ...]:
    return _terms(_held(state, seat), ())


def read_terms(terms: tuple[str, ...]) -> tuple[dict[str, int], dict[str, int], list[int]]:
    """(given, wanted, seats addressed) from words; a resource on both sides is only given."""
    give: dict[str, int] = {}
    want: dict[str, int] = {}
    to: list[int] = []
    for word in terms:
        side, _, rest = word.partition(":")
        if side == TO:
            to.append(int(rest))
            continue
        kind = rest.partition(":")[0]
        bucket = give if side == GIVE else want
        bucket[kind] = bucket.get(kind, 0) + 1
    want = {kind: n for kind, n in want.items() if kind not in give}
    return _ordered(give), _ordered(want), sorted(to)


def words_for(give: dict[str, int], want: dict[str, int],
              to: list[int] | None = None) -> list[str]:
    """The words that say these terms (for a bot or a typed offer; ``Pick.build`` orders them)."""
    words = [term(GIVE, kind, i) for kind, n in give.items() for i in range(1, n + 1)]
    words += [term(WANT, kind, i) for kind, n in want.items() for i in range(1, n + 1)]
    words += [f"{TO}:{s}" for s in to or []]
    return words


def _ordered(terms: dict[str, int]) -> dict[str, int]:
    return {kind: terms[kind] for kind in RESOURCES if terms.get(kind)}


# -- what may be done now ------------------------------------------------------------------------


def may_offer(state: CatanState, seat: int) -> bool:
    return (state.stage == "main" and state.current == seat
            and state.offers_made < state.options.trade_offers
            and hand_size(state, seat) > 0
            and any(hand_size(state, other) > 0 for other in others(state, seat)))


def confirmable(offer: Offer) -> list[int]:
    """The seats whose answer the proposer may confirm: an acceptance, or a counter-offer
    trading cards both ways."""
    return [seat for seat, answer in sorted(offer.answers.items())
            if answer.answer in ("accept", "counter") and answer.give and answer.want]


# -- the steps -----------------------------------------------------------------------------------


def make_offer(ctx: Context, seat: int, terms: tuple[str, ...]) -> None:
    state = ctx.state
    if state.offer is not None:
        close_offer(ctx, "replaced")
    give, want, to = read_terms(terms)
    asked = tuple(to) if to else tuple(others(state, seat))
    state.offer_serial += 1
    state.offers_made += 1
    state.offer = Offer(serial=state.offer_serial, proposer=seat, asked=asked, to_all=not to,
                        give=give, want=want)
    ctx.public("trade_offered", seat=seat, offer=state.offer_serial,
               to=None if not to else list(asked), give=give, want=want,
               left=state.options.trade_offers - state.offers_made)


def answer(ctx: Context, seat: int, accept: bool) -> None:
    offer = ctx.state.offer
    assert offer is not None
    kind = "accept" if accept else "decline"
    offer.answers[seat] = Answer(answer=kind, give=dict(offer.give), want=dict(offer.want))
    ctx.public("trade_answered", seat=seat, offer=offer.serial, answer=kind)


def counter(ctx: Context, seat: int, terms: tuple[str, ...]) -> None:
    offer = ctx.state.offer
    assert offer is not None
    gives, wants, _ = read_terms(terms)
    # Seen from the proposer: it gets what this seat gives and gives what this seat wants.
    proposer_gets = gives or dict(offer.want)
    proposer_gives = wants or dict(offer.give)
    proposer_gives = _ordered({k: n for k, n in proposer_gives.items() if k not in proposer_gets})
    proposer_gets = _ordered(proposer_gets)
    offer.answers[seat] = Answer(answer="counter", give=proposer_gives, want=proposer_gets)
    ctx.public("trade_answered", seat=seat, offer=offer.serial, answer="counter",
               give=proposer_gives, want=proposer_gets)


def confirm(ctx: Context, seat: int, partner: int) -> None:
    state = ctx.state
    offer = state.offer
    assert offer is not None
    terms = offer.answers[partner]
    lacking_seat, lacking = seat, missing(state, seat, terms.give)
    if not lacking:
        lacking_seat, lacking = partner, missing(state, partner, terms.want)
    if lacking:
        terms.answer = "void"
        terms.reason = "cards_gone"
        ctx.public("trade_refused", seat=seat, partner=partner, offer=offer.serial,
                   lacking_seat=lacking_seat, lacking=lacking)
        return
    for kind, n in terms.give.items():
        ctx.hand_over(seat, partner, kind, n)
    for kind, n in terms.want.items():
        ctx.hand_over(partner, seat, kind, n)
    ctx.public("traded", seat=seat, partner=partner, offer=offer.serial, give=terms.give,
               get=terms.want)
    state.offer = None


def close_offer(ctx: Context, reason: str) -> None:
    """Takes the open offer off the table: ``withdrawn``, ``replaced``, ``turn_ended``,
    ``game_over``."""
    offer = ctx.state.offer
    if offer is None:
        return
    ctx.public("trade_closed", seat=offer.proposer, offer=offer.serial, reason=reason)
    ctx.state.offer = None
