"""Running Parlor itself against the fake Discord, and playing a table as its users would."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import date
from pathlib import Path
from typing import Any

from bot.app import ParlorClient
from bot.collector import Collector
from bot.components import step_key
from bot.picking import page_options, pages
from bot.renderers import renderer_for
from bot.settings import Settings
from games import registry
from games.core import Action, Outcome, Prompt
from storage import MatchStatus, Repository
from storage.sqlite import SqliteRepository
from tables.service import SNAPSHOT_EVERY, LiveMatch, Refusal
from tests.fakediscord import (
    FAST_GUILD_READY_TIMEOUT,
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    FakeUser,
    running,
)
from tests.shown import t


def make_settings(tmp_path: Path, fake: FakeDiscord, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": fake.token,
        "database_path": tmp_path / "parlor.db",
        "discord_api_base": fake.api_base,
        "discord_gateway_url": fake.gateway_url,
        "bot_move_delay": 0.005,
        "board_edit_delay": 0.05,
        "default_turn_seconds": 0,
        "command_sync_state": tmp_path / "commands.sha256",
    }
    values.update(overrides)
    # Settings newer than this helper's callers follow the squeeze of time they chose through
    # board_edit_delay (1.2 s in production): the slower pace of boards waiting only for bots
    # (3 s), and the edit budget (40 a second), so that squeezed tables neither wait seconds
    # for their boards nor queue for tokens that production pace would have had to spare. The
    # budget itself never runs above 40 a second (the fake enforces Discord's global 50).
    squeeze = max(float(values["board_edit_delay"]), 0.001) / 1.2
    values.setdefault("board_edit_delay_bots", 3.0 * squeeze)
    values.setdefault("board_edits_per_second", 40.0 / squeeze)
    return Settings(_env_file=None, **values)


# The day every test table opens (games.core.options.TABLE_DATE).
TABLE_DAY = date(2026, 1, 1)


def make_client(settings: Settings, repo: Repository | None = None) -> ParlorClient:
    """The bot, on ``repo`` (SQLite at the settings' path by default)."""
    client = ParlorClient(
        settings,
        SqliteRepository(settings.database_path) if repo is None else repo,
        guild_ready_timeout=FAST_GUILD_READY_TIMEOUT,
        # The test process holds every earlier test's objects: a full collection at each of
        # its some 250 bot starts walked them all again (0.1-0.2 s of CPU a start).
        collector=Collector(collect_before_freezing=False),
    )

    async def no_identify_wait(shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py waits 5 s between shard IDENTIFYs; one shard needs none

    client.before_identify_hook = no_identify_wait  # type: ignore[method-assign]
    # Tables open on one fixed day, so who starts a haunt does not follow the calendar.
    client.parlor.service.today = lambda: TABLE_DAY
    return client


@asynccontextmanager
async def parlor(
    tmp_path: Path, fake: FakeDiscord, *, repo: Repository | None = None, **overrides: Any
) -> AsyncIterator[ParlorClient]:
    client = make_client(make_settings(tmp_path, fake, **overrides), repo)
    async with running(client, fake):
        yield client


def with_digest(button: str, ids: list[str]) -> str | None:
    """The custom id among ``ids`` of ``button``, with the question digest a prompt with a
    named question adds at its end (``tables/questions.py``), if shown."""
    return next((c for c in ids if c == button or c.startswith(button + ":")), None)


class Table:
    """One table in one channel, driven through clicks like its players would."""

    def __init__(self, fake: FakeDiscord, client: ParlorClient, channel: FakeChannel) -> None:
        self.fake = fake
        self.client = client
        self.channel = channel
        self.match_id: int | None = None
        self.lobby: FakeMessage | None = None
        self.users: dict[int, FakeUser] = {}
        # First steps chosen in panels (a card before its target), and the first of them
        # (its panel, select and value), for the tests to check.
        self.steps_taken = 0
        self.first_step: tuple[FakeMessage, str, str] | None = None

    @property
    def app(self) -> Any:
        return self.client.parlor

    async def open(
        self, host: FakeUser, game: str = "lifeboat", options: dict[str, Any] | None = None
    ) -> FakeMessage:
        result = await self.fake.run_slash(host, self.channel, f"{game} start", options or {})
        assert result.callback is not None and result.callback.accepted, result.callback
        lobby = await result.wait_original()
        self.lobby = lobby
        live = await self.app.service.open_in_channel(self.channel.id)
        assert live is not None
        self.match_id = live.id
        self.users[host.id] = host
        return lobby

    async def lobby_click(self, user: FakeUser, op: str) -> Any:
        assert self.lobby is not None and self.match_id is not None
        self.users[user.id] = user
        return await self.fake.click(user, self.lobby, f"pl:l:{self.match_id}:{op}")

    async def live(self) -> LiveMatch:
        assert self.match_id is not None
        live: LiveMatch = await self.app.service.get(self.match_id)
        return live

    async def board(self, timeout: float = 15.0) -> FakeMessage:
        """The board message. A new board waits for its picture up to
        ``bot.board_pictures.NEW_BOARD_WAIT`` (10 s), which a loaded machine's worker process
        may take to start: the default wait is longer than that."""
        assert self.match_id is not None

        def find() -> FakeMessage | None:
            for message in reversed(self.fake.messages_in(self.channel)):
                if f"pl:h:{self.match_id}" in message.custom_ids():
                    return message
            return None

        found: FakeMessage = await self.fake.wait_for(find, timeout, what="the board message")
        return found

    async def board_showing(self, custom_id: str) -> FakeMessage:
        """The board once it shows ``custom_id`` (board edits are coalesced, so they lag)."""
        board = await self.board()
        await self.fake.wait_for(lambda: custom_id in board.custom_ids(),
                                 what=f"the board to show {custom_id}")
        return board

    async def open_panel(self, user: FakeUser) -> FakeMessage:
        board = await self.board()
        result = await self.fake.click(user, board, f"pl:h:{self.match_id}")
        callback = result.callback
        assert callback is not None and callback.accepted
        assert callback.ephemeral, "the private panel must be ephemeral"
        panel: FakeMessage = await result.wait_original()
        return panel

    async def choose_in_panel(
        self, user: FakeUser, panel: FakeMessage, seat: int, version: int, index: int
    ) -> Any:
        """Click the component that carries action ``index``, paging as needed. On the public
        board, components number only the board's own actions (see bot/components.py)."""
        number, button_scope, select_scope = index, "a", "s"
        if not panel.ephemeral:
            live = await self.live()
            prompt = live.game.prompt_for(live.state, seat)
            assert prompt is not None
            shown = self.app.desk.board_action_indices(live, prompt)
            number, button_scope, select_scope = shown.index(index), "b", "t"
        for _ in range(10):
            button = f"pl:{button_scope}:{self.match_id}:{version}:{seat}:{number}"
            found = with_digest(button, panel.custom_ids())
            if found is not None:
                return await self.fake.click(user, panel, found)
            prefix = f"pl:{select_scope}:{self.match_id}:{version}:{seat}:"
            for custom_id in panel.custom_ids():
                if not custom_id.startswith(prefix):
                    continue
                component = panel.find_component(custom_id) or {}
                values = [o["value"] for o in component.get("options", [])]
                if str(number) in values:
                    return await self.fake.select(user, panel, custom_id, [str(number)])
            stepped = await self._take_step(user, panel, seat, index)
            if stepped is not None:
                panel = stepped
                continue
            pages = [c for c in panel.custom_ids() if c.startswith(f"pl:p:{self.match_id}:")]
            more = [
                c
                for c in pages
                if (panel.find_component(c) or {}).get("label") == t("panel.more", user.locale)
            ]
            if not more:
                break
            result = await self.fake.click(user, panel, more[0])
            panel = await result.wait_original()
        raise AssertionError(f"action {index} is not offered in the panel")

    async def _take_step(self, user: FakeUser, panel: FakeMessage, seat: int, index: int
                         ) -> FakeMessage | None:
        """Where the panel offers action ``index`` in two steps (a card, then its target):
        choose its first step; the panel that shows that step's moves, or None."""
        if not panel.ephemeral:
            return None
        live = await self.live()
        prompt = live.game.prompt_for(live.state, seat)
        if prompt is None or index >= len(prompt.actions):
            return None
        renderer = renderer_for(live.record.game)
        wanted = renderer.action_steps(prompt.actions[index])
        if not wanted:
            return None
        everything = list(range(len(prompt.actions)))
        for custom_id in panel.custom_ids():
            if not custom_id.startswith(f"pl:st:{self.match_id}:{seat}:"):
                continue
            component = panel.find_component(custom_id) or {}
            for option in component.get("options", []):
                first = int(option["value"])
                if step_key(renderer, prompt, everything, first) in wanted:
                    self.steps_taken += 1
                    self.first_step = self.first_step or (panel, custom_id, option["value"])
                    result = await self.fake.select(user, panel, custom_id, [option["value"]])
                    shown: FakeMessage = await result.wait_original()
                    return shown
        return None

    def board_offers(self, board: FakeMessage, live: LiveMatch, seat: int, index: int) -> bool:
        """Whether ``board`` shows action ``index`` of ``seat``'s prompt at the match's current
        version: among the seat's own board buttons, or in a question the board puts to
        several people at once (whose ids name no seat), or behind a first step the board
        offers (a stone's column)."""
        return self._board_id(board, live, seat, index) is not None or \
            self._board_step(board, live, seat, index) is not None

    def _board_step(self, board: FakeMessage, live: LiveMatch, seat: int, index: int
                    ) -> tuple[str, str] | None:
        """(custom id, value) of the board's first step that leads to action ``index`` of
        ``seat``'s prompt (``bot.components.ActSelect``, scope ``BOARD_STEP``), if the board
        shows one."""
        prompt = live.game.prompt_for(live.state, seat)
        if prompt is None or index >= len(prompt.actions):
            return None
        renderer = renderer_for(live.record.game)
        wanted = renderer.action_steps(prompt.actions[index])
        shown = self.app.desk.board_action_indices(live, prompt)
        if not wanted or index not in shown:
            return None
        for custom_id in board.custom_ids():
            if not custom_id.startswith(f"pl:bs:{live.id}:{live.version}:{seat}:"):
                continue
            for option in (board.find_component(custom_id) or {}).get("options", []):
                place = int(option["value"])
                if place < len(shown) and \
                        step_key(renderer, prompt, shown, shown[place]) in wanted:
                    return custom_id, str(option["value"])
        return None

    def _board_id(self, board: FakeMessage, live: LiveMatch, seat: int, index: int
                  ) -> tuple[str, str | None] | None:
        """(custom id, select value or None) of that action on ``board``, if shown."""
        prompt = live.game.prompt_for(live.state, seat)
        if prompt is None:
            return None
        desk = self.app.desk
        public = live.game.view(live.state, None)
        asked = [p for p in live.pending() if p.blocking and not live.seats[p.seat].is_bot]
        ids = board.custom_ids()
        head = f"pl:{{}}:{live.id}:{live.version}:"
        if len(asked) > 1:
            for question in desk.board_questions(live, public, asked):
                shown = question.asked.get(seat, [])
                if index in shown:
                    number, scopes = question.first_place + shown.index(index), "qr"
                    break
            else:
                return None
        else:
            shown = desk.board_action_indices(live, prompt)
            if index not in shown:
                return None
            number, scopes = shown.index(index), "bt"
            head += f"{seat}:"
        button = head.format(scopes[0]) + str(number)
        found = with_digest(button, ids)
        if found is not None:
            return found, None
        for custom_id in ids:
            if custom_id.startswith(head.format(scopes[1])):
                options = (board.find_component(custom_id) or {}).get("options", [])
                if str(number) in [o["value"] for o in options]:
                    return custom_id, str(number)
        return None

    async def choose_on_board(self, user: FakeUser, board: FakeMessage, seat: int,
                              index: int) -> Any:
        """Click action ``index`` of ``seat``'s prompt on the public board (see
        ``board_offers``); AssertionError if the board does not show it now."""
        live = await self.live()
        found = self._board_id(board, live, seat, index)
        step = None if found is not None else self._board_step(board, live, seat, index)
        if step is not None:
            # Two clicks: the step (answered with the board showing its moves), then the move.
            self.steps_taken += 1
            chosen = await self.fake.select(user, board, step[0], [step[1]])
            board = await chosen.wait_original()
            found = self._board_id(board, live, seat, index)
        if found is None:
            raise AssertionError(f"the board does not offer action {index} of seat {seat}")
        custom_id, value = found
        if value is None:
            return await self.fake.click(user, board, custom_id)
        return await self.fake.select(user, board, custom_id, [value])

    async def choose_pick(self, user: FakeUser, panel: FakeMessage, seat: int, version: int,
                          prompt: Any, action: Any) -> Any:
        """Make ``action``, a choice of several items (``prompt.pick``), from the panel's
        select: one select when the pick fits on one page, else ticked page by page and
        confirmed (bot/picking.py)."""
        pick = prompt.pick
        chosen = set(getattr(action, pick.field))
        head = f"{self.match_id}:{version}:{seat}:"

        def component(prefix: str) -> str:
            found = next((c for c in panel.custom_ids() if c.startswith(prefix)), None)
            if found is None:
                raise AssertionError(f"the panel offers no {prefix} for {action}")
            return found

        count = pages(pick)
        if count == 1:
            values = [str(pick.options.index(item)) for item in getattr(action, pick.field)]
            return await self.fake.select(user, panel, component(f"pl:k:{head}0"), values)
        for page in range(count):
            if not any(c.startswith(f"pl:k:{head}{page}") for c in panel.custom_ids()):
                # The list is at another page (a panel shows the page its player left it at).
                turned = await self.fake.click(user, panel, component(f"pl:kb:{head}go:{page}"))
                panel = await turned.wait_original()
            values = [str(offset) for offset, item in enumerate(page_options(pick, page))
                      if item in chosen]
            if values:
                ticked = await self.fake.select(user, panel, component(f"pl:k:{head}{page}"),
                                                values)
                panel = await ticked.wait_original()
        return await self.fake.click(user, panel, component(f"pl:kb:{head}ok:"))

    async def _sensible_move(self, seat: int, rng: random.Random
                             ) -> tuple[LiveMatch, Prompt, Action] | None:
        """The match, the question and the move its game's bot would make for a human seat
        the game waits for; None when it waits for nothing from that seat, or when the seat's
        answer stands (a person has nothing to click: it is disabled)."""
        live = await self.live()
        game = live.game
        prompt = game.prompt_for(live.state, seat)
        if prompt is None or not prompt.blocking:
            return None
        action = game.choose(game.view(live.state, seat), prompt, rng)
        if game.repeats(live.state, action):
            return None
        return live, prompt, action

    async def play_human_move(self, user: FakeUser, seat: int, rng: random.Random) -> bool:
        """One move for a human seat the game waits for, chosen sensibly and made through the
        panel. False when the game moved on before the click."""
        chosen = await self._sensible_move(seat, rng)
        if chosen is None:
            return False
        live, prompt, action = chosen
        picked = prompt.pick is not None and prompt.pick.accepts(action)
        index = -1 if picked else prompt.actions.index(action)
        version = live.version
        panel = await self.open_panel(user)
        if f"pl:h:{self.match_id}" not in panel.custom_ids():
            return False
        try:
            if picked:
                result = await self.choose_pick(user, panel, seat, version, prompt, action)
            else:
                result = await self.choose_in_panel(user, panel, seat, version, index)
        except AssertionError:
            if (await self.live()).version != version:
                return False
            raise
        assert result.callback.accepted
        return True

    async def play_move_through_the_service(self, user: FakeUser, seat: int,
                                            rng: random.Random) -> bool:
        """One move for a human seat the game waits for, chosen as ``play_human_move``
        chooses it but made through the match service, as a click's runner makes it: no
        panel is opened and nothing clicked (a click through the fake Discord costs several
        times the CPU), while the board, the bots and the reveal follow as after a
        click. False when there is nothing to play (the game moved on, the answer stands)."""
        chosen = await self._sensible_move(seat, rng)
        if chosen is None:
            return False
        live, _, action = chosen
        version = live.version  # the match in memory: it changes as the game moves
        try:
            await self.app.service.act(live.id, version=version, seat=seat, action=action,
                                       user_id=user.id)
        except Refusal:
            if (await self.live()).version != version:
                return False  # a bot moved first: look again
            raise
        return True

    async def play_to_the_end(
        self, humans: dict[int, FakeUser], seed: int = 0, timeout: float = 120.0, *,
        think_while: asyncio.Task[Any] | None = None, think: float = 0.1,
        until: Callable[[], bool] | None = None, clicks: bool = True,
    ) -> LiveMatch:
        """Plays the humans' moves until the game is over (or, given ``until``, until that
        holds between two moves). While ``think_while`` runs (a storm of faults, say), each
        human thinks ``think`` seconds before a move, so that a short game still meets what
        the task does. ``clicks=False`` makes the moves through the match service
        (``play_move_through_the_service``), for a test about what follows the moves (a
        league's next table, a table resumed after a fault), not about the clicks."""
        rng = random.Random(seed)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            live = await self.live()
            if live.outcome() is not None or (until is not None and until()):
                return live
            assert loop.time() < deadline, "the game did not finish in time"
            waiting = [p.seat for p in live.pending() if p.blocking and p.seat in humans]
            if waiting:
                seat = rng.choice(waiting)
                if think_while is not None and not think_while.done():
                    await asyncio.sleep(think)
                play = self.play_human_move if clicks else self.play_move_through_the_service
                if not await play(humans[seat], seat, rng):
                    # Nothing to click (their answer stands, the game moved on): without a
                    # pause this loop would hold the event loop and the bots could never move.
                    await asyncio.sleep(0.005)
            else:
                await asyncio.sleep(0.005)  # bots are thinking


def edits_an_ephemeral_message(fake: FakeDiscord, path: str) -> bool:
    """Whether a webhook PATCH (``/webhooks/<app>/<token>/messages/<id|@original>``) edited a
    message only its player sees."""
    parts = path.strip("/").split("/")
    if len(parts) < 5 or parts[3] != "messages":
        return False
    interaction = fake._by_token.get(parts[2])
    if interaction is None:
        return False
    message_id = interaction.original_message_id if parts[4] == "@original" else \
        int(parts[4]) if parts[4].isdigit() else None
    message = fake.world.messages.get(message_id or 0)
    return message is not None and message.ephemeral


def public_payloads(fake: FakeDiscord) -> list[str]:
    """Every payload the bot sent that the whole channel could see (all versions of every
    message, not only the last)."""
    texts = []
    for request in fake.requests:
        body = request.json
        if not isinstance(body, dict) or request.method not in {"POST", "PATCH"}:
            continue
        if "/callback" in request.route:
            data = body.get("data") or {}
            if body.get("type") not in (4, 7) or int(data.get("flags") or 0) & 64:
                continue
            if body.get("type") == 7:  # an edit of the clicked message: public unless it is
                meta = fake.world.interaction_meta.get(int(request.path.split("/")[2]), {})
                edited = fake.world.messages.get(int(meta.get("interacted_message_id", 0)))
                if edited is None or edited.ephemeral:
                    continue
            texts.append(json.dumps(data, ensure_ascii=False))
            continue
        if request.route.startswith("/channels/") and "messages" in request.route:
            channel = fake.world.channels.get(int(request.path.split("/")[2]))
            if channel is not None and channel.is_dm:
                continue
            texts.append(json.dumps(body, ensure_ascii=False))
        elif request.route.startswith("/webhooks/") and not int(body.get("flags") or 0) & 64:
            if request.method == "PATCH" and edits_an_ephemeral_message(fake, request.path):
                continue  # a panel redrawn in place (bot/panels.py): only its player sees it
            texts.append(json.dumps(body, ensure_ascii=False))
    return texts


async def start_table(
    fake: FakeDiscord,
    client: ParlorClient,
    channel: FakeChannel,
    players: list[FakeUser],
    *,
    game: str = "lifeboat",
    bots: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 20261121,
    before_start: Callable[[Table], Any] | None = None,
) -> Table:
    """A started table of ``game``: the first player hosts, the others join, then ``bots``
    bots; ``before_start`` sees the full lobby just before the host starts it."""
    client.parlor.service.new_seed = lambda: seed
    table = Table(fake, client, channel)
    await table.open(players[0], game, options=options)
    for user in players[1:]:
        await table.lobby_click(user, "join")
    for _ in range(bots):
        await table.lobby_click(players[0], "addbot")
    if before_start is not None:
        before_start(table)
    started = await table.lobby_click(players[0], "start")
    assert started.callback is not None and started.callback.accepted
    return table


async def advance_until(table: Table, humans: dict[int, FakeUser], done: Any,
                        seed: int = 1, limit: int = 400, *, clicks: bool = True) -> LiveMatch:
    """Play sensible moves for the humans until ``done(live)`` holds; ``clicks=False`` makes
    them through the match service (``Table.play_move_through_the_service``: the same moves,
    for a test about the situation reached, not the clicks on the way)."""
    rng = random.Random(seed)
    play = table.play_human_move if clicks else table.play_move_through_the_service
    for _ in range(limit):
        live = await table.live()
        if done(live):
            return live
        waiting = [p.seat for p in live.pending() if p.blocking and p.seat in humans]
        for seat in waiting:  # the first who has something to do moves
            if await play(humans[seat], seat, rng):
                break
        else:
            await asyncio.sleep(0.005)
    raise AssertionError("the table never reached the wanted situation")


def waiting_on_board(live: LiveMatch, kind: str) -> int | None:
    """The seat whose single blocking prompt of ``kind`` is shown on the board, if any."""
    blocking = [p for p in live.pending() if p.blocking]
    if len(blocking) == 1 and blocking[0].kind == f"lifeboat.prompt.{kind}":
        return blocking[0].seat
    return None


async def assert_log_replays(repo: Repository, match_id: int) -> Any:
    """The match's action log is whole (versions 0..n-1: nothing lost, nothing doubled), every
    entry is an action the engine accepts at its point, and replaying the log from the seed
    gives exactly the stored snapshot (the latest the service writes: ``SNAPSHOT_EVERY``, and
    with the last action) and outcome. Returns the replayed state."""
    for _ in range(100):  # bots may still be playing: read the three at one version
        record = await repo.get_match(match_id)
        log = await repo.actions(match_id)
        snapshot = await repo.snapshot(match_id)
        if record.version == len(log) and snapshot is not None and snapshot[0] <= len(log):
            break
        await asyncio.sleep(0.01)
    assert [entry.version for entry in log] == list(range(len(log))), "a gap or a double"
    assert record.version == len(log)
    assert snapshot is not None
    if record.status == MatchStatus.FINISHED:
        assert snapshot[0] == record.version, "the last action's state is not the snapshot"
    else:
        assert record.version - SNAPSHOT_EVERY < snapshot[0] <= record.version
    seats = await repo.seats(match_id)
    game = registry.get(record.game)
    state = game.setup(len(seats), record.options, seed=record.seed)
    for entry in log:
        if entry.version == snapshot[0]:
            assert game.parse_state(snapshot[1]) == state, "the snapshot is not the log's"
        state = game.apply(state, game.parse_action(entry.action)).state  # refuses the illegal
    if snapshot[0] == record.version:
        assert game.parse_state(snapshot[1]) == state, "the snapshot is not the replayed log"
    outcome = game.outcome(state)
    stored = None if record.outcome is None else Outcome.model_validate(record.outcome)
    assert stored == outcome
    if record.status in (MatchStatus.ACTIVE, MatchStatus.PAUSED, MatchStatus.FINISHED):
        assert (record.status == MatchStatus.FINISHED) == (outcome is not None)
    return state


async def board_message(fake: FakeDiscord, client: ParlorClient, match_id: int
                        ) -> FakeMessage | None:
    """The message the bot keeps as the match's board (the latest one it recorded)."""
    for record in await client.parlor.repo.messages(match_id):
        if record.kind == "board":
            return fake.message(record.message_id)
    return None


def rendered_board(client: ParlorClient, live: LiveMatch) -> tuple[str, list[str]]:
    """(content, custom ids) of the board the bot would show for ``live`` right now."""
    content, _, view = client.parlor.desk.board(live, live.record.locale)
    ids = [] if view is None else [
        str(getattr(getattr(item, "item", item), "custom_id", "")) for item in view.children
    ]
    return content, sorted(ids)


async def wait_board_current(fake: FakeDiscord, client: ParlorClient, match_id: int,
                             timeout: float = 10.0) -> FakeMessage:
    """Until the board message (not deleted) shows the match as it is now: same text, same
    buttons. Boards lag behind moves (edits are coalesced), so this waits."""
    found: dict[str, Any] = {}

    async def check() -> bool:
        board = await board_message(fake, client, match_id)
        if board is None or board.deleted:
            found["seen"] = board
            return False
        live = await client.parlor.service.get(match_id)
        found["board"] = board
        found["seen"] = (board.content, sorted(board.custom_ids()))
        found["wanted"] = rendered_board(client, live)
        return bool(found["seen"] == found["wanted"])

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        assert loop.time() < deadline, (
            f"the board of match {match_id} never caught up: it shows {found.get('seen')}, "
            f"the match is at {found.get('wanted')}")
        await asyncio.sleep(0.02)
    board: FakeMessage = found["board"]
    return board


async def private_reply(result: Any) -> str:
    """The text of an interaction's answer, checked to be private (every refusal is)."""
    callback = await result.wait_callback()
    assert callback.accepted and callback.ephemeral, "refusals are private"
    message = await result.wait_original()
    return str(message.content)


def shared_question(live: LiveMatch, desk: Any) -> Any | None:
    """The first question the board puts to two or more people at once, if any (a
    ``bot.table.BoardQuestion``: the seats asked and each one's board actions)."""
    if live.state is None or live.record.status != MatchStatus.ACTIVE:
        return None
    asked = [p for p in live.pending() if p.blocking and not live.seats[p.seat].is_bot]
    if len(asked) < 2:
        return None
    public = live.game.view(live.state, None)
    return next((q for q in desk.board_questions(live, public, asked) if len(q.asked) > 1),
                None)


def question_button(live: LiveMatch, question: Any, kind: str) -> str:
    """The custom id of the board's answer ``kind`` to ``question`` (no seat in it: the place
    among all the board questions' choices)."""
    prompt = question.prompt
    indices = question.asked[prompt.seat]
    offset = next(i for i, index in enumerate(indices) if prompt.actions[index].kind == kind)
    return f"pl:q:{live.id}:{live.version}:{question.first_place + offset}"
