-- PostgreSQL dialect of storage/migrations/0006_snapshots_now_and_then.sql: ``append_action``
-- of migration 0003, except that a NULL ``p_state`` leaves the match's snapshot as it is.
-- Same arguments, so the function is replaced in place.

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
    -- set came with the last action.
    IF p_finished THEN
        DELETE FROM timers WHERE match_id = p_match_id;
    ELSIF p_timers IS NOT NULL THEN
        PERFORM replace_timers(p_match_id, p_timers);
    END IF;
END;
$$;
