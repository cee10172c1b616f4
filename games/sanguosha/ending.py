"""When the game ends, who wins, and the scores (plain or the 4th-edition table)."""

from __future__ import annotations

from games.core import Outcome
from games.core.rating import ranked
from games.sanguosha.flow import Ctx
from games.sanguosha.state import Result, SanguoshaState, own_players


def decide(state: SanguoshaState) -> Result | None:
    players = state.players
    lord = players[state.lord]
    if not lord.alive:
        living = state.living()
        if len(living) == 1 and players[living[0]].identity == "renegade":
            return Result(side="renegade", winners=living)
        rebels = [p.seat for p in players if p.identity == "rebel"]
        return Result(side="rebel", winners=rebels)
    if all(not p.alive for p in players if p.identity in ("rebel", "renegade")):
        side = [p.seat for p in players if p.identity in ("lord", "loyalist")]
        return Result(side="lord", winners=side)
    return None


def check_end(ctx: Ctx) -> None:
    state = ctx.state
    if state.result is not None:
        return
    result = decide(state)
    if result is None:
        return
    state.result = result
    for player in own_players(state):
        player.revealed = True
    ctx.emit(
        "game_over",
        side=result.side,
        winners=result.winners,
        identities={str(p.seat): p.identity for p in state.players},
    )


def _killed(state: SanguoshaState, seat: int, identities: tuple[str, ...]) -> int:
    return sum(1 for v in state.players[seat].kills if state.players[v].identity in identities)


def fourth_edition(state: SanguoshaState, result: Result) -> dict[int, dict[str, float]]:
    """Each seat's score under the 4th-edition table, with its personal bonus."""
    n = state.seats
    side = result.side
    loyal_alive = sum(1 for p in state.players if p.identity == "loyalist" and p.alive)
    rebels_alive = sum(1 for p in state.players if p.identity == "rebel" and p.alive)
    # The renegade "lost a duel with the lord": the last two were lord and renegade.
    last_two = state.deaths[-1:] and len(state.living()) == 1
    details: dict[int, dict[str, float]] = {}
    for p in state.players:
        base = 0.0
        bonus = 0.0
        if p.identity == "lord":
            if side == "lord":
                base = 4 + loyal_alive * 2
                bonus = _killed(state, p.seat, ("rebel", "renegade"))
        elif p.identity == "loyalist":
            if side == "lord":
                base = 5 + loyal_alive
                bonus = _killed(state, p.seat, ("rebel", "renegade"))
        elif p.identity == "rebel":
            if side == "rebel":
                base = rebels_alive * 3
            bonus = _killed(state, p.seat, ("loyalist", "renegade")) + 2 * _killed(
                state, p.seat, ("lord",)
            )
        else:
            if side == "renegade":
                base = 4 + n * 2
            elif side == "lord":
                duel = bool(last_two) and state.deaths[-1] == p.seat
                base = float(n) if duel else 0.0
            elif side == "rebel":
                base = 1.0 if p.alive else 0.0
        details[p.seat] = {"base": base, "bonus": float(bonus), "total": base + bonus}
    return details


def places(state: SanguoshaState) -> dict[int, int]:
    """Each seat's place at the end, for the ratings: the winning side first; then a renegade
    who outlasted the losers' hopes — still alive when the rebels won, or the lord's last
    opponent, killed in the final duel (the 4th-edition table scores both) — then everyone
    else, together. A draw places everyone first."""
    result = state.result
    if result is None or result.side == "draw":
        return {p.seat: 1 for p in state.players}
    living = state.living()
    duel = len(living) == 1 and bool(state.deaths)
    key: dict[int, int] = {}
    for p in state.players:
        if p.seat in result.winners:
            key[p.seat] = 0
        elif p.identity == "renegade" and (
                (result.side == "rebel" and p.alive)
                or (result.side == "lord" and duel and state.deaths[-1] == p.seat)):
            key[p.seat] = 1
        else:
            key[p.seat] = 2
    return ranked(key)


def first_out(state: SanguoshaState, seat: int) -> float:
    """1.0 for the game's first dead seat: the next game's first-death protection goes to it."""
    return 1.0 if state.deaths[:1] == [seat] else 0.0


def outcome(state: SanguoshaState) -> Outcome | None:
    result = state.result
    if result is None:
        return None
    if state.options.scoring == "fourth_edition":
        details = fourth_edition(state, result)
        for seat, row in details.items():
            row["first_out"] = first_out(state, seat)
        scores = {seat: d["total"] for seat, d in details.items()}
        return Outcome(scores=scores, winners=list(result.winners), details=details)
    scores = {p.seat: (1.0 if p.seat in result.winners else 0.0) for p in state.players}
    details = {s: {"total": scores[s], "first_out": first_out(state, s)} for s in scores}
    return Outcome(scores=scores, winners=list(result.winners), details=details)
