"""What each page shows, as plain data: one call per page, a view-model back.

`table_page.py` loads the table page (built by `screen.page`, the same code the phone runs
offline); `scoreboard.py` the watch page; `scoresheet.py` the scoresheet
the page (`scoresheet_page.py`) and the PDF share; `correction.py` the page correcting a
recorded deal; `chart.py` the score chart; `home.py` the list of games, the ask before a
deletion and the ask before a phone keeps a game; `new_game.py` the pages that start a
game; `rules_pages.py`, `rules_editor.py`, `compare.py` and `calculator.py` the rules
pages; `api_answers.py` what the JSON API answers; `players.py`, `docs.py`,
`blank_sheets.py` and `errors.py` the pages they name; `host_rules.py` the host's page of
house rules nobody plays. What comes back is dataclasses of
strings, numbers and lists: the templates render it, and it can be sent to a phone as
JSON. Reads only. No Flask, no Jinja.

May import: rules, night, house_rules, storage, standings, screen.
Libraries: none.
"""
