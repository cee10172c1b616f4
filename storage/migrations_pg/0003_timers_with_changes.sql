-- PostgreSQL dialect of storage/migrations/0003_timers_with_changes.sql: a match's turn timers
-- written in the same transaction (for an append, the same call) as the change that needs them.
--
-- ``replace_timers(match_id, timers)`` makes the match's timer rows exactly the given set.
-- ``timers`` is a JSON array of ``[seat, version, deadline, warned]``, the deadline as ISO text
-- with its offset (the repository's ``timer_set_json``): rows of seats not in it go; a row whose
-- deadline is unchanged is left alone, keeping its ``warned`` flag; any other row is written as
-- given. Callers hold the match row's lock (the append's UPDATE, or SELECT ... FOR UPDATE), so
-- two changes of one match never interleave their timer sets.

-- PL/pgSQL rather than SQL: it keeps each statement's plan for the session, where a SQL function
-- of several statements is planned again at every call.
CREATE FUNCTION replace_timers(p_match_id bigint, p_timers jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM timers
    WHERE match_id = p_match_id
      AND seat NOT IN (SELECT (e ->> 0)::integer FROM jsonb_array_elements(p_timers) AS e);

    INSERT INTO timers (match_id, seat, version, deadline, warned)
    SELECT p_match_id, (e ->> 0)::integer, (e ->> 1)::integer, (e ->> 2)::timestamptz,
           (e ->> 3)::boolean
    FROM jsonb_array_elements(p_timers) AS e
    ON CONFLICT (match_id, seat) DO UPDATE
    SET version = excluded.version, deadline = excluded.deadline, warned = excluded.warned
    WHERE timers.deadline <> excluded.deadline;
END;
$$;

-- ``append_action`` of migration 0002 with one more parameter, ``p_timers``: NULL (the default,
-- so a process still running the previous release keeps calling it with ten arguments) leaves
-- the match's timers alone; anything else goes to ``replace_timers`` within the append.
DROP FUNCTION append_action(
    bigint, integer, integer, bigint, text, jsonb, json, timestamptz, boolean, jsonb
);

CREATE FUNCTION append_action(
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

    INSERT INTO snapshots (match_id, version, state, updated_at)
    VALUES (p_match_id, new_version, p_state, p_created_at)
    ON CONFLICT (match_id) DO UPDATE
    SET version = excluded.version, state = excluded.state, updated_at = excluded.updated_at;

    -- A finished match has no turns left; its timers would only fire into nothing, whatever
    -- set came with the last action.
    IF p_finished THEN
        DELETE FROM timers WHERE match_id = p_match_id;
    ELSIF p_timers IS NOT NULL THEN
        PERFORM replace_timers(p_match_id, p_timers);
    END IF;
END;
$$;
