"""The table's screen, pure: what the scorer's phone shows, worked out from the game and its taps.

One screen, two painters: the server draws it into every table page, and the phone draws
the very same screen when it scores with the server out of reach.

`page.py` builds the table page's view-model (the scores, the deal being entered, the
last deal) from a game scored and the deal in progress; `chart.py` draws the running
totals; `bidi.py` and `markup.py` set players' names apart in text and on pages;
`drawing.py` draws the page's changing part from `templates/screen/`; `phone.py` is what
the phone asks of it. The server runs this code for every page it draws, and the phone
runs the very same code (in Pyodide, see `web/runtime.py`) to go on scoring when the
server is out of reach: nothing here may need more than the standard library, the rules
and Jinja.

May import: rules (and the top package's shipped folders).
Libraries: jinja2, markupsafe.
"""
