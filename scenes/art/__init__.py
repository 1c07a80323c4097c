"""Floor 3, art: surfaces and sounds made by code, cached (fonts, text, felt, cards, effects, widgets, sound)."""
