-- A match's turn timers written in the same statement as the change that needs them, instead
-- of one more statement (one more trip to aiosqlite's worker thread, one more commit) per
-- timer after every move.
--
-- ``INSERT INTO timer_sets (match_id, timers)`` makes the match's timer rows exactly the given
-- set. ``timers`` is a JSON array of ``[seat, version, deadline, warned]`` (the repository's
-- ``timer_set_json``): rows of seats not in it go; a row whose deadline is unchanged is left
-- alone, keeping its ``warned`` flag; any other row is written as given. Like
-- ``action_appends``, the view holds no rows and only gives the statement its columns.

CREATE VIEW timer_sets (match_id, timers) AS SELECT NULL, NULL WHERE 0;

CREATE TRIGGER timer_sets_insert INSTEAD OF INSERT ON timer_sets
BEGIN
    DELETE FROM timers
    WHERE match_id = NEW.match_id
      AND seat NOT IN (SELECT json_extract(value, '$[0]') FROM json_each(NEW.timers));

    -- ``WHERE true`` tells SQLite's parser that ``ON CONFLICT`` is the upsert, not a join.
    INSERT INTO timers (match_id, seat, version, deadline, warned)
    SELECT NEW.match_id, json_extract(value, '$[0]'), json_extract(value, '$[1]'),
           json_extract(value, '$[2]'), json_extract(value, '$[3]')
    FROM json_each(NEW.timers)
    WHERE true
    ON CONFLICT (match_id, seat) DO UPDATE
    SET version = excluded.version, deadline = excluded.deadline, warned = excluded.warned
    WHERE timers.deadline <> excluded.deadline;
END;

-- ``action_appends`` of migration 0002 with one more column, ``timers``: NULL leaves the
-- match's timers alone, anything else goes to ``timer_sets`` within the append. Dropping the
-- view drops its trigger; a writer that names only the old ten columns still works.
DROP VIEW action_appends;

CREATE VIEW action_appends (
    match_id, expected_version, seat, user_id, source, action, state, created_at,
    finished, outcome, timers
) AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE 0;

CREATE TRIGGER action_appends_insert INSTEAD OF INSERT ON action_appends
BEGIN
    -- Refuse, changing nothing (timers included), unless the match is playable and at the
    -- expected version. The repository recognises the message and reads the match to say why.
    SELECT RAISE(ABORT, 'parlor: append refused')
    WHERE NOT EXISTS (
        SELECT 1 FROM matches
        WHERE id = NEW.match_id
          AND version = NEW.expected_version
          AND status IN ('active', 'paused')
    );

    -- ``status`` is left alone here: assigning it, even to itself, makes SQLite maintain the
    -- partial indexes on status, which costs about ten times the rest of the append.
    UPDATE matches
    SET version = version + 1,
        updated_at = NEW.created_at,
        outcome = COALESCE(NEW.outcome, outcome)
    WHERE id = NEW.match_id;

    INSERT INTO actions (match_id, version, seat, user_id, source, action, created_at)
    VALUES (NEW.match_id, NEW.expected_version, NEW.seat, NEW.user_id, NEW.source, NEW.action,
            NEW.created_at);

    INSERT INTO snapshots (match_id, version, state, updated_at)
    VALUES (NEW.match_id, NEW.expected_version + 1, NEW.state, NEW.created_at)
    ON CONFLICT (match_id) DO UPDATE
    SET version = excluded.version, state = excluded.state, updated_at = excluded.updated_at;

    INSERT INTO timer_sets (match_id, timers)
    SELECT NEW.match_id, NEW.timers WHERE NEW.timers IS NOT NULL;

    UPDATE matches SET status = 'finished' WHERE NEW.finished AND id = NEW.match_id;

    -- A finished match has no turns left; its timers would only fire into nothing, whatever
    -- set came with the last action.
    DELETE FROM timers WHERE NEW.finished AND match_id = NEW.match_id;
END;
