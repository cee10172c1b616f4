-- Parlor's first schema, PostgreSQL dialect of storage/migrations/0001_initial.sql.
-- Times are timestamptz (instants; they come back in UTC). Options, outcomes, actions and
-- guild settings are jsonb. A snapshot's state is json, not jsonb: json keeps the text exactly
-- as the engine wrote it, and the repository hands back that very text (jsonb would reorder
-- keys and respace it).

CREATE TABLE matches (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game        text        NOT NULL,
    guild_id    bigint      NOT NULL,
    channel_id  bigint      NOT NULL,
    host_id     bigint      NOT NULL,
    status      text        NOT NULL
                CHECK (status IN ('lobby', 'active', 'paused', 'finished', 'cancelled')),
    version     integer     NOT NULL DEFAULT 0 CHECK (version >= 0),
    -- numeric without a scale holds any Python int exactly, wider than bigint if need be.
    seed        numeric     NOT NULL CHECK (seed = trunc(seed)),
    options     jsonb       NOT NULL DEFAULT '{}',
    outcome     jsonb,
    locale      text,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL
);

-- One table per channel: at most one open match in a channel at any time.
CREATE UNIQUE INDEX matches_one_open_per_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active', 'paused');

-- Streaming the open matches at start-up walks only the open rows, in id order.
CREATE INDEX matches_open ON matches (id) WHERE status IN ('lobby', 'active', 'paused');

-- A guild's recent matches, newest first.
CREATE INDEX matches_by_guild ON matches (guild_id, id);

CREATE TABLE seats (
    match_id     bigint  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         integer NOT NULL CHECK (seat >= 0),
    user_id      bigint,
    display_name text    NOT NULL,
    is_bot       boolean NOT NULL DEFAULT false,
    locale       text,
    PRIMARY KEY (match_id, seat)
);

-- The append-only log. ``version`` is the match version the action was applied to, so the key
-- also refuses a second action at one version.
CREATE TABLE actions (
    match_id   bigint      NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version    integer     NOT NULL CHECK (version >= 0),
    seat       integer     NOT NULL,
    user_id    bigint,
    source     text        NOT NULL,
    action     jsonb       NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (match_id, version)
);

CREATE FUNCTION actions_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'actions are append-only' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER actions_are_append_only BEFORE UPDATE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_refuse_update();

-- The latest state of each match: a cache of replaying the log, one row per match.
CREATE TABLE snapshots (
    match_id   bigint      PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version    integer     NOT NULL,
    state      json        NOT NULL,
    updated_at timestamptz NOT NULL
);

-- Discord messages to edit after a restart (the board, the lobby, ...), one per kind.
CREATE TABLE messages (
    match_id   bigint      NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind       text        NOT NULL,
    channel_id bigint      NOT NULL,
    message_id bigint      NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (match_id, kind)
);

-- Turn timers, one per (match, seat); ``version`` is the match version they were armed for.
CREATE TABLE timers (
    match_id bigint      NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     integer     NOT NULL,
    version  integer     NOT NULL,
    deadline timestamptz NOT NULL,
    warned   boolean     NOT NULL DEFAULT false,
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX timers_by_deadline ON timers (deadline);

CREATE TABLE guild_settings (
    guild_id   bigint      PRIMARY KEY,
    data       jsonb       NOT NULL DEFAULT '{}',
    updated_at timestamptz NOT NULL
);

-- One row per seat of a finished match. Recording the same match twice replaces its rows.
CREATE TABLE stats (
    match_id    bigint           NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        integer          NOT NULL,
    guild_id    bigint           NOT NULL,
    game        text             NOT NULL,
    user_id     bigint,
    is_bot      boolean          NOT NULL,
    score       double precision NOT NULL,
    won         boolean          NOT NULL,
    role        text,
    with_bots   boolean          NOT NULL DEFAULT false,
    finished_at timestamptz      NOT NULL,
    PRIMARY KEY (match_id, seat)
);

-- A player's history in a guild (optionally one game), and a guild's leaderboard per game.
CREATE INDEX stats_by_user ON stats (guild_id, user_id, game);
CREATE INDEX stats_by_game ON stats (guild_id, game, user_id);
