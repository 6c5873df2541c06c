// The scoresheet fits the screen's width or scrolls in a region of its own: a table wider than
// the screen (more sides, or names longer, than it holds) is never squeezed into broken words;
// its region scrolls both ways, the deal column, the names and the totals kept in place
// (scoresheet.css, `.scrolls`). Measured again whenever the screen turns or resizes. A sheet of
// more than six sides always scrolls (`data-scrolls`, set by the server).
//
// Then the scoresheet opens on the deal being played (or the last one played), not on deal 1:
// with the names above it and the totals below it, the table's latest state is on the
// screen at once. A link to one deal (#deal-3) goes there instead, as links do.
(function () {
  "use strict";
  var frame = document.querySelector(".sheet-frame");
  var table = frame && frame.querySelector(".sheet");
  function fit() {
    if (!table || frame.hasAttribute("data-scrolls")) return;
    frame.classList.remove("scrolls");
    var wide = table.offsetWidth > frame.clientWidth + 1;
    frame.classList.toggle("scrolls", wide);
    if (wide) {
      frame.setAttribute("role", "region");
      frame.setAttribute("aria-labelledby", "sheet-label");
      frame.setAttribute("tabindex", "0");
    } else {
      frame.removeAttribute("role");
      frame.removeAttribute("aria-labelledby");
      frame.removeAttribute("tabindex");
    }
  }
  fit();
  addEventListener("resize", fit);
  if (location.hash) return;
  var rows = document.querySelectorAll(".sheet tbody tr");
  var row = document.querySelector(".sheet tbody tr.current") || rows[rows.length - 1];
  if (row && row !== rows[0]) row.cells[0].scrollIntoView({ block: "center", inline: "nearest" });
})();
