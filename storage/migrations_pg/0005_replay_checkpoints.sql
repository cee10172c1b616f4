-- PostgreSQL dialect of storage/migrations/0005_replay_checkpoints.sql: the replay pages'
-- checkpoints of a closed match (the state after ``step`` actions and the events since the
-- checkpoint before it). Text, not json: storage hands back what web/replays.py wrote and
-- never looks inside.
CREATE TABLE replay_checkpoints (
    match_id bigint  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    step     integer NOT NULL CHECK (step >= 0),
    state    text    NOT NULL,
    events   text    NOT NULL,
    PRIMARY KEY (match_id, step)
);
