// A read-only page of a game (the plain game page or the scoresheet, opened by a watcher)
// follows the game: every 2 s it asks the API whether the game changed (304: no) and
// loads the page again when it did. Without JavaScript the page is as of its loading.
(function () {
  "use strict";
  var me = document.currentScript;
  var api = me.dataset.api;
  var tag = me.dataset.etag;
  function poll() {
    fetch(api, { headers: { "If-None-Match": tag, "Accept": "application/json" }, cache: "no-store" })
      .then(function (response) {
        var fresh = response.headers.get("ETag");
        if (response.status === 200 && fresh && fresh !== tag) location.replace(location.href);
      })
      .catch(function () { /* offline: try again later */ })
      .then(function () { setTimeout(poll, document.hidden ? 6000 : 2000); });
  }
  setTimeout(poll, 2000);
})();
