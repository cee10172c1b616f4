-- Ratings (tables/ratings.py): a player's rating per game after each rated table, in a server
-- and across servers, worked out from the stats in the order the tables ended.

-- A seat's place when its table ended (``Game.places``: 1 is first, equals share a place),
-- which the ratings rank. Seats recorded before places were kept are placed as a game places
-- them by default: the winners first, then by score, highest first.
ALTER TABLE stats ADD COLUMN place INTEGER;
UPDATE stats SET place = 1 + (
    SELECT count(*) FROM stats AS better
    WHERE better.match_id = stats.match_id
      AND (better.won > stats.won OR (better.won = stats.won AND better.score > stats.score)));

-- Whether the table's seats have been rated (every table is, rated or not: a cooperative game,
-- a table of one person). The tables not yet rated are few, and found through their index.
ALTER TABLE stats ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
CREATE INDEX stats_unrated ON stats (finished_at, match_id) WHERE NOT rated;
CREATE INDEX stats_in_order ON stats (finished_at, match_id);

-- A player's rating in one game after one table: ``scope`` is the server's id, or 0 for the
-- player's own rating across servers (no server has id 0). A cache of the stats: the ratings
-- code deletes and writes it again from any table on.
CREATE TABLE ratings (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    scope       INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat, scope)
) WITHOUT ROWID;

-- A player's ratings over time (and their latest before a table); a server's leaderboard.
CREATE INDEX ratings_by_player ON ratings (user_id, game, scope, finished_at, match_id);
CREATE INDEX ratings_by_board ON ratings (scope, game, user_id, finished_at, match_id);

-- The ratings' version, bumped by every write of ratings (its one row is made by the first):
-- a writer that read before another wrote reads again.
CREATE TABLE rating_runs (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
