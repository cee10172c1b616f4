-- The replay pages' checkpoints of a closed match: the state after ``step`` actions and the
-- events of the actions since the checkpoint before it (JSON text written by web/replays.py).
-- A cache of replaying the log, which never changes once the match is over: any step of a
-- long table is a few actions from a kept state. A rowid table, not WITHOUT ROWID: its rows
-- are kilobytes each.
CREATE TABLE replay_checkpoints (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    step     INTEGER NOT NULL CHECK (step >= 0),
    state    TEXT    NOT NULL,
    events   TEXT    NOT NULL,
    PRIMARY KEY (match_id, step)
);
