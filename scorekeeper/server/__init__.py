"""The server: `scorekeeper serve`, the production server the app runs under.

`serve.py` starts the app under waitress with its limits; `dispatch.py` gives the
table's quick requests one thread and slow ones a pool beside it; `banner.py` says
where phones should go as it starts.

May import: machine, storage, standings, web.
Libraries: waitress, segno.
"""
