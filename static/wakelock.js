// Keep the screen on while a game is open (any page with [data-keep-awake]), where the
// browser has the Screen Wake Lock API. The lock drops when the page is hidden: take it again.
(function () {
  "use strict";
  if (window.scorekeeperWakeLock || !("wakeLock" in navigator)) return;
  window.scorekeeperWakeLock = true;
  var lock = null;

  function acquire() {
    if (lock || document.visibilityState !== "visible") return;
    if (!document.querySelector("[data-keep-awake]")) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.dataset.awake = "yes"; // for anyone checking: the screen stays on
      lock.addEventListener("release", function () {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(function () { lock = null; }); // low battery, or not allowed: the screen may sleep
  }

  document.addEventListener("visibilitychange", acquire);
  acquire();
})();
