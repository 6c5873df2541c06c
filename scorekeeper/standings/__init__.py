"""Standings: each game's results kept stored beside it, and the family's stats counted from them.

`summary.py` counts a scored game's totals, winners and bids made; `results.py`
stores them with every change (called by the service) and brings them up to date
at start-up, and reads the list pages and the stats; `stats.py` ranks the players.
Reading never writes. No Flask here.

May import: rules, storage.
Libraries: none.
"""
