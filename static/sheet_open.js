// A sheet's QR code opened on the plain address by a phone the server does not know yet: a
// phone that trusts the secure address is moved there (secure.js), where the server knows
// it, so the game it starts is its own; any other phone opens the game here.
(function () {
  "use strict";
  var here = document.getElementById("open-here");
  if (!here) return;
  function untrusted() {
    if (document.documentElement.dataset.secure === "untrusted") location.replace(here.href);
  }
  new MutationObserver(untrusted).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["data-secure"],
  });
  untrusted();
})();
