"""Each game's presentation in one place: `bot/games/<name>/` holds its renderer
(`renderer.py`: views, prompts and events in words and components), its board picture
(`picture.py`) and its slash commands (`cog.py`)."""
