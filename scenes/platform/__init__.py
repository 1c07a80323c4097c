"""Floor 2, this device: input mapping, device preferences, the process the bots think in."""
