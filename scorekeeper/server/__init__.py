"""The server: `scorekeeper serve`, the production server the app runs under.

`serve.py` starts the app under Hypercorn (an ASGI server: every connection in one
event loop) with its limits; `pools.py` runs the Flask app on threads of its own, the
table's requests in fair turns on one and long work on a few beside it; `banner.py`
says where phones should go as it starts. `appliance.py` is what it does beside
serving, as a home server left on: it leaves a record of where it answers, announces
itself by name (`mdns.py`), keeps the computer awake while a game is on (`awake.py`)
and takes the day's backup.

May import: machine, storage, standings, sheets, web.
Libraries: hypercorn, werkzeug, segno, wakepy, zeroconf.
"""
