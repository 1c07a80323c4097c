"""The pygame-ce presentation: scenes, input, layout and the game shell (the rules live in `game/`)."""
