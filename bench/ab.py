"""Bots against their past: the working tree's bot against the bot of a git revision, any game.

Each seeded deal is played twice (or more, as the game's seating plan says: ``bench/ab_plans.py``)
with the same seats counted once with the new bot and once with the baseline's, so each group's
(identity's, side's) results compare like for like. The baseline answers from a git worktree of
``--baseline`` (made once under /tmp/parlor-ab, or a checkout directory given instead) in a
process of its own that reads each (view, prompt) as JSON and writes its move
(``bench/ab_baseline.py``); the rules are the working tree's. Every decision's generator comes
from (game seed, step, seat), whichever bot decides, so a run is reproduced exactly from its
arguments, and a baseline equal to the working tree plays the very same games.

    nice -n 10 .venv/bin/python bench/ab.py --game sanguosha --seats 5 8 --games 1000 --jobs 2
    .venv/bin/python bench/ab.py --game lifeboat --plan one --baseline HEAD~3 --games 200
    .venv/bin/python bench/ab.py --game zombie --merge z0.jsonl z500.jsonl  # runs split by --seed
    .venv/bin/python bench/ab.py --game lifeboat --compare before.jsonl after.jsonl  # two bots

A readable table per seat count goes to stdout, then the JSON summary (``--json FILE`` writes
it to a file instead).
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import math
import multiprocessing
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ab_baseline import decision_rng
from bench.ab_plans import Entry, GamePlans, plans_of
from bench.ab_tree import BaselineBot, baseline_tree, describe_tree
from games import registry
from games.core import Action, Game

DEFAULT_BASELINE = "294830e"  # the commit before the bots' work of issues 35 and 36
MAX_STEPS = 50_000


@dataclass(frozen=True)
class Setting:
    """What every game of a run shares."""

    game: str
    options: dict[str, Any]
    plan: str
    tree: str
    # Fields of the view's ``options`` the baseline's side reads instead (its level).
    baseline_view_options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatResult:
    seats: int
    deal: int
    seed: int
    game: int  # the game's index among its deal's
    seat: int
    bot: str  # "new" or "baseline"
    role: str | None
    character: str | None
    score: float
    won: bool


@dataclass
class GameResult:
    """One game of a deal, every seat's result in it."""

    roles: list[str | None]
    characters: list[str | None]
    scores: list[float]
    winners: list[int]
    steps: int = 0
    new_decisions: int = 0
    new_cpu: float = 0.0


@dataclass(frozen=True)
class Job:
    seats: int
    deal: int
    seed: int
    new: frozenset[int]
    new_roles: frozenset[str] = frozenset()  # seats new once their role is one of these
    new_before: bool = False  # every seat new while it has no role yet

    @staticmethod
    def of(seats: int, deal: int, seed: int, entry: Entry) -> Job:
        return Job(seats, deal, seed, entry.new, entry.new_roles, entry.new_before)

    def plays_new(self, game: Game[Any, Any], state: Any, seat: int) -> bool:
        if seat in self.new:
            return True
        if not (self.new_roles or self.new_before):
            return False
        role = game.role_of(state, seat)
        return role in self.new_roles if role is not None else self.new_before


class Table:
    """Plays a setting's games, the baseline's bot in this process's own baseline process."""

    def __init__(self, setting: Setting, baseline: BaselineBot | None = None) -> None:
        self.setting = setting
        self.game: Game[Any, Any] = registry.get(setting.game)
        self.plans: GamePlans = plans_of(setting.game)
        self.options = self.game.Options.model_validate(setting.options)
        self.baseline = baseline
        self._own = baseline is None

    def bot(self) -> BaselineBot:
        if self.baseline is None:
            self.baseline = BaselineBot(Path(self.setting.tree))
        return self.baseline

    def close(self) -> None:
        if self.baseline is not None and self._own:
            self.baseline.close()
            self.baseline = None

    def entries(self, seats: int, deal: int, seed: int) -> list[Entry]:
        """The deal's games, as its seating plan says."""
        start = self.game.setup(seats, self.options, seed=seed)
        return self.plans.plans[self.setting.plan](self.game, start, deal)

    def play(self, job: Job) -> GameResult:
        game = self.game
        state = game.setup(job.seats, self.options, seed=job.seed)
        result = GameResult(roles=[], characters=[], scores=[], winners=[])
        for _ in range(MAX_STEPS):
            outcome = game.outcome(state)
            if outcome is not None:
                seats = range(job.seats)
                result.roles = [game.role_of(state, s) for s in seats]
                result.characters = [game.character_of(state, s) for s in seats]
                result.scores = [float(outcome.scores.get(s, 0.0)) for s in seats]
                result.winners = list(outcome.winners)
                return result
            action = self.decide(state, job, result)
            state = game.apply(state, action).state
            result.steps += 1
        raise RuntimeError(f"{game.spec.name}: no end after {MAX_STEPS} steps (seed {job.seed})")

    def decide(self, state: Any, job: Job, tally: GameResult) -> Action:
        game = self.game
        seed = job.seed
        pending = game.pending(state)
        prompts = [p for p in pending if p.blocking] or pending
        step = state.step
        # Which seat moves depends on the state alone, never on which bot sits where.
        prompt = prompts[0] if len(prompts) == 1 else random.Random(
            f"parlor-ab-turn:{seed}:{step}").choice(prompts)
        if len(prompt.actions) == 1 and prompt.pick is None:
            return prompt.actions[0]  # no choice: no bot is asked
        view = game.view(state, prompt.seat)
        if job.plays_new(game, state, prompt.seat):
            started = time.process_time()
            action = game.choose(view, prompt, decision_rng(seed, step, prompt.seat))
            tally.new_cpu += time.process_time() - started
            tally.new_decisions += 1
            return action
        return self.bot().choose(game, view, prompt, (seed, step, prompt.seat),
                                 self.setting.baseline_view_options)


