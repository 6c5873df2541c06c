// The tap screen, made sturdy for a real table. Everything works without this file: each
// tap is a form with a one-time token and the version of the screen it was made on.
// With it: a tap is kept on the phone (localStorage) and sent in order, so a WiFi drop
// loses nothing; the next screen is drawn at once, even offline; the buttons stay inert
// for a moment after a tap, so a slow double tap is one tap; and the page is replaced,
// not stacked, so Back leaves the game instead of walking back through every tap.
(function () {
  "use strict";
  var GUARD = 450; // ms a new screen ignores taps: a slow double tap is two taps ~300 ms apart
  var TAPPED = "scorekeeper.tapped";
  var PROBLEM = "scorekeeper.problem";
  var form = document.getElementById("tap");
  var planned = document.getElementById("tap-plan");

  function remember(store, name, value) {
    try { store.setItem(name, value); } catch (e) { /* private mode: nothing kept */ }
  }
  function recall(store, name) {
    try { return store.getItem(name); } catch (e) { return null; }
  }

  // Other forms on the page (the game-over undo): send once.
  document.addEventListener("submit", function (event) {
    var other = event.target;
    if (other === form && planned) return;
    if (other.dataset.sent) { event.preventDefault(); return; }
    other.dataset.sent = "1";
  });

  if (!form || !planned || !window.fetch || !window.URLSearchParams) return;
  var plan = JSON.parse(planned.textContent);
  var KEY = "scorekeeper.queue." + form.dataset.game;
  var banner = document.getElementById("queue");
  var ask = document.getElementById("ask");
  var queue = [];
  var steps = plan.steps.slice();
  var version = plan.version;
  var sending = false;
  var offline = false;
  var retry = null;

  try { queue = JSON.parse(recall(localStorage, KEY)) || []; } catch (e) { queue = []; }
  function save() { remember(localStorage, KEY, JSON.stringify(queue)); }

  // Drawing the screen from the taps made so far ----------------------------------------
  function said(kind) {
    return steps.filter(function (s) { return s[0] === kind; }).map(function (s) { return s[1]; });
  }
  function choiceOf(value) {
    return plan.choices.filter(function (c) { return c.value === value; })[0];
  }
  function button(step, label, attrs) {
    var b = document.createElement("button");
    b.name = "step";
    b.value = step;
    b.textContent = label;
    Object.keys(attrs || {}).forEach(function (name) { b.setAttribute(name, attrs[name]); });
    return b;
  }
  function heading(before, name, after) {
    var h = document.createElement("h2");
    var b = document.createElement("b");
    h.appendChild(document.createTextNode(before));
    b.textContent = name;
    h.appendChild(b);
    h.appendChild(document.createTextNode(after));
    return h;
  }
  function row(cls) {
    var div = document.createElement("div");
    div.className = "choices " + cls;
    return div;
  }

  function draw() {
    var bids = said("bid");
    var tricks = said("tricks").map(Number);
    var held = {};
    said("rainbow").forEach(function (seat) { held[seat] = !held[seat]; });
    var boards = 0;
    var total = 0;
    var tricksBid = 0;
    var boardsSaid = [];
    bids.forEach(function (value, i) {
      var choice = choiceOf(value) || { label: value, adds: 0 };
      var label = choice.label;
      if (value === "board") {
        label = plan.boards[boards] || label;
        boards += 1;
        boardsSaid.push(label);
      } else {
        tricksBid += choice.adds;
      }
      total += choice.adds;
      var cell = document.querySelector('.order li[data-seat="' + plan.order[i] + '"] .bid');
      if (cell) {
        cell.textContent = label;
        cell.classList.toggle("word", label.length > 2);
      }
    });
    document.querySelectorAll(".order li").forEach(function (li) {
      li.classList.toggle("now", Number(li.dataset.seat) === plan.order[bids.length]);
    });
    var tally = document.getElementById("tally");
    if (tally) {
      tally.textContent = boardsSaid.concat([tricksBid]).join(" + ") + " bid of " + plan.cards +
        " trick" + (plan.cards === 1 ? "" : "s");
    }
    var trump = said("trump").pop();
    form.querySelectorAll('button[value^="trump:"]').forEach(function (b) {
      b.setAttribute("aria-pressed", b.value === "trump:" + trump ? "true" : "false");
    });
    ask.textContent = "";
    if (bids.length < plan.order.length) {
      var bidder = plan.names[plan.order[bids.length]];
      var last = bids.length === plan.order.length - 1;
      var choices = row("bids");
      var seat = plan.order[bids.length];
      var allowed = plan.choices.filter(function (c) { return !(plan.hook && last && total + c.adds === plan.cards); });
      // A seat whose passes are used up may not pass, unless a pass is all that is left.
      var open = allowed.filter(function (c) { return !(c.pass && plan.passes_left && plan.passes_left[seat] === 0); });
      if (!open.length) open = allowed;
      if (open.length === 1) { steps.push(["bid", open[0].value, "auto"]); return draw(); }
      plan.choices.forEach(function (c) {
        var label = c.value === "board" ? (plan.boards[boards] || c.label) : c.label;
        var hooked = open.indexOf(c) < 0;
        choices.appendChild(button("bid:" + c.value, label, hooked ? { disabled: "", "class": "struck" } : {}));
      });
      ask.appendChild(heading("", bidder, " bids"));
      ask.appendChild(choices);
      return;
    }
    var thrownIn = plan.redeal && bids.every(function (v) { return (choiceOf(v) || {}).pass; });
    var left = plan.cards - tricks.reduce(function (a, b) { return a + b; }, 0);
    if (thrownIn || tricks.length >= plan.takers.length) {
      var done = document.createElement("p");
      done.className = "flash";
      done.textContent = "Deal " + plan.number + " is entered" + (thrownIn ? " (thrown in)" : "") +
        ". It is scored as soon as the server answers; the next deal shows then.";
      ask.appendChild(done);
      form.querySelector(".trumps").hidden = true;
      form.querySelector(".trump-title").hidden = true;
      return;
    }
    if (!left && !plan.rainbows) { steps.push(["tricks", "0", "auto"]); return draw(); } // no choice: no tap
    if (plan.rainbows) {
      var rainbows = row("rainbows");
      plan.names.forEach(function (name, seat) {
        rainbows.appendChild(button("rainbow:" + seat, name, { "aria-pressed": held[seat] ? "true" : "false" }));
      });
      ask.appendChild(heading("", "Rainbows", ""));
      ask.appendChild(rainbows);
    }
    var counts = row("tricks");
    for (var n = 0; n <= left; n += 1) counts.appendChild(button("tricks:" + n, String(n)));
    ask.appendChild(heading("Tricks taken by ", plan.takers[tricks.length], ""));
    ask.appendChild(counts);
  }

  // Inert for a moment after a tap ----------------------------------------------------------
  function inert(ms) {
    var buttons = form.querySelectorAll('button[name="step"]');
    buttons.forEach(function (b) {
      if (!b.disabled) { b.disabled = true; b.dataset.inert = "1"; }
    });
    setTimeout(function () {
      form.querySelectorAll('button[data-inert]').forEach(function (b) {
        b.disabled = false;
        delete b.dataset.inert;
      });
    }, ms);
  }

  // The queue: sent one at a time, in order --------------------------------------------------
  function tell() {
    if (!banner) return;
    banner.hidden = !queue.length;
    var count = queue.length + " tap" + (queue.length === 1 ? "" : "s");
    banner.textContent = offline ? "Offline — " + count + " waiting on this phone" : "Sending " + count + "…";
    banner.dataset.state = offline ? "offline" : "sending";
  }

  function nonce() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function token() {
    return form.querySelector('input[name="csrf_token"]').value;
  }

  function renew() {
    return fetch(form.dataset.url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.querySelector('meta[name="csrf-token"]');
        if (fresh) form.querySelector('input[name="csrf_token"]').value = fresh.content;
      });
  }

  function refused(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var why = page.getElementById("problem");
    var lost = queue.map(function (entry) { return entry.label; });
    var message = (why ? why.textContent.trim() : "The server refused a tap.") +
      (lost.length > 1 ? " Not saved either, tap again if still right: " + lost.slice(1).join(", ") + "." : "");
    queue = [];
    save();
    remember(sessionStorage, PROBLEM, message);
    location.replace(form.dataset.url);
  }

  function flush() {
    clearTimeout(retry);
    if (sending || !queue.length) return;
    sending = true;
    tell();
    var entry = queue[0];
    var body = new URLSearchParams();
    body.set("csrf_token", token());
    body.set("nonce", entry.nonce);
    body.set("version", entry.version);
    body.set("step", entry.step);
    fetch(form.action, { method: "POST", body: body, redirect: "manual", credentials: "same-origin" })
      .then(function (response) {
        sending = false;
        offline = false;
        if (response.type === "opaqueredirect" || (response.ok && response.redirected)) {
          queue.shift();
          save();
          if (!queue.length) { location.replace(form.dataset.url); return; }
          flush();
          return;
        }
        if (response.status === 400 && !entry.renewed) {
          entry.renewed = true; // the form's token has expired: take a fresh one and send again
          return renew().then(flush);
        }
        if (response.status === 403) {
          // This phone may no longer score (the creator took scoring back): nothing waiting
          // here can be saved. The game's page, as this phone may now see it, says why.
          queue = [];
          save();
          location.replace(form.dataset.url);
          return;
        }
        return response.text().then(refused);
      }, function () {
        sending = false;
        offline = true;
        tell();
        retry = setTimeout(flush, 3000);
      });
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var pressed = event.submitter;
    if (!pressed || pressed.name !== "step") return;
    remember(sessionStorage, TAPPED, String(Date.now()));
    inert(GUARD);
    if (pressed.value === "undo" && queue.length && !sending) {
      queue.pop();
      save();
      while (steps.length && steps[steps.length - 1][2] === "auto") steps.pop();
      steps.pop();
      version -= 1;
      draw();
      tell();
      return;
    }
    if (pressed.value === "undo" && offline) {
      if (banner) banner.textContent = "Offline: a tap the server already has can be undone once it answers again.";
      return;
    }
    queue.push({ step: pressed.value, nonce: nonce(), version: version, label: pressed.textContent.trim() });
    save();
    if (pressed.value !== "undo") {
      steps.push(pressed.value.split(":"));
      version += 1;
      draw();
      inert(GUARD);
    }
    flush();
  });

  // On arrival: taps still waiting from before are drawn and sent; a refusal is said plainly.
  queue.forEach(function (entry) {
    if (entry.version >= version && entry.step !== "undo") {
      steps.push(entry.step.split(":"));
      version = entry.version + 1;
    }
  });
  if (queue.length) draw();
  var problem = recall(sessionStorage, PROBLEM);
  if (problem) {
    sessionStorage.removeItem(PROBLEM);
    var shown = document.createElement("p");
    shown.className = "flash error";
    shown.setAttribute("role", "alert");
    shown.id = "problem";
    shown.textContent = problem;
    form.parentNode.insertBefore(shown, form);
  }
  var wait = Number(recall(sessionStorage, TAPPED) || 0) + GUARD - Date.now();
  if (wait > 0) inert(wait);
  window.addEventListener("online", flush);
  flush();
})();
