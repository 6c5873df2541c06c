// Register the service worker (from /sw.js, so it looks after the whole app); once the page
// is idle, ask it to keep the phone's copy of the rules (data-runtime: their worker's address).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || window.scorekeeperInstall) return;
  window.scorekeeperInstall = true;
  var data = (document.currentScript || {}).dataset || {};
  function keepRules() {
    if (data.runtime) navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ runtime: data.runtime.replace(/[^/]*$/, "") });
    });
  }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(data.sw || "/sw.js").catch(function () { /* plain http */ });
    (window.requestIdleCallback || setTimeout)(keepRules, { timeout: 5000 });
  });
})();
