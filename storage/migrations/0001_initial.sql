-- Parlor's first schema. Times are UTC ISO-8601 text of one fixed width
-- ('2025-01-31T12:00:00.000000+00:00'), so comparing the text compares the instants.
-- JSON columns hold text written by the repository; SQLite never interprets them.

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'active', 'paused', 'finished', 'cancelled')),
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    -- Text, not INTEGER: a seed is any Python int and may not fit in 64 signed bits.
    seed        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    outcome     TEXT,
    locale      TEXT,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);

-- One table per channel: at most one open match in a channel at any time.
CREATE UNIQUE INDEX matches_one_open_per_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active', 'paused');

-- Streaming the open matches at start-up walks only the open rows, in id order.
CREATE INDEX matches_open ON matches (id) WHERE status IN ('lobby', 'active', 'paused');

-- A guild's recent matches, newest first.
CREATE INDEX matches_by_guild ON matches (guild_id, id);

CREATE TABLE seats (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,
    display_name TEXT    NOT NULL,
    is_bot       INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    locale       TEXT,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- The append-only log: the truth from which every state is rebuilt. ``version`` is the match
-- version the action was applied to, so the key also refuses a second action at one version.
CREATE TABLE actions (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 0),
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    source     TEXT    NOT NULL,
    action     TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, version)
) WITHOUT ROWID;

CREATE TRIGGER actions_are_append_only BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- The latest state of each match: a cache of replaying the log, one row per match.
CREATE TABLE snapshots (
    match_id   INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    state      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

-- Discord messages to edit after a restart (the board, the lobby, ...), one per kind.
CREATE TABLE messages (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, kind)
) WITHOUT ROWID;

-- Turn timers, one per (match, seat); ``version`` is the match version they were armed for.
CREATE TABLE timers (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    version  INTEGER NOT NULL,
    deadline TEXT    NOT NULL,
    warned   INTEGER NOT NULL DEFAULT 0 CHECK (warned IN (0, 1)),
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

CREATE INDEX timers_by_deadline ON timers (deadline);

CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    data       TEXT NOT NULL DEFAULT '{}',
    updated_at TEXT NOT NULL
);

-- One row per seat of a finished match. Recording the same match twice replaces its rows.
CREATE TABLE stats (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER,
    is_bot      INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    score       REAL    NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    role        TEXT,
    with_bots   INTEGER NOT NULL DEFAULT 0 CHECK (with_bots IN (0, 1)),
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- A player's history in a guild (optionally one game), and a guild's leaderboard per game.
CREATE INDEX stats_by_user ON stats (guild_id, user_id, game);
CREATE INDEX stats_by_game ON stats (guild_id, game, user_id);
