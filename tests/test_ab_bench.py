"""The A/B harness (bench/ab.py) is fair: a baseline that is the working tree itself, answering
from its own process through JSON, plays the very games the working tree's bot plays in-process,
seat for seat, so every group's results are equal; it plays every game to its end; the baseline
reads a grown view leniently and fails loudly on a missing field; a git revision's worktree is
made once and found again."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import ab_tree
from bench.ab import (
    Job,
    SeatResult,
    Setting,
    Table,
    compared,
    interval,
    merged,
    play_deals,
    summarize,
)
from bench.ab_baseline import Baseline, BaselineMismatch
from bench.ab_plans import plans_of
from bench.ab_tree import BaselineBot
from games import registry
from tests.every_game import SLOW_BOTS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def baseline() -> Iterator[BaselineBot]:
    """One baseline process for the module: the working tree itself."""
    bot = BaselineBot(ROOT)
    yield bot
    bot.close()


def setting(game: str, plan: str | None = None) -> Setting:
    return Setting(game=game, options={}, plan=plan or next(iter(plans_of(game).plans)),
                   tree=str(ROOT))


def test_a_baseline_equal_to_the_new_bot_plays_the_same_games(baseline: BaselineBot) -> None:
    """Sanguosha's lord's side new against the rest, and the reverse: with both bots the same
    code, both games of a deal are the all-new game, and new equals baseline in every group."""
    chosen = setting("sanguosha", "sides")
    played = play_deals(chosen, seats=5, deals=2, first_seed=7, workers=1, baseline=baseline)
    assert len(played.games) == 4 and played.new_decisions > 0
    # Every seat new, no baseline process: the reference game of the first deal.
    alone = Table(chosen).play(Job(5, 0, 7, frozenset(range(5))))
    for deal in range(2):
        games = [(g.roles, g.scores, g.winners, g.steps)
                 for job, g in played.games.items() if job.deal == deal]
        assert len(games) == 2 and games[0] == games[1]
        if deal == 0:
            assert games[0] == (alone.roles, alone.scores, alone.winners, alone.steps)
    assert {r.bot for r in played.seats} == {"new", "baseline"}
    for group, tallies in summarize(played.seats, plans_of("sanguosha")).items():
        new, base = tallies["new"], tallies["baseline"]
        assert (new.seats, new.wins, new.score) == (base.seats, base.wins, base.score), group


# Sanguosha is played above; Renju's bot thinks for seconds a game.
@pytest.mark.parametrize(
    "game", [g for g in registry.names() if g not in SLOW_BOTS and g != "sanguosha"])
def test_the_harness_plays_every_game_to_its_end(game: str, baseline: BaselineBot) -> None:
    # Every seat counted (the haunt's default counts one side, which a deal may not have).
    plan = "all" if "all" in plans_of(game).plans else None
    played = play_deals(setting(game, plan), seats=registry.get(game).spec.min_players,
                        deals=1, first_seed=3, workers=1, baseline=baseline)
    assert len(played.games) == 2
    groups = summarize(played.seats, plans_of(game))
    every = groups["all seats"]
    assert every["new"].seats == every["baseline"].seats > 0
    assert (every["new"].wins, every["new"].score) == (every["baseline"].wins,
                                                        every["baseline"].score)


def view_data(game: str = "sanguosha") -> tuple[Any, dict[str, Any]]:
    engine = registry.get(game)
    state = engine.setup(5, seed=1)
    view = engine.view(state, 0)
    return type(view), view.model_dump(mode="json")


def test_the_baseline_reads_a_grown_view_and_refuses_a_shrunk_one() -> None:
    baseline = Baseline(ROOT)
    kind, data = view_data()
    name = f"{kind.__module__}:{kind.__qualname__}"
    grown = {**data, "belief": [[0.5]], "options": {**data["options"], "table_mood": "calm"},
             "seats": [{**row, "aura": 3} for row in data["seats"]],
             "me": {**data["me"], "mood": "calm"}}
    message = {"view": grown, "view_type": name, "prompt": None, "rng": [1, 0, 0]}
    read = baseline.read_view(message)
    assert read.model_dump(mode="json") == data
    shrunk = {key: value for key, value in data.items() if key != "lord"}
    with pytest.raises(BaselineMismatch, match="lord"):
        baseline.read_view({**message, "view": shrunk})


def test_a_revision_gets_one_worktree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        head = ab_tree.git("rev-parse", "HEAD")
    except (RuntimeError, FileNotFoundError):
        pytest.skip("not a git checkout")
    monkeypatch.setattr(ab_tree, "WORKTREES", tmp_path / "trees")
    tree, name = ab_tree.baseline_tree("HEAD")
    try:
        assert name == head[:7] and tree.parent == tmp_path / "trees"
        assert ab_tree.git("rev-parse", "HEAD", cwd=tree) == head
        assert (tree / "games" / "__init__.py").is_file()
        assert ab_tree.baseline_tree(head) == (tree, name)  # found again, not made again
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                       capture_output=True, check=False)


def test_a_side_known_only_in_play_is_seated_once_known(baseline: BaselineBot) -> None:
    """The haunt's heroes new once the haunt names them (every seat new before it), against the
    whole game baseline: with both bots the same code both games are one game, the heroes
    counted in each."""
    played = play_deals(setting("haunt", "heroes"), seats=4, deals=2, first_seed=1, workers=1,
                        baseline=baseline)
    assert len(played.games) == 4
    for deal in range(2):  # one game per deal, played twice
        games = [(g.roles, g.scores, g.steps) for j, g in played.games.items() if j.deal == deal]
        assert len(games) == 2 and games[0] == games[1]
    heroes = [r for r in played.seats if r.role == "hero"]
    assert heroes and len(heroes) == len(played.seats)
    groups = summarize(played.seats, plans_of("haunt"))
    new, base = groups["hero"]["new"], groups["hero"]["baseline"]
    assert (new.seats, new.wins) == (base.seats, base.wins) and new.seats > 0


def test_a_team_game_reports_its_games_won() -> None:
    results = [SeatResult(seats=2, deal=0, seed=0, game=g, seat=s, bot=bot, role=None,
                          character=None, score=3.0 if won else 0.0, won=won)
               for g, bot, wins in ((0, "new", (True, False)), (1, "baseline", (False, False)))
               for s, won in enumerate(wins)]
    team = summarize(results, plans_of("zombie"))["team (games)"]
    assert (team["new"].seats, team["new"].wins) == (1, 1)
    assert (team["baseline"].seats, team["baseline"].wins) == (1, 0)


def _results(seats_per_game: int) -> list[SeatResult]:
    """20 deals: the new bot's side wins 12, the baseline's 8, each side with
    ``seats_per_game`` seats that win or lose together."""
    return [SeatResult(seats=5, deal=d, seed=d, game=g, seat=s, bot=bot, role="rebel",
                       character=None, score=0.0, won=d < wins)
            for d in range(20) for g, bot, wins in ((0, "new", 12), (1, "baseline", 8))
            for s in range(seats_per_game)]


def test_the_interval_counts_deals_not_seats() -> None:
    """Seats of one side that win together (Sanguosha's rebels) are one sample, not several: two
    such seats a game give the interval of one; one seat a game in unrelated deals gives the
    two-proportion interval."""
    one = summarize(_results(1), plans_of("sanguosha"))["rebel"]
    two = summarize(_results(2), plans_of("sanguosha"))["rebel"]
    assert two["new"].seats == 40
    assert interval(two["new"], two["baseline"]) == pytest.approx(
        interval(one["new"], one["baseline"]))
    unrelated = [SeatResult(**{**vars(r), "seed": r.seed + 100 * (r.bot == "new")})
                 for r in _results(1)]
    rebels = summarize(unrelated, plans_of("sanguosha"))["rebel"]
    textbook = 1.96 * (0.6 * 0.4 / 20 + 0.4 * 0.6 / 20) ** 0.5
    assert interval(rebels["new"], rebels["baseline"]) == pytest.approx(
        textbook * (40 / 39) ** 0.5)


def test_the_score_interval_of_one_seat_a_deal_is_the_paired_one() -> None:
    """Plan ``one`` counts a deal's seat once new and once baseline: the score's interval is
    the paired one over deals (the half-width of the mean of each deal's difference)."""
    new_scores = [float(7 + (d * 5) % 9) for d in range(30)]
    base_scores = [float(6 + (d * 7) % 8) for d in range(30)]
    results = [SeatResult(seats=4, deal=d, seed=d, game=g, seat=d % 4, bot=bot, role=None,
                          character=None, score=score[d], won=False)
               for d in range(30)
               for g, bot, score in ((0, "new", new_scores), (1, "baseline", base_scores))]
    seats = summarize(results, plans_of("lifeboat"))["all seats"]
    diffs = [n - b for n, b in zip(new_scores, base_scores, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = (sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1)) ** 0.5
    assert seats["new"].mean_score - seats["baseline"].mean_score == pytest.approx(mean)
    assert interval(seats["new"], seats["baseline"], of_score=True) == pytest.approx(
        1.96 * spread / len(diffs) ** 0.5)


def test_a_side_alone_is_new_among_baselines_and_alone_counted() -> None:
    game = registry.get("sanguosha")
    state = game.setup(8, game.Options(), seed=3)
    renegade = frozenset(s for s in range(8) if game.role_of(state, s) == "renegade")
    entries = plans_of("sanguosha").plans["renegade-alone"](game, state, 0)
    assert len(renegade) == 1
    assert [(e.new, e.counted) for e in entries] == [(renegade, renegade),
                                                     (frozenset(), renegade)]


def test_runs_split_by_seed_merge_into_the_run_they_make_together(tmp_path: Path) -> None:
    """Each run's deals are numbered from 0 again; the merge counts deals by their seeds, so two
    chunks report what one run over all their seeds would, and a deal in both is refused."""
    whole = _results(1)
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path, chunk in ((first, whole[:20]), (second, whole[20:])):
        path.write_text("".join(json.dumps({**vars(r), "deal": r.deal % 10}) + "\n"
                                for r in chunk))
    together = summarize(merged([str(first), str(second)]), plans_of("sanguosha"))["rebel"]
    alone = summarize(whole, plans_of("sanguosha"))["rebel"]
    assert (together["new"].wins, together["baseline"].wins) == (12, 8)
    assert interval(together["new"], together["baseline"]) == pytest.approx(
        interval(alone["new"], alone["baseline"]))
    with pytest.raises(SystemExit, match="in both"):
        merged([str(first), str(first)])


def test_records_of_runs_that_measured_different_things_are_not_merged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record names its run's game, plan, baseline and options: chunks that differ in any of
    them are refused; chunks of different working trees (the same bot may sit in several
    commits) are merged with a note."""
    whole = _results(1)
    run = {"game": "sanguosha", "plan": "sides", "new": "abc", "baseline": "294830e",
           "options": {}, "baseline_level": None}

    def write(name: str, chunk: list[SeatResult], **changed: Any) -> str:
        path = tmp_path / name
        path.write_text("".join(json.dumps({**vars(r), "run": {**run, **changed}}) + "\n"
                                for r in chunk))
        return str(path)

    first = write("a.jsonl", whole[:20])
    assert len(merged([first, write("b.jsonl", whole[20:], new="def")])) == 40
    assert "2 trees" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="plan"):
        merged([first, write("c.jsonl", whole[20:], plan="factions")])
    with pytest.raises(SystemExit, match="baseline"):
        merged([first, write("d.jsonl", whole[20:], baseline="HEAD~1")])


@pytest.mark.parametrize("seats", [5, 8, 10])
def test_factions_pairs_each_side_against_the_rest(seats: int) -> None:
    """Sanguosha's ``factions``: for each of the three sides, its seats new against the rest
    baseline and the reverse, only its own seats counted in its pair; every seat is counted
    once with each bot (10 seats: two renegades, one side)."""
    game = registry.get("sanguosha")
    state = game.setup(seats, seed=seats)
    entries = plans_of("sanguosha").plans["factions"](game, state, 0)
    sides = [{"lord", "loyalist"}, {"rebel"}, {"renegade"}]
    assert len(entries) == 2 * len(sides)
    everyone = frozenset(range(seats))
    for index, roles in enumerate(sides):
        ours, theirs = entries[2 * index], entries[2 * index + 1]
        side = frozenset(s for s in everyone if game.role_of(state, s) in roles)
        assert side and ours.counted == theirs.counted == side
        assert ours.new == side and theirs.new == everyone - side
    assert sorted(s for e in entries for s in e.counted if s in e.new) == list(everyone)
    assert sorted(s for e in entries for s in e.counted if s not in e.new) == list(everyone)


def test_every_seat_is_new_once_against_the_deals_one_game_of_baselines(
        baseline: BaselineBot) -> None:
    """Plan ``every``: n games with one seat new among baselines and one game of baselines a
    deal; each seat counts once in its own game and once in the baselines' game."""
    played = play_deals(setting("lifeboat", "every"), seats=4, deals=1, first_seed=5, workers=1,
                        baseline=baseline)
    assert sorted(sorted(job.new) for job in played.games) == [[], [0], [1], [2], [3]]
    for bot in ("new", "baseline"):
        assert sorted(r.seat for r in played.seats if r.bot == bot) == [0, 1, 2, 3]
    # The same code on both sides plays one game five times.
    assert len({(tuple(g.scores), g.steps) for g in played.games.values()}) == 1


def _run(tmp_path: Path, name: str, new_scores: list[float], base_scores: list[float],
         **changed: Any) -> str:
    """Records of a plan-``every`` run at 3 seats: deal d's seat s scored ``new_scores[3d+s]``
    new and ``base_scores[3d+s]`` in the baselines' game."""
    run = {"game": "lifeboat", "plan": "every", "new": name, "baseline": "294830e",
           "options": {}, "baseline_level": None, **changed}
    lines = []
    for index, (new, base) in enumerate(zip(new_scores, base_scores, strict=True)):
        deal, seat = divmod(index, 3)
        for game, bot, score in ((seat, "new", new), (3, "baseline", base)):
            record = SeatResult(seats=3, deal=deal, seed=100 + deal, game=game, seat=seat,
                                bot=bot, role=None, character=None, score=score,
                                won=score >= 10)
            lines.append(json.dumps({**vars(record), "run": run}) + "\n")
    path = tmp_path / f"{name}.jsonl"
    path.write_text("".join(lines))
    return str(path)


def test_two_bots_compare_seat_for_seat_among_the_same_baselines(tmp_path: Path) -> None:
    """``--compare``: the new bots of two runs over the same deals, paired by seat; the score's
    interval is the paired one over deals. Runs whose baseline seats differ (other rules or
    another baseline) or that measured something else are refused."""
    base = [float(5 + (i * 7) % 6) for i in range(60)]
    before = [float(6 + (i * 5) % 7) for i in range(60)]
    after = [float(7 + (i * 3) % 8) for i in range(60)]
    first = _run(tmp_path, "before", before, base)
    second = _run(tmp_path, "after", after, base)
    seats = summarize(compared(first, second), plans_of("lifeboat"))["all seats"]
    by_deal = [sum(after[3 * d:3 * d + 3]) / 3 - sum(before[3 * d:3 * d + 3]) / 3
               for d in range(20)]
    mean = sum(by_deal) / 20
    spread = (sum((x - mean) ** 2 for x in by_deal) / 19) ** 0.5
    assert seats["new"].seats == seats["baseline"].seats == 60
    assert seats["new"].mean_score - seats["baseline"].mean_score == pytest.approx(mean)
    assert interval(seats["new"], seats["baseline"], of_score=True) == pytest.approx(
        1.96 * spread / 20 ** 0.5)
    other_rules = _run(tmp_path, "other", after, [b + (i == 7) for i, b in enumerate(base)])
    with pytest.raises(SystemExit, match="1 baseline seats differ"):
        compared(first, other_rules)
    with pytest.raises(SystemExit, match="plan"):
        compared(first, _run(tmp_path, "one", after, base, plan="one"))
