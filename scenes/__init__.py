"""The pygame-ce presentation in floors: words, platform, art, table, scene + flow, screens, app (rules: `game/`)."""
