"""The table's service: every change to a game and to the house rules, and nothing else.

`games.py` starts, joins, hands over, archives, deletes, records, corrects and undoes;
`taps.py` takes the table's taps one at a time and records a deal on its last;
`imports.py` brings games in from a file, a short transaction at a time; `once.py`
makes a request take effect once; `rulebook.py` saves, shares and deletes house
rulesets; `photos.py` takes a photographed sheet in (read, and its game found or started);
`nights.py` runs a club night (its rounds started, each table's game and which
phone scores it); `errors.py` says why a change is refused. Each call is one transaction (an
import, one per few games). Where a deal is scored: the rules (`rules.game`); where
the database is written: `storage`, called from here only. No Flask here.

May import: rules, night, storage, standings, reading, sheets.
Libraries: none.
"""
