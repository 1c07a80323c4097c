"""Floor 6, the screens: one a module; a screen imports only the screens it pushes over itself."""
