// Register the service worker (from /sw.js, so it looks after the whole app); once the page
// is idle, ask it to keep the phone's copy of the rules (data-runtime: their worker's address),
// and, after a switch of language, this phone's table (/offline) in the language read now.
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
  function keepOfflineInLanguage() {
    var language = document.documentElement.lang, remembered = "scorekeeper.offline-language";
    try {
      if (!navigator.serviceWorker.controller || localStorage.getItem(remembered) === language) return;
    } catch (error) { return; }
    fetch("/offline", { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (response.ok) localStorage.setItem(remembered, language);
    }).catch(function () { /* offline: asked again by the next page */ });
  }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(data.sw || "/sw.js").catch(function () { /* plain http */ });
    (window.requestIdleCallback || setTimeout)(function () {
      keepRules();
      keepOfflineInLanguage();
    }, { timeout: 5000 });
  });
})();
