-- PostgreSQL dialect of storage/migrations/0002_action_appends.sql: the append transaction as
-- one call, so it costs the repository one round trip to the server instead of one per
-- statement. ``SELECT * FROM append_action(...)`` runs as one statement, hence in one
-- transaction: it does all of the append or none of it.
--
-- It returns ``new_version`` when the action was logged. Otherwise ``new_version`` is NULL and
-- ``found_version`` / ``found_status`` say what the match is (both NULL: no such match), read
-- after the refusal so the caller can name the reason without a second query.
--
-- Concurrency: the UPDATE locks the match row. A second append at the same version waits for
-- the first to commit, then re-reads the row, finds the version moved on and matches nothing.
-- That holds across connections and processes: it is what keeps several shards sharing one
-- database consistent.

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

    -- A finished match has no turns left; its timers would only fire into nothing.
    IF p_finished THEN
        DELETE FROM timers WHERE match_id = p_match_id;
    END IF;
END;
$$;
