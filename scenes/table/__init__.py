"""Floor 4, a match at the table without a screen: the session, board, clock, settings, seats, layout, marks."""
