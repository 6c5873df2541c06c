"""Printed sheets (PDF): the view-model of `presentation.scoresheet` in, PDF bytes out.

render.py lays a `Sheet` out through templates/sheets/sheet.html and WeasyPrint, the QR
code in its corner drawn by qr_code.py; fetcher.py lets WeasyPrint load nothing but the
app's own static files; the rules box prints the words the model carries (from
`scorekeeper.house_rules.words`). Import
`scorekeeper.sheets.render` where a sheet is printed: WeasyPrint is imported only
while a sheet renders. boxes.py says where a sheet's boxes print; photographed.py lays out
again the blank sheet a photo's QR code names, for the reader.

May import: rules, house_rules, presentation, machine, screen, storage.
Libraries: jinja2, weasyprint, babel, segno, markupsafe.
"""
