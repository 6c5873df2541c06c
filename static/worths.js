// What bids are worth, shown or hidden for each game on this phone: read before the table is
// painted (this script is not deferred), so a table of experts never sees them flash by.
// Hidden worths are not read to a screen reader either: a description names its words even
// when they are not shown, so each bid button's link to them (data-worth) is cut while they
// are hidden, on every screen the table draws.
(function () {
  const root = document.documentElement;
  function key(game) { return "scorekeeper.worths." + game; }
  function describe() {
    const hidden = root.dataset.worths === "hidden";
    for (const button of document.querySelectorAll("[data-worth]")) {
      if (hidden) button.removeAttribute("aria-describedby");
      else button.setAttribute("aria-describedby", button.dataset.worth);
    }
  }
  function show(hidden) {
    root.dataset.worths = hidden ? "hidden" : "shown";
    describe();
  }
  function apply(game) {
    let hidden = false;
    try { hidden = localStorage.getItem(key(game)) === "hidden"; } catch (error) { /* private mode */ }
    show(hidden);
  }
  const game = document.currentScript.dataset.game;
  if (game) apply(game);
  window.scorekeeperWorths = apply; // this phone's table (/offline) opens its game later
  document.addEventListener("click", function (event) {
    const toggle = event.target.closest && event.target.closest(".worth-toggle");
    if (!toggle) return;
    const hide = root.dataset.worths !== "hidden";
    try { localStorage.setItem(key(toggle.dataset.game), hide ? "hidden" : "shown"); } catch (error) { /* kept for this page only */ }
    show(hide);
  });
  new MutationObserver(function (changes) {
    if (root.dataset.worths === "hidden" && changes.some(function (change) { return change.addedNodes.length; })) describe();
  }).observe(root, { childList: true, subtree: true });
})();