_TABLE: Table | None = None


def _start_worker(setting: Setting) -> None:
    global _TABLE
    _TABLE = Table(setting)


def _play(job: Job) -> GameResult:
    assert _TABLE is not None
    return _TABLE.play(job)


@dataclass
class Played:
    """A seat count's games: every counted seat's result, and what the games cost."""

    seats: list[SeatResult]
    games: dict[Job, GameResult]
    steps: int
    new_decisions: int
    new_cpu: float


def play_deals(setting: Setting, seats: int, deals: int, first_seed: int, workers: int,
               baseline: BaselineBot | None = None) -> Played:
    """Every deal's games at ``seats``, one game a job (``workers`` processes; with one, in
    this process, asking ``baseline`` if given)."""
    table = Table(setting, baseline)
    plans = [table.entries(seats, deal, first_seed + deal) for deal in range(deals)]
    jobs = list(dict.fromkeys(Job.of(seats, deal, first_seed + deal, entry)
                              for deal, entries in enumerate(plans) for entry in entries))
    if workers <= 1:
        try:
            games = [table.play(job) for job in jobs]
        finally:
            table.close()
    else:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers, initializer=_start_worker, initargs=(setting,)) as pool:
            games = pool.map(_play, jobs, chunksize=1)
    by_job = dict(zip(jobs, games, strict=True))
    results: list[SeatResult] = []
    for deal, entries in enumerate(plans):
        for index, entry in enumerate(entries):
            game = by_job[Job.of(seats, deal, first_seed + deal, entry)]
            counted = entry.counted | {s for s, role in enumerate(game.roles)
                                       if role is not None and role in entry.counted_roles}
            for seat in sorted(counted):
                new = seat in entry.new or game.roles[seat] in entry.new_roles
                results.append(SeatResult(
                    seats=seats, deal=deal, seed=first_seed + deal, game=index, seat=seat,
                    bot="new" if new else "baseline", role=game.roles[seat],
                    character=game.characters[seat], score=game.scores[seat],
                    won=seat in game.winners))
    return Played(seats=results, games=by_job, steps=sum(g.steps for g in games),
                  new_decisions=sum(g.new_decisions for g in games),
                  new_cpu=sum(g.new_cpu for g in games))


@dataclass
class Tally:
    seats: int = 0
    wins: int = 0
    score: float = 0.0
    # (seat count, deal's seed) -> [seats, wins, score]: the intervals' sampling unit is the
    # deal, named by its seed (a deal's index starts again at 0 in each run a merge joins).
    deals: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    def add(self, result: SeatResult) -> None:
        self.count((result.seats, result.seed), result.won, result.score)
        self.score += result.score

    def count(self, deal: tuple[int, int], won: bool, score: float = 0.0) -> None:
        self.seats += 1
        self.wins += won
        found = self.deals.setdefault(deal, [0, 0, 0.0])
        found[0] += 1
        found[1] += won
        found[2] += score

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.seats if self.seats else 0.0


ALL = "all seats"
TEAM = "team (games)"


