// Keep the screen on while a game is open (any page with [data-keep-awake]).
// With the Screen Wake Lock API (a secure address): take the lock, and take it again when
// the page is shown again (the browser drops it when the page is hidden).
// Without it (the plain http address, an older phone): after the first tap, play a silent
// one-second video in a loop, muted and out of sight, as NoSleep.js does: a phone does not
// dim its screen while a video plays. The video is fetched only then, never otherwise.
(function () {
  "use strict";
  if (window.scorekeeperWakeLock) return;
  window.scorekeeperWakeLock = true;
  var script = document.currentScript;
  var root = document.documentElement;

  function wanted() {
    return document.visibilityState === "visible" && !!document.querySelector("[data-keep-awake]");
  }

  if ("wakeLock" in navigator) {
    var lock = null;
    var acquire = function () {
      if (lock || !wanted()) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        root.dataset.awake = "yes"; // for anyone checking: the screen stays on
        lock.addEventListener("release", function () {
          lock = null;
          delete root.dataset.awake;
        });
      }).catch(function () { lock = null; }); // low battery, or not allowed: it may sleep
    };
    document.addEventListener("visibilitychange", acquire);
    acquire();
    return;
  }

  if (!script || !script.dataset.webm) return;
  var video = null;

  function play() {
    if (!wanted()) return;
    if (!video) {
      video = document.createElement("video");
      video.muted = true;
      video.loop = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true");
      video.className = "screen-on";
      [["webm", script.dataset.webm], ["mp4", script.dataset.mp4]].forEach(function (pair) {
        if (!pair[1]) return;
        var source = document.createElement("source");
        source.src = pair[1];
        source.type = "video/" + pair[0];
        video.appendChild(source);
      });
      video.addEventListener("playing", function () { root.dataset.awake = "video"; });
      video.addEventListener("pause", function () { delete root.dataset.awake; });
      document.body.appendChild(video);
    }
    var started = video.play();
    if (started && started.catch) started.catch(function () {}); // not allowed: it may sleep
  }

  // A browser plays a video only after the person has touched the page.
  document.addEventListener("pointerdown", play, { capture: true });
  document.addEventListener("keydown", play, { capture: true });
  document.addEventListener("visibilitychange", function () {
    if (video && document.visibilityState === "visible") play();
  });
})();
