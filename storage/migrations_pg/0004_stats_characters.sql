-- PostgreSQL dialect of storage/migrations/0004_stats_characters.sql: a seat's stats name the
-- character it played beside its role (``Game.character_of`` beside ``Game.role_of``).
ALTER TABLE stats ADD COLUMN character text;

-- Lifeboat's seats play characters and have no role: rows that kept the character as the role
-- keep it as the character.
UPDATE stats SET character = role, role = NULL WHERE game = 'lifeboat';