def summarize(results: list[SeatResult], plans: GamePlans) -> dict[str, dict[str, Tally]]:
    """Tallies by group, then by bot ("new", "baseline"), in the report's order."""
    found: dict[str, dict[str, Tally]] = {}
    if plans.team:
        # A cooperative game: each game once, won when any of its seats won.
        games: dict[tuple[int, int, int, str], bool] = {}
        for result in results:
            key = (result.seats, result.seed, result.game, result.bot)
            games[key] = games.get(key, False) or result.won
        team = found.setdefault(TEAM, {"new": Tally(), "baseline": Tally()})
        for (seats, seed, _, bot), won in games.items():
            team[bot].count((seats, seed), won)
    for result in results:
        for group in dict.fromkeys([*plans.groups(result.role), ALL]):
            tallies = found.setdefault(group, {"new": Tally(), "baseline": Tally()})
            tallies[result.bot].add(result)
    ranked = [g for g in plans.order if g in found]
    ranked += [g for g in found if g not in ranked and g != ALL] + [ALL]
    return {group: found[group] for group in ranked if group in found}


def interval(new: Tally, base: Tally, of_score: bool = False) -> float:
    """The half-width of a 95% interval of the win rates' (or, ``of_score``, the mean scores')
    difference, the deal as the sampling unit (cluster-robust, by the delta method): a group's
    seats in one game win or lose together (Sanguosha's rebels, the lord's side) and a deal's
    games share its cards, so counting seats as independent would make the interval too
    narrow. With one counted seat per game and deals unrelated it is the usual two-proportion
    interval; where a deal counts the same seat once new and once baseline (plan ``one``) the
    score's is the paired interval over deals."""
    if not new.seats or not base.seats:
        return math.nan
    column = 2 if of_score else 1
    p = new.mean_score if of_score else new.win_rate
    q = base.mean_score if of_score else base.win_rate
    terms: dict[tuple[int, int], float] = {}
    for deal, found in new.deals.items():
        terms[deal] = terms.get(deal, 0.0) + (found[column] - p * found[0]) / new.seats
    for deal, found in base.deals.items():
        terms[deal] = terms.get(deal, 0.0) - (found[column] - q * found[0]) / base.seats
    units = len(terms)
    if units < 2:
        return math.nan
    return 1.96 * math.sqrt(units / (units - 1) * sum(t * t for t in terms.values()))


def report(title: str, groups: dict[str, dict[str, Tally]]) -> str:
    lines = [title,
             f"{'group':<13} {'seats':>6} {'new win':>8} {'base win':>9} {'diff':>7} "
             f"{'±95%':>6} {'new score':>10} {'base score':>11} {'diff':>7} {'±95%':>6}"]
    for group, tallies in groups.items():
        new, base = tallies["new"], tallies["baseline"]
        diff = 100 * (new.win_rate - base.win_rate)
        lines.append(
            f"{group:<13} {new.seats:>6} {new.win_rate:>8.1%} {base.win_rate:>9.1%} "
            f"{diff:>+7.1f} {100 * interval(new, base):>6.1f} {new.mean_score:>10.3f} "
            f"{base.mean_score:>11.3f} {new.mean_score - base.mean_score:>+7.2f} "
            f"{interval(new, base, of_score=True):>6.2f}")
    return "\n".join(lines)


def group_summary(groups: dict[str, dict[str, Tally]]) -> dict[str, Any]:
    return {
        group: {
            **{bot: {"seats": t.seats, "win_rate": round(t.win_rate, 4),
                     "mean_score": round(t.mean_score, 4)} for bot, t in tallies.items()},
            "diff": round(tallies["new"].win_rate - tallies["baseline"].win_rate, 4),
            "ci95": round(interval(tallies["new"], tallies["baseline"]), 4),
            "score_diff": round(tallies["new"].mean_score - tallies["baseline"].mean_score, 4),
            "score_ci95": round(interval(tallies["new"], tallies["baseline"], of_score=True), 4),
        }
        for group, tallies in groups.items()
    }


# What a record says of the run that played it: runs that differ in any of these measured
# different things, and their records are not merged.
SAME_MEASURE = ("game", "plan", "baseline", "options", "baseline_level")


def refuse_other_measure(one: tuple[str, dict[str, Any]], other: tuple[str, dict[str, Any]],
                         why: str) -> None:
    """Stops the run when two records files' runs (path, run) measured different things."""
    for key in SAME_MEASURE:
        if one[1].get(key) != other[1].get(key):
            raise SystemExit(f"{one[0]} was played with {key} {one[1].get(key)!r} and "
                             f"{other[0]} with {other[1].get(key)!r}: {why}")


