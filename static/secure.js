// On the plain address, find out whether this phone trusts the server's secure address (a
// request there only succeeds if it does). If it does, move there once nothing is waiting
// to be sent from this page (what a page keeps is kept per address); if not, say in one
// quiet line what the phone is missing, with the way to trust it.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="scorekeeper-secure"]');
  if (!meta || location.protocol === "https:" || !window.fetch) return;
  var secure = meta.content;

  function waiting() {
    // Taps kept on this phone and not yet sent (table.js), or a page's own say.
    if (typeof window.scorekeeperWaiting === "function") return window.scorekeeperWaiting();
    try {
      for (var i = 0; i < localStorage.length; i += 1) {
        var key = localStorage.key(i);
        if (key.indexOf("scorekeeper.queue.") === 0 && (JSON.parse(localStorage.getItem(key)) || []).length) return true;
      }
    } catch (e) { /* private mode: nothing kept */ }
    return false;
  }

  function move() {
    if (waiting()) { setTimeout(move, 1000); return; } // send first, then move
    location.replace(secure + location.pathname + location.search + location.hash);
  }

  function missing() {
    var note = document.getElementById("secure-note");
    if (note) note.hidden = false;
  }

  fetch(secure + "/trust/check", { mode: "no-cors", cache: "no-store", credentials: "omit" })
    .then(function () { document.documentElement.dataset.secure = "trusted"; move(); },
          function () { document.documentElement.dataset.secure = "untrusted"; missing(); });
})();
