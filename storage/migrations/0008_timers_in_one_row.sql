-- A match's turn timers kept as one row, the set as the change gave it, instead of a row per
-- seat that every append rewrote through ``timer_sets``' trigger (json_each, json_extract, a
-- DELETE and an upsert per timer: about a third of an append's time in SQLite at the service's
-- load). An append now writes one text column of one row.
--
-- ``match_timers.timers`` is the set as ``rows.timer_set_json`` wrote it: a JSON array of
-- ``[seat, version, deadline, warned]``, the deadline as ``to_db_time`` text. ``warned`` holds
-- the warnings sent since, a JSON array of ``[seat, deadline]``: a warning counts for the
-- deadline it was sent for, so a set given again with that deadline keeps it, and a new
-- deadline is a new clock. Writing a set leaves ``warned`` alone; ``mark_timer_warned`` keeps
-- there only the warnings of the current deadlines.
--
-- ``timers`` becomes a view of the same columns as the table it replaces, one row per timer:
-- what every reader (the re-arm at start, the due query, a person at the sqlite3 prompt)
-- reads. Writes go to ``match_timers`` (storage/operations.py).

CREATE TABLE match_timers (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    timers   TEXT NOT NULL,
    warned   TEXT NOT NULL DEFAULT '[]'
);

-- A warning already sent is a warning for its deadline, kept when the set comes again.
INSERT INTO match_timers (match_id, timers, warned)
SELECT match_id,
       json_group_array(json_array(seat, version, deadline,
                                   json(CASE WHEN warned THEN 'true' ELSE 'false' END))),
       json_group_array(json_array(seat, deadline)) FILTER (WHERE warned)
FROM (SELECT * FROM timers ORDER BY match_id, seat)
GROUP BY match_id;

-- The set's view of migration 0003 and the appends' view (its trigger of migration 0006) go
-- with the table they wrote to; ``action_appends`` comes back below with the same columns.
DROP VIEW timer_sets;
DROP VIEW action_appends;
DROP TABLE timers;

CREATE VIEW timers (match_id, seat, version, deadline, warned) AS
SELECT m.match_id, json_extract(t.value, '$[0]'), json_extract(t.value, '$[1]'),
       json_extract(t.value, '$[2]'),
       json_extract(t.value, '$[3]') OR EXISTS (
           SELECT 1 FROM json_each(m.warned) AS w
           WHERE json_extract(w.value, '$[0]') = json_extract(t.value, '$[0]')
             AND json_extract(w.value, '$[1]') = json_extract(t.value, '$[2]'))
FROM match_timers AS m, json_each(m.timers) AS t;

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
    SELECT NEW.match_id, NEW.expected_version + 1, NEW.state, NEW.created_at
    WHERE NEW.state IS NOT NULL
    ON CONFLICT (match_id) DO UPDATE
    SET version = excluded.version, state = excluded.state, updated_at = excluded.updated_at;

    -- NULL leaves the match's timers alone; a finished match has no turns left, and its
    -- timers would only fire into nothing, whatever set came with the last action.
    INSERT INTO match_timers (match_id, timers)
    SELECT NEW.match_id, NEW.timers WHERE NEW.timers IS NOT NULL AND NOT NEW.finished
    ON CONFLICT (match_id) DO UPDATE SET timers = excluded.timers;

    UPDATE matches SET status = 'finished' WHERE NEW.finished AND id = NEW.match_id;

    DELETE FROM match_timers WHERE NEW.finished AND match_id = NEW.match_id;
END;
