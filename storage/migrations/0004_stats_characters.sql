-- A seat's stats name the character it played beside its role (``Game.character_of`` beside
-- ``Game.role_of``): a Sanguosha seat is a rebel (its role) playing Zhuge Liang (its character).
ALTER TABLE stats ADD COLUMN character TEXT;

-- Lifeboat's seats play characters and have no role: rows that kept the character as the role
-- keep it as the character.
UPDATE stats SET character = role, role = NULL WHERE game = 'lifeboat';
