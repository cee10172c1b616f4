"""Questions the board puts to several people at once (a fight's sides, the thirst and
overboard windows, a vote): one set of buttons whose ids name no seat; whoever clicks answers
for the seat they play, if it is asked; everyone else is told why not, privately."""

from __future__ import annotations

import re
from pathlib import Path

from storage import MatchStatus
from tables.service import LiveMatch
from tests.e2e.parlor import (
    advance_until,
    edits_an_ephemeral_message,
    parlor,
    private_reply,
    question_button,
    shared_question,
    start_table,
    wait_board_current,
)
from tests.fakediscord import FakeDiscord
from tests.shown import t

SEATLESS = re.compile(r"^pl:[qr]:\d+:\d+:\d+$")


async def test_a_question_to_several_people_is_answered_on_the_board_by_each_of_them(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: a public question put to several seats at once is shown once on the board; a
    click answers for the clicker's own seat (one callback: the board's edit rides on it, and
    the board stops listing them); a stranger, a player not asked and a stale click change
    nothing and are told so privately."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    eve = fake.create_user("eve")
    channel = fake.text_channel(fake.create_guild("G", members=[*users, eve]))
    async with parlor(tmp_path, fake) as client:
        desk = client.parlor.desk
        table = await start_table(fake, client, channel, users)
        humans = dict(enumerate(users))
        def partly_shared(lv: LiveMatch) -> bool:
            found = shared_question(lv, desk)
            return found is not None and len(found.asked) < len(humans)

        live = await advance_until(table, humans, partly_shared, clicks=False)
        question = shared_question(live, desk)
        assert question is not None
        asked = sorted(question.asked)
        kind = question.prompt.actions[question.asked[question.prompt.seat][0]].kind
        button = question_button(live, question, kind)
        board = await wait_board_current(fake, client, live.id)
        assert button in board.custom_ids()
        actions = [c for c in board.custom_ids() if not c.startswith("pl:h:")]
        assert actions and all(SEATLESS.match(c) for c in actions), actions
        version = live.version

        # A stranger and a seated player who is not asked change nothing.
        assert await private_reply(await fake.click(eve, board, button)) == \
            t("act.not_a_player")
        bystanders = [s for s in humans if s not in asked]
        for seat in bystanders:
            prompt = live.game.prompt_for(live.state, seat)
            expected = "act.not_your_turn" if prompt is None or not prompt.blocking \
                else "act.not_asked_board" if desk.board_action_indices(live, prompt) \
                else "act.not_asked"
            assert await private_reply(await fake.click(humans[seat], board, button)) == \
                t(expected)
        assert (await table.live()).version == version

        # The first person asked answers on the board.
        first, second = asked[0], asked[1]
        mark = fake.mark()
        click = await fake.click(humans[first], board, button)
        callback = await click.wait_callback()
        assert callback.accepted and callback.type == 7 and not callback.ephemeral, \
            "the answer is the board itself"
        after = await table.live()
        assert after.version == version + 1
        entry = (await client.parlor.repo.actions(after.id))[-1]
        assert (entry.seat, entry.user_id, entry.source) == (first, users[first].id, "player")
        assert entry.action["kind"] == kind
        sent = [r for r in fake.requests_since(mark)
                if not (r.method == "PATCH" and edits_an_ephemeral_message(fake, r.path))]
        # (Panels left open are redrawn through their own tokens: bot/panels.py.)
        assert len(sent) == 1, "one callback, no separate board edit"
        waiting_lines = board.content.splitlines()
        assert not any(users[first].mention in line for line in waiting_lines), \
            "the board no longer waits for them"
        assert any(users[second].mention in line for line in waiting_lines)

        # The old button went stale with that answer: a late click on it changes nothing.
        stale = await fake.raw_component(humans[second], board, button)
        assert (await private_reply(stale)).startswith(t("act.stale"))

        # The fresh board asks the second person the same, and they answer there too: still
        # a shared question if others are asked, else their own (seat-named) buttons.
        live = await table.live()
        assert live.version == version + 1
        question = shared_question(live, desk)
        assert question is None or second in question.asked
        prompt = live.game.prompt_for(live.state, second)
        assert prompt is not None
        index = next(i for i, a in enumerate(prompt.actions) if a.kind == kind)
        assert table.board_offers(board, live, second, index)
        click = await table.choose_on_board(humans[second], board, second, index)
        assert (await click.wait_callback()).type == 7
        entry = (await client.parlor.repo.actions(live.id))[-1]
        assert (entry.seat, entry.user_id, entry.action["kind"]) == \
            (second, users[second].id, kind)
        print(f"\nshared question: {question and question.prompt.kind}, asked {asked}, "
              f"bystanders {bystanders}, answered {kind!r}")


async def test_two_questions_at_once_each_answered_only_by_those_asked_it(
    tmp_path: Path, fake_discord: FakeDiscord
) -> None:
    """Rule: in a fight, the fighters are asked whether they are ready and everyone else which
    side they join: both questions are on the board at once, and a click on the other
    question's buttons is refused privately, saying that the clicker's own choice is on this
    board too (not under "My hand"), and changes nothing."""
    fake = fake_discord
    users = [fake.create_user(n) for n in ("alice", "bob", "carol", "dave")]
    channel = fake.text_channel(fake.create_guild("G", members=users))
    async with parlor(tmp_path, fake) as client:
        desk = client.parlor.desk
        table = await start_table(fake, client, channel, users, seed=7)
        humans = dict(enumerate(users))

        def two_questions(lv: LiveMatch) -> bool:
            if lv.state is None or lv.record.status != MatchStatus.ACTIVE:
                return False
            asked = [p for p in lv.pending() if p.blocking]
            public = lv.game.view(lv.state, None)
            return len(desk.board_questions(lv, public, asked)) >= 2 if len(asked) > 1 \
                else False

        live = await advance_until(table, humans, two_questions, limit=1500, clicks=False)
        public = live.game.view(live.state, None)
        asked = [p for p in live.pending() if p.blocking]
        questions = desk.board_questions(live, public, asked)
        board = await wait_board_current(fake, client, live.id)
        ids = [c for c in board.custom_ids() if not c.startswith("pl:h:")]
        assert len(ids) == sum(q.size for q in questions), "every choice once"
        assert all(SEATLESS.match(c) for c in ids)
        first, other = questions[0], questions[1]
        outsider = min(other.asked)  # asked the second question, clicks the first's button
        button = f"pl:q:{live.id}:{live.version}:{first.first_place}"
        refused = await private_reply(await fake.click(users[outsider], board, button))
        assert refused == t("act.not_asked_board")
        assert t("board.my_hand") not in refused
        assert (await table.live()).version == live.version
        insider = min(first.asked)
        click = await fake.click(users[insider], board, button)
        assert (await click.wait_callback()).type == 7
        entry = (await client.parlor.repo.actions(live.id))[-1]
        assert (entry.seat, entry.user_id) == (insider, users[insider].id)
        prompt = first.prompt
        assert entry.action == prompt.actions[first.asked[prompt.seat][0]].model_dump(
            mode="json") | {"seat": insider}
        print(f"\nquestions: {[(q.prompt.kind, sorted(q.asked)) for q in questions]}")
