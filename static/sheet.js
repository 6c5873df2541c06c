// The scoresheet opens on the deal being played (or the last one played), not on deal 1:
// with the names above it and the totals below it, the table's latest state is on the
// screen at once. A link to one deal (#deal-3) goes there instead, as links do.
(function () {
  "use strict";
  if (location.hash) return;
  var rows = document.querySelectorAll(".sheet tbody tr");
  var row = document.querySelector(".sheet tbody tr.current") || rows[rows.length - 1];
  if (row && row !== rows[0]) row.cells[0].scrollIntoView({ block: "center", inline: "nearest" });
})();
