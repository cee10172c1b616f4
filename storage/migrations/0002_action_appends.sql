-- The append transaction as one statement: ``INSERT INTO action_appends`` checks the version,
-- bumps it, logs the action, writes the snapshot and, for the game's last action, closes the
-- match. One statement is one atomic transaction in SQLite, and costs the repository one trip
-- to aiosqlite's worker thread instead of one per statement (see docs/storage.md).
--
-- The view holds no rows; it only gives the statement its columns.

CREATE VIEW action_appends (
    match_id, expected_version, seat, user_id, source, action, state, created_at,
    finished, outcome
) AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE 0;

CREATE TRIGGER action_appends_insert INSTEAD OF INSERT ON action_appends
BEGIN
    -- Refuse, changing nothing, unless the match is playable and at the expected version.
    -- The repository recognises the message and reads the match to say why.
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

    UPDATE matches SET status = 'finished' WHERE NEW.finished AND id = NEW.match_id;

    -- A finished match has no turns left; its timers would only fire into nothing.
    DELETE FROM timers WHERE NEW.finished AND match_id = NEW.match_id;
END;
