// Where a browser has no Screen Wake Lock (the plain http address, an older phone), keep the
// screen on during a game as NoSleep.js does: a silent one-second video looping, muted and out
// of sight; a phone does not dim its screen while a video plays. wakelock.js loads this on the
// first touch of a game's page, as a browser plays a video only after the person has touched it.
(function () {
  "use strict";
  var script = document.currentScript, root = document.documentElement;
  var video = document.createElement("video");
  video.muted = true;
  video.loop = true;
  video.setAttribute("muted", "");
  video.setAttribute("playsinline", "");
  video.setAttribute("aria-hidden", "true");
  video.className = "screen-on";
  // Out of sight: set here, not in app.css, as only a phone without a wake lock needs it.
  Object.assign(video.style, {
    position: "fixed", bottom: "0", left: "0", width: "1px", height: "1px", opacity: "0",
    pointerEvents: "none",
  });
  ["webm", "mp4"].forEach(function (kind) {
    var source = document.createElement("source");
    source.src = script.src.replace(/screen-on\.js.*$/, "screen-on." + kind); // beside this file
    source.type = "video/" + kind;
    video.appendChild(source);
  });
  video.addEventListener("playing", function () { root.dataset.awake = "video"; });
  video.addEventListener("pause", function () { delete root.dataset.awake; });
  document.body.appendChild(video);

  function play() {
    if (document.visibilityState !== "visible") return;
    var started = video.play();
    if (started && started.catch) started.catch(function () {}); // not allowed: it may sleep
  }
  // The touch that loaded this may be over: the next one (and each return to the page) plays.
  document.addEventListener("pointerdown", play, true);
  document.addEventListener("keydown", play, true);
  document.addEventListener("visibilitychange", play);
  play();
})();
