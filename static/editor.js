// The house-rules editor: choosing "By players" opens "Deals by number of players" at once.
// Without this script the server opens it when the form comes back (a save, a shortcut).
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (input.name !== "schedule_kind" || input.value !== "by-players") return;
    var lists = document.querySelector(".rules-by-players");
    if (lists) lists.open = true;
  });
})();
