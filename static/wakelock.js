// Keep the screen on while a game is open (any page with [data-keep-awake]): the Screen Wake
// Lock where the browser has it (a secure address), taken again when the page is shown again.
// Elsewhere, awake/screen-on.js is fetched on the first touch and plays a silent video.
(function () {
  "use strict";
  if (window.scorekeeperWakeLock) return;
  window.scorekeeperWakeLock = true;
  var script = document.currentScript, root = document.documentElement, lock = null;
  function wanted() {
    return document.visibilityState === "visible" && !!document.querySelector("[data-keep-awake]");
  }
  if (!("wakeLock" in navigator)) {
    if (!script || !script.dataset.fallback || !wanted()) return;
    var fetchIt = function () {
      document.removeEventListener("pointerdown", fetchIt, true);
      var more = document.createElement("script");
      more.src = script.dataset.fallback;
      document.head.appendChild(more);
    };
    document.addEventListener("pointerdown", fetchIt, true);
    return;
  }
  function acquire() {
    if (lock || !wanted()) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      root.dataset.awake = "yes"; // for anyone checking: the screen stays on
      lock.addEventListener("release", function () { lock = null; delete root.dataset.awake; });
    }).catch(function () { lock = null; }); // low battery, or not allowed: it may sleep
  }
  document.addEventListener("visibilitychange", acquire);
  acquire();
})();