def merged(paths: list[str]) -> list[SeatResult]:
    """The counted seats of several runs' ``--records`` files, as one run's (a long run split
    by ``--seed`` into chunks). The same deal in two files is refused: it would count twice;
    so are runs of another game, plan, baseline or options. Runs of different working trees
    are merged with a warning (the same bot may sit in several commits)."""
    results: list[SeatResult] = []
    found: dict[tuple[int, int], str] = {}
    first_run: tuple[str, dict[str, Any]] | None = None
    new_trees: set[str] = set()
    for path in paths:
        here: set[tuple[int, int]] = set()
        for line in Path(path).read_text().splitlines():
            if line.strip():
                fields = json.loads(line)
                run = fields.pop("run", None)
                if run is not None:
                    new_trees.add(str(run.get("new")))
                    if first_run is None:
                        first_run = (path, run)
                    refuse_other_measure((path, run), first_run, "not one run")
                result = SeatResult(**fields)
                results.append(result)
                here.add((result.seats, result.seed))
        for deal in here:
            if deal in found:
                raise SystemExit(f"the deal of seed {deal[1]} at {deal[0]} seats is in both "
                                 f"{found[deal]} and {path}")
            found[deal] = path
    if len(new_trees) > 1:
        print(f"note: the new bot of these records comes from {len(new_trees)} trees: "
              f"{', '.join(sorted(new_trees))}", file=sys.stderr)
    return results


def report_merged(game: Game[Any, Any], plans: GamePlans, paths: list[str]) -> dict[str, Any]:
    """The report and summary of runs already played, from their records."""
    results = merged(paths)
    tables: list[dict[str, Any]] = []
    for seats in sorted({r.seats for r in results}):
        at = [r for r in results if r.seats == seats]
        deals = len({r.seed for r in at})
        groups = summarize(at, plans)
        print(report(f"{game.spec.title}, {seats} seats: {deals} deals from "
                     f"{len(paths)} record files", groups))
        print()
        tables.append({"seats": seats, "deals": deals, "groups": group_summary(groups)})
    return {"game": game.spec.name, "merged": paths, "tables": tables}


def first_run(path: str) -> dict[str, Any]:
    """The run named by a records file's first record (empty for records without one)."""
    with open(path) as records:
        for line in records:
            if line.strip():
                run: dict[str, Any] = json.loads(line).get("run") or {}
                return run
    return {}


def compared(before: str, after: str) -> list[SeatResult]:
    """Two runs' new bots, seat for seat: the ``--records`` of two working trees' bots played
    over the same deals against the same baseline, as if ``after``'s new bot were the new one
    and ``before``'s the baseline. Only the seats both runs played new count, so each pair is
    the same seat of the same deal among the same baselines, and the intervals are the paired
    ones over deals. A baseline seat whose result differs between the runs means the rules or
    the baseline differ: the pairs would not be like for like, and the comparison is refused."""
    refuse_other_measure((before, first_run(before)), (after, first_run(after)),
                         "not the same measure")

    def by_seat(path: str) -> dict[tuple[str, int, int, int, int], SeatResult]:
        return {(r.bot, r.seats, r.seed, r.game, r.seat): r for r in merged([path])}

    old, new = by_seat(before), by_seat(after)
    shared = old.keys() & new.keys()
    changed = sorted(k for k in shared if k[0] == "baseline"
                     and (old[k].score, old[k].won) != (new[k].score, new[k].won))
    if changed:
        _, seats, seed, _, seat = changed[0]
        raise SystemExit(f"{len(changed)} baseline seats differ between the runs (the first: "
                         f"seed {seed}, {seats} seats, seat {seat}): the rules or the baseline "
                         f"changed, so the new bots did not face the same games")
    paired = sorted(k for k in shared if k[0] == "new")
    if not paired:
        raise SystemExit(f"{before} and {after} share no seat played by the new bot")
    return ([dataclasses.replace(new[k], bot="new") for k in paired]
            + [dataclasses.replace(old[k], bot="baseline") for k in paired])


def report_compared(game: Game[Any, Any], plans: GamePlans, before: str,
                    after: str) -> dict[str, Any]:
    """The report of two runs' new bots against each other (``compared``)."""
    results = compared(before, after)
    trees = first_run(before).get("new"), first_run(after).get("new")
    tables: list[dict[str, Any]] = []
    for seats in sorted({r.seats for r in results}):
        at = [r for r in results if r.seats == seats]
        groups = summarize(at, plans)
        print(report(f"{game.spec.title}, {seats} seats: {len({r.seed for r in at})} deals; "
                     f"new = the new bot of {after} ({trees[1]}), base = the new bot of "
                     f"{before} ({trees[0]}), each among the same baselines", groups))
        print()
        tables.append({"seats": seats, "groups": group_summary(groups)})
    return {"game": game.spec.name, "compared": [before, after], "tables": tables}


