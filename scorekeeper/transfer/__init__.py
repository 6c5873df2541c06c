"""Games in and out as files: the all-games file for safekeeping, and outside JSON read strictly.

`all_games.py` writes every game into one file and brings such a file back, all
or nothing; `strict_json.py` reads JSON from outside (a file, a request) refusing
what JSON should not hold. No Flask here.

May import: rules, storage, service.
Libraries: none.
"""
