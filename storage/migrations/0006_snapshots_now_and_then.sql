-- A snapshot now and then instead of with every action: ``action_appends`` of migration 0003,
-- except that a NULL ``state`` leaves the match's snapshot as it is. The log is the truth; a
-- snapshot only saves replaying it from the seed, and a match is loaded from its latest
-- snapshot with the few actions logged after it applied again (tables/service.py). Writing the
-- whole state with every action made most of the log's pages and a tenth of a move's CPU.

-- The view of migration 0003 stays; only its trigger is replaced.
DROP TRIGGER action_appends_insert;

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
    SELECT NEW.match_id, NEW.expected_version + 1, NEW.state, NEW.created_at
    WHERE NEW.state IS NOT NULL
    ON CONFLICT (match_id) DO UPDATE
    SET version = excluded.version, state = excluded.state, updated_at = excluded.updated_at;

    INSERT INTO timer_sets (match_id, timers)
    SELECT NEW.match_id, NEW.timers WHERE NEW.timers IS NOT NULL;

    UPDATE matches SET status = 'finished' WHERE NEW.finished AND id = NEW.match_id;

    -- A finished match has no turns left; its timers would only fire into nothing, whatever
    -- set came with the last action.
    DELETE FROM timers WHERE NEW.finished AND match_id = NEW.match_id;
END;