def parse_options(game: Game[Any, Any], pairs: list[str], level: str | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    if level is not None:
        if "bot_level" not in game.Options.model_fields:
            raise SystemExit(f"{game.spec.name} has no bot levels (no option bot_level)")
        options["bot_level"] = level
    game.Options.model_validate(options)  # a bad option stops the run before it starts
    return options


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--seats", type=int, nargs="+", default=None,
                        help="seat counts, one table of results each (default: the fewest)")
    parser.add_argument("--games", type=int, default=100, help="seeded deals per seat count")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE,
                        help="a git revision, or a checkout directory (default %(default)s)")
    parser.add_argument("--plan", default=None, help="a seating plan (bench/ab_plans.py)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--level", default=None, help="the table's bot_level, where a game has it")
    parser.add_argument("--baseline-level", default=None,
                        help="the bot_level the baseline's seats read in their view")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a table option (JSON value), repeatable")
    parser.add_argument("--json", default="-", help="where the JSON summary goes (- : stdout)")
    parser.add_argument("--records", default=None, help="a file for every counted seat's result")
    parser.add_argument("--merge", nargs="+", default=None, metavar="RECORDS",
                        help="plays nothing: reports the --records files of earlier runs of "
                             "--game (split by --seed) as one run")
    parser.add_argument("--compare", nargs=2, default=None, metavar=("BEFORE", "AFTER"),
                        help="plays nothing: the new bots of two runs' --records (two trees, "
                             "the same deals, plan and baseline) against each other, seat for "
                             "seat")
    args = parser.parse_args(argv)

    game = registry.get(args.game)
    plans = plans_of(args.game)
    if args.merge or args.compare:
        played_before = (report_merged(game, plans, args.merge) if args.merge
                         else report_compared(game, plans, *args.compare))
        text = json.dumps(played_before, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
        return played_before
    plan = args.plan or next(iter(plans.plans))
    if plan not in plans.plans:
        raise SystemExit(f"{args.game} has no plan {plan!r}; it has {', '.join(plans.plans)}")
    options = parse_options(game, args.option, args.level)
    tree, baseline_name = baseline_tree(args.baseline)
    setting = Setting(
        game=args.game, options=options, plan=plan, tree=str(tree),
        baseline_view_options={"bot_level": args.baseline_level} if args.baseline_level else {})
    new_name = describe_tree()
    started_cpu, started = time.process_time(), time.perf_counter()
    tables: list[dict[str, Any]] = []
    records: list[SeatResult] = []
    for seats in args.seats or [game.spec.min_players]:
        played = play_deals(setting, seats, args.games, args.seed, args.jobs)
        records += played.seats
        groups = summarize(played.seats, plans)
        decisions, cpu = played.new_decisions, played.new_cpu
        title = (f"{game.spec.title}, {seats} seats: {args.games} deals, "
                 f"{len(played.games)} games, plan {plan!r}; new = {new_name}, "
                 f"baseline = {baseline_name}"
                 + (f"; options {options}" if options else ""))
        print(report(title, groups))
        if decisions:
            print(f"new bot: {decisions} decisions, {1e6 * cpu / decisions:.0f} µs CPU each")
        print()
        tables.append({"seats": seats, "deals": args.games, "games": len(played.games),
                       "steps": played.steps, "groups": group_summary(groups),
                       "new_decisions": decisions,
                       "new_decision_us": round(1e6 * cpu / decisions, 1) if decisions else None})
    summary = {
        "game": args.game, "plan": plan, "new": new_name, "baseline": baseline_name,
        "options": options, "baseline_level": args.baseline_level, "seed": args.seed,
        "date": datetime.date.today().isoformat(),
        "wall_seconds": round(time.perf_counter() - started, 1),
        "parent_cpu_seconds": round(time.process_time() - started_cpu, 1), "tables": tables,
    }
    text = json.dumps(summary, indent=1)
    if args.json == "-":
        print(text)
    else:
        Path(args.json).write_text(text + "\n")
    if args.records:
        run = {"game": args.game, "plan": plan, "new": new_name, "baseline": baseline_name,
               "options": options, "baseline_level": args.baseline_level}
        with open(args.records, "w") as out:
            for record in records:
                out.write(json.dumps({**asdict(record), "run": run}) + "\n")
    return summary


if __name__ == "__main__":
    main()
