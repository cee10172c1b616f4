-- PostgreSQL dialect of storage/migrations/0008_timers_in_one_row.sql: a match's turn timers
-- kept as one row, the set as the change gave it, instead of a row per seat that every append
-- rewrote through ``replace_timers`` (a DELETE and an upsert over the set's elements).
--
-- ``match_timers.timers`` is the set as ``rows.timer_set_json`` wrote it: a JSON array of
-- ``[seat, version, deadline, warned]``, the deadline as ``to_db_time`` text (UTC).
-- ``warned`` holds the warnings sent since, a JSON array of ``[seat, deadline]`` (the deadline's
-- text as the set has it): a warning counts for the deadline it was sent for, so a set given
-- again with that deadline keeps it, and a new deadline is a new clock. Writing a set leaves
-- ``warned`` alone; ``mark_timer_warned`` keeps there only the warnings of the current
-- deadlines.
--
-- ``timers`` becomes a view of the same columns as the table it replaces, one row per timer:
-- what every reader reads. Writes go to ``match_timers`` (storage/operations.py).

CREATE TABLE match_timers (
    match_id bigint PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    timers   jsonb NOT NULL,
    warned   jsonb NOT NULL DEFAULT '[]'
);

-- Deadlines as ``to_db_time`` writes them (a warning is matched to its deadline's text). A
-- warning already sent is a warning for its deadline, kept when the set comes again.
INSERT INTO match_timers (match_id, timers, warned)
SELECT match_id, jsonb_agg(jsonb_build_array(seat, version, deadline, warned) ORDER BY seat),
       COALESCE(jsonb_agg(jsonb_build_array(seat, deadline) ORDER BY seat)
                FILTER (WHERE warned), '[]')
FROM (SELECT match_id, seat, version, warned,
             to_char(deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')
                 AS deadline
      FROM timers) AS t
GROUP BY match_id;

DROP TABLE timers;

CREATE VIEW timers (match_id, seat, version, deadline, warned) AS
SELECT m.match_id, (t ->> 0)::integer, (t ->> 1)::integer, (t ->> 2)::timestamptz,
       (t ->> 3)::boolean OR EXISTS (
           SELECT 1 FROM jsonb_array_elements(m.warned) AS w
           WHERE w ->> 0 = t ->> 0 AND w ->> 1 = t ->> 2)
FROM match_timers AS m CROSS JOIN LATERAL jsonb_array_elements(m.timers) AS t;

-- ``append_action`` of migration 0006 writing the set into ``match_timers``. Same arguments, so
-- the function is replaced in place.
CREATE OR REPLACE FUNCTION append_action(
    p_match_id bigint,
    p_expected_version integer,
    p_seat integer,
    p_user_id bigint,
    p_source text,
    p_action jsonb,
    p_state json,
    p_created_at timestamptz,
    p_finished boolean,
    p_outcome jsonb,
    p_timers jsonb DEFAULT NULL,
    OUT new_version integer,
    OUT found_version integer,
    OUT found_status text
) LANGUAGE plpgsql AS $$
BEGIN
    UPDATE matches
    SET version = version + 1,
        updated_at = p_created_at,
        outcome = COALESCE(p_outcome, outcome),
        status = CASE WHEN p_finished THEN 'finished' ELSE status END
    WHERE id = p_match_id
      AND version = p_expected_version
      AND status IN ('active', 'paused')
    RETURNING version INTO new_version;

    -- Refused: nothing was written, timers included.
    IF NOT FOUND THEN
        SELECT m.version, m.status INTO found_version, found_status
        FROM matches AS m WHERE m.id = p_match_id;
        RETURN;
    END IF;

    INSERT INTO actions (match_id, version, seat, user_id, source, action, created_at)
    VALUES (p_match_id, p_expected_version, p_seat, p_user_id, p_source, p_action,
            p_created_at);

    IF p_state IS NOT NULL THEN
        INSERT INTO snapshots (match_id, version, state, updated_at)
        VALUES (p_match_id, new_version, p_state, p_created_at)
        ON CONFLICT (match_id) DO UPDATE
        SET version = excluded.version, state = excluded.state,
            updated_at = excluded.updated_at;
    END IF;

    -- A finished match has no turns left; its timers would only fire into nothing, whatever
    -- set came with the last action. NULL leaves the match's timers alone.
    IF p_finished THEN
        DELETE FROM match_timers WHERE match_id = p_match_id;
    ELSIF p_timers IS NOT NULL THEN
        INSERT INTO match_timers (match_id, timers) VALUES (p_match_id, p_timers)
        ON CONFLICT (match_id) DO UPDATE SET timers = excluded.timers;
    END IF;
END;
$$;

DROP FUNCTION replace_timers(bigint, jsonb);
