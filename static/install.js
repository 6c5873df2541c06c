// Register the service worker (served from /sw.js so it looks after the whole app), and once
// the page is idle ask it to keep the phone's copy of the rules (data-runtime: the rules'
// worker, in the folder of the runtime), so the phone can score with no server at all.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || window.scorekeeperInstall) return;
  window.scorekeeperInstall = true;
  var script = document.currentScript;
  var url = (script && script.dataset.sw) || "/sw.js";
  var runtime = script && script.dataset.runtime;
  function keepRules() {
    if (!runtime) return;
    navigator.serviceWorker.ready.then(function (registration) {
      var folder = runtime.slice(0, runtime.lastIndexOf("/") + 1);
      if (registration.active) registration.active.postMessage({ runtime: folder });
    });
  }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url).catch(function () { /* plain http on the LAN */ });
    (window.requestIdleCallback || setTimeout)(keepRules, { timeout: 5000 });
  });
})();
