"""Floor 1, words: the catalogues and the core's words in the player's language; no pygame drawing."""
