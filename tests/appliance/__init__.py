"""The home server as an appliance: awake while a game is on, found by name, started and
backed up on its own (issue 26)."""
