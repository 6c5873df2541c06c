"""This machine: where things live (the database, the secret key), the settings read from
the environment, and its addresses on the home network.

`config.py` says where the database and the key are and reads the
environment's settings; `addresses.py` finds the LAN address and makes links that
other phones can open, by name first; `certificates.py` keeps this machine's own
certificate authority and the server's certificate; `running.py` is the record a
running server leaves beside its database (its port, address and name); `orphans.py`
ends a helper process with its parent. Everything above reads these; nothing here
knows games.

May import: nothing of Scorekeeper's (but the top package's shipped folders).
Libraries: platformdirs, cryptography.
"""
