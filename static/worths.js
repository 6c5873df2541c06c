// What bids are worth, shown or hidden for each game on this phone: read before the table is
// painted (this script is not deferred), so a table of experts never sees them flash by.
(function () {
  const root = document.documentElement;
  function key(game) { return "scorekeeper.worths." + game; }
  function apply(game) {
    let hidden = false;
    try { hidden = localStorage.getItem(key(game)) === "hidden"; } catch (error) { /* private mode */ }
    root.dataset.worths = hidden ? "hidden" : "shown";
  }
  const game = document.currentScript.dataset.game;
  if (game) apply(game);
  window.scorekeeperWorths = apply; // this phone's table (/offline) opens its game later
  document.addEventListener("click", function (event) {
    const toggle = event.target.closest && event.target.closest(".worth-toggle");
    if (!toggle) return;
    const hide = root.dataset.worths !== "hidden";
    try { localStorage.setItem(key(toggle.dataset.game), hide ? "hidden" : "shown"); } catch (error) { /* kept for this page only */ }
    root.dataset.worths = hide ? "hidden" : "shown";
  });
})();
