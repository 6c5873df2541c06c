// The watch page follows the game: ask the API every 1.5 s whether the game changed
// (If-None-Match: 304 means no), and when it did, swap in the freshly drawn scoreboard.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  var status = document.getElementById("live-status");
  var speakButton = document.getElementById("speak");
  var tag = live.dataset.etag || "";
  var SPEAK_KEY = "scorekeeper.speak";
  var timer = null;

  function show(state, text) {
    if (!status) return;
    status.dataset.state = state;
    status.textContent = text;
  }

  function board() {
    return live.querySelector(".board");
  }

  function speaking() {
    try { return localStorage.getItem(SPEAK_KEY) === "on"; } catch (e) { return false; }
  }

  // A voice for the page's language: null if the phone lists none yet, false if none fits.
  var lang = document.documentElement.lang || "en";

  function voice() {
    var voices = window.speechSynthesis.getVoices() || [];
    if (!voices.length) return null;
    for (var i = 0; i < voices.length; i += 1) {
      var spoken = (voices[i].lang || "").toLowerCase().replace("_", "-");
      if (spoken === lang || spoken.indexOf(lang + "-") === 0) return voices[i];
    }
    return false;
  }

  function say(text) {
    if (!text || !speaking() || !("speechSynthesis" in window)) return;
    var found = voice();
    if (found === false) return;
    // A no-break hyphen keeps "2‑ე" on one line on the screen; a voice reads a plain one.
    var utterance = new SpeechSynthesisUtterance(text.replace(/\u2011/g, "-"));
    utterance.lang = lang;
    if (found) utterance.voice = found;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  }

  function redraw() {
    var before = board();
    var deals = before ? before.dataset.deals : "";
    return fetch(live.dataset.board, { cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("board " + response.status);
      return response.text();
    }).then(function (html) {
      live.innerHTML = html;
      var after = board();
      if (after && after.dataset.deals !== deals) say(after.dataset.say);
    });
  }

  function poll() {
    clearTimeout(timer);
    fetch(live.dataset.api, {
      headers: tag ? { "If-None-Match": tag, "Accept": "application/json" } : { "Accept": "application/json" },
      cache: "no-store"
    }).then(function (response) {
      if (response.status === 304) return null;
      if (!response.ok) throw new Error("api " + response.status);
      var fresh = response.headers.get("ETag") || "";
      if (fresh && fresh === tag) return null; // e.g. the offline cache answered
      tag = fresh;
      return redraw();
    }).then(function () {
      show("live", status && status.dataset.live);
    }).catch(function () {
      show("offline", status && status.dataset.offline);
    }).then(function () {
      timer = setTimeout(poll, document.hidden ? 6000 : 1500);
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });

  if (speakButton && "speechSynthesis" in window) {
    var voiceless = document.getElementById("no-voice");
    var paint = function () {
      speakButton.setAttribute("aria-pressed", speaking() ? "true" : "false");
      if (voiceless) voiceless.hidden = !(speaking() && voice() === false);
    };
    window.speechSynthesis.addEventListener("voiceschanged", paint);
    speakButton.hidden = false;
    paint();
    speakButton.addEventListener("click", function () {
      try { localStorage.setItem(SPEAK_KEY, speaking() ? "off" : "on"); } catch (e) { /* private mode */ }
      paint();
      var current = board();
      if (speaking() && current) say(current.dataset.say);
    });
  }

  timer = setTimeout(poll, 1500);
})();
