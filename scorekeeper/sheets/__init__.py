"""Printable scoresheets: the view-model of `scorekeeper.scoresheet` in, PDF bytes out.

render.py lays a `Sheet` out through templates/sheets/sheet.html and WeasyPrint;
fetcher.py lets WeasyPrint load nothing but the app's own static files;
rules_box.py words the rules box. Import `scorekeeper.sheets.render` where a
sheet is printed: WeasyPrint is imported only while a sheet renders.
"""
