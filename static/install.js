// Register the service worker (served from /sw.js so it looks after the whole app).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || window.scorekeeperInstall) return;
  window.scorekeeperInstall = true;
  var script = document.currentScript;
  var url = (script && script.dataset.sw) || "/sw.js";
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url).catch(function () { /* plain http on the LAN */ });
  });
})();
