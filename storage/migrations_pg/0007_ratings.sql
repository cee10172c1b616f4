-- PostgreSQL dialect of storage/migrations/0007_ratings.sql: a player's rating per game after
-- each rated table, in a server and across servers, worked out from the stats in order.

-- A seat's place when its table ended (``Game.places``); seats recorded before places were kept
-- are placed by default: the winners first, then by score, highest first.
ALTER TABLE stats ADD COLUMN place integer;
UPDATE stats SET place = 1 + (
    SELECT count(*) FROM stats AS better
    WHERE better.match_id = stats.match_id
      AND (better.won > stats.won OR (better.won = stats.won AND better.score > stats.score)));

-- Whether the table's seats have been rated (every table is, rated or not).
ALTER TABLE stats ADD COLUMN rated boolean NOT NULL DEFAULT false;
CREATE INDEX stats_unrated ON stats (finished_at, match_id) WHERE NOT rated;
CREATE INDEX stats_in_order ON stats (finished_at, match_id);

-- A player's rating in one game after one table: ``scope`` is the server's id, or 0 for the
-- player's own rating across servers. A cache of the stats.
CREATE TABLE ratings (
    match_id    bigint           NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        integer          NOT NULL,
    scope       bigint           NOT NULL,
    game        text             NOT NULL,
    user_id     bigint           NOT NULL,
    mu          double precision NOT NULL,
    sigma       double precision NOT NULL,
    finished_at timestamptz      NOT NULL,
    PRIMARY KEY (match_id, seat, scope)
);

CREATE INDEX ratings_by_player ON ratings (user_id, game, scope, finished_at, match_id);
CREATE INDEX ratings_by_board ON ratings (scope, game, user_id, finished_at, match_id);

-- The ratings' version, bumped by every write of ratings (its one row is made by the first).
CREATE TABLE rating_runs (
    id      integer PRIMARY KEY CHECK (id = 1),
    version bigint  NOT NULL
);
