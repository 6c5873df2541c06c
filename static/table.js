// The scorer's table, kept and run by the phone. Everything works without this file: each
// tap is a form the server takes. With it, the phone keeps the game (IndexedDB, phone/
// store.js) and, once its copy of the server's rules is ready (phone/rules.js, a worker
// running the server's own Python), answers every tap itself: the next screen is the
// server's own template drawn from the server's own view-model, with or without a server.
// What the phone has is sent in order, once (phone/sync.js); the server's scores must equal
// the phone's; a game changed on the server meanwhile is the scorer's to settle. The line
// under the totals always says where things stand. On /offline (the page the service
// worker shows with no connection) phone/here.js lists the games kept here and starts new ones.
import * as store from "/static/phone/store.js";
import { followTheServer, keepReached, nextOp, sayWhere, token, wasOffline, word } from "/static/phone/store.js";

// The rules and the sending come once the page is idle, with the rules' runtime: the first
// visit's page loads only what it needs to draw the server's screen and keep a tap.
let rules = null;
let sync = null;
let settle = null;
let phoneCode = null;

function loadPhoneCode() {
  if (!phoneCode) {
    phoneCode = Promise.all([
      import("/static/phone/rules.js"),
      import("/static/phone/sync.js"),
      import("/static/phone/settle.js"),
    ]).then(function (loaded) { rules = loaded[0]; sync = loaded[1]; settle = loaded[2]; });
  }
  return phoneCode;
}

function idle() {
  return new Promise(whenIdle);
}

const GUARD = 450; // ms a new screen ignores taps: a slow double tap is two taps ~300 ms apart
const screen = document.getElementById("screen");
const shell = document.getElementById("phone-table");

function randomKey() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
}

// Put a freshly drawn screen in place; the score bar and the status line stay the same nodes,
// so a screen reader hears what changed in them.
function swap(html) {
  const next = document.createElement("div");
  next.innerHTML = html;
  const bar = document.getElementById("scorebar");
  const where = document.getElementById("where");
  const nextBar = next.querySelector("#scorebar");
  if (bar && nextBar && where) {
    const placeholder = nextBar.querySelector("#where");
    if (placeholder) placeholder.replaceWith(where);
    bar.replaceChildren.apply(bar, Array.from(nextBar.childNodes));
    nextBar.replaceWith(bar);
  }
  screen.replaceChildren.apply(screen, Array.from(next.childNodes));
  screen.hidden = false;
  drawn += 1;
  screen.dataset.drawn = loaded + "-" + drawn;
  inert();
}

// A page's drawings are counted (data-drawn), so a test knows a tap's screen is in place.
const loaded = String(Math.round(performance.timeOrigin));
let drawn = 0;
let tappedAt = Number(sessionStorage.getItem("scorekeeper.tapped") || 0);
let inertTimer = null;

// The buttons stay inert for a moment after a tap: a slow double tap is one tap.
function inert() {
  const wait = tappedAt + GUARD - Date.now();
  if (wait <= 0) return;
  screen.querySelectorAll('button[name="step"]').forEach(function (button) {
    if (!button.disabled) { button.disabled = true; button.dataset.inert = "1"; }
  });
  clearTimeout(inertTimer);
  inertTimer = setTimeout(function () {
    screen.querySelectorAll("button[data-inert]").forEach(function (button) {
      button.disabled = false;
      delete button.dataset.inert;
    });
  }, wait);
}

function runtimeUrl() {
  return (shell ? shell.dataset.runtime : screen.dataset.runtime) || "";
}

function whenIdle(work) {
  const go = function () { (window.requestIdleCallback || setTimeout)(work, { timeout: 2000 }); };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}

class Table {
  constructor(id, url, page) {
    this.id = id;
    this.url = url;
    this.page = page; // what the server's page said: {version, taps, flags}, or null on /offline
    this.record = null;
    this.sync = null;
    this.phone = false; // the phone answers taps itself
    this.queue = Promise.resolve();
    this.problem = "";
    this.offline = false; // the server did not answer this phone's last request
    this.note = null; // a note the rules refused: {typed, problem}, drawn beside its field
  }

  // Note whether the server answered the last request. Kept with the game: a page opened
  // later says where things stood until it has asked again.
  async reached(answered) {
    this.offline = await keepReached(this.record, answered);
    this.say();
  }

  // Say whether the server is out of reach, as far as this phone knows.
  unreached() {
    return navigator.onLine === false || this.offline;
  }

  // Say whether this phone holds anything of the game the server does not have yet.
  waiting() {
    const record = this.record;
    if (!record) return false;
    if (record.waiting && record.waiting.some(function (tap) { return !tap.sent; })) return true;
    if (record.settle || record.local) return true;
    return Boolean(record.phone && record.server && nextOp(record));
  }

  // The status line, in words: online, offline with what is kept here, sending (only while
  // the server answers), to settle.
  say(extra) {
    sayWhere(this.record, { offline: this.unreached(), answering: this.phone, runtime: Boolean(runtimeUrl()) }, extra);
  }

  // Begin on the server's page of the game: the phone's copy, the rules, the server's game.
  async begin() {
    this.record = (await store.load(this.id).catch(function () { return null; })) || null;
    const record = this.record;
    const page = this.page;
    this.offline = wasOffline(record);
    const ahead = record && record.phone && record.server &&
      (record.server.version > page.version || nextOp(record) || record.settle || record.mismatch);
    if (ahead && record.screen) swap(record.screen); // this phone's game, newer than the page
    if (record && record.phone && !ahead) record.flags = page.flags;
    this.say();
    if (record && record.settle) this.drawSettle();
    const needed = !record || !record.phone || (page.version !== record.server.version && !ahead);
    const known = record && record.server;
    const fresh = !needed ? Promise.resolve(null) : idle().then(loadPhoneCode).then(() => {
      return sync.fetchServer(this.id, known);
    });
    await this.takeOver(fresh);
  }

  // Begin on /offline with a game kept on this phone.
  async resume(record) {
    this.record = record;
    this.offline = wasOffline(record);
    if (record.screen) swap(record.screen);
    this.say();
    if (record.settle) this.drawSettle();
    await this.takeOver(Promise.resolve(null));
  }

  // Once the rules are ready, the phone answers taps itself.
  async takeOver(fresh) {
    try {
      await idle(); // the rules (and, the first time, their download) wait for idle
      await loadPhoneCode();
      await rules.start(runtimeUrl());
    } catch (error) {
      this.say(word("noRules", { error: error.message }));
      return;
    }
    let server = await fresh;
    // Every tap on its way to the server lands first; the taps after it wait for the rules.
    for (let going = null; going !== this.inFlight;) { going = this.inFlight; await going; }
    this.takingOver = true;
    if (server && server.document && this.page && server.version !== this.page.version) {
      server = await sync.fetchServer(this.id, null); // taps went to the server meanwhile
    }
    let record = this.record;
    if (server) await this.reached(!server.offline);
    if (!record || !record.phone) {
      if (!server || !server.document) {
        this.takingOver = false; // no game to take over: taps go on to the server
        this.offline = true;
        this.say();
        return;
      }
      const waiting = record ? record.waiting : [];
      record = this.record = { id: this.id, flags: this.page.flags, waiting: waiting || [] };
      await this.adopt(server);
    } else if (server && server.document && !nextOp(record)) {
      await this.adopt(server);
    }
    // Taps made while the rules took over are still coming in: each is applied in turn.
    for (;;) {
      const waiting = (this.record.waiting || []).filter(function (tap) { return !tap.sent; });
      if (!waiting.length) break;
      this.record.waiting = [];
      for (const tap of waiting) await this.apply(tap.step);
    }
    this.phone = true;
    this.sync = new sync.Sync(record, this.hooks());
    await this.draw();
    document.documentElement.dataset.phone = "ready";
    this.sync.kick();
  }

  // Take the server's game as this phone's.
  async adopt(server) {
    const record = this.record;
    const opened = await rules.ask({ ask: "open", document: server.document, taps: server.taps });
    record.server = { document: server.document, version: server.version, taps: server.taps };
    this.keep(opened);
    if (server.page) {
      record.flags = { creator: server.page.creator, edit_key: server.page.edit_key, archived: server.page.archived };
    }
  }

  // Keep where the rules say the table stands.
  keep(state) {
    const record = this.record;
    record.phone = { document: state.document, draft: state.draft };
    record.taps = state.taps;
    record.totals = state.totals;
    record.sides = state.sides;
    record.over = state.over;
  }

  screenAsked() {
    const flags = this.record.flags || {};
    return {
      id: this.id,
      version: this.record.server ? this.record.server.version : 0,
      creator: flags.creator,
      edit_key: flags.edit_key,
      archived: flags.archived,
      token: token(),
      nonce: randomKey(),
      problem: this.problem,
      note_typed: this.note ? this.note.typed : null, // a note refused: kept in its field
      note_problem: this.note ? this.note.problem : "",
    };
  }

  // Draw the screen from the phone's game, as the server would draw it.
  async draw() {
    const record = this.record;
    const drawn = await rules.ask(Object.assign({ ask: "screen" }, this.screenAsked(), record.phone));
    this.shown(drawn);
    await store.save(record);
  }

  shown(drawn) {
    this.keep(drawn);
    this.record.screen = drawn.html;
    swap(drawn.html);
    this.problem = "";
    this.note = null;
    this.say();
  }

  async apply(step) {
    const record = this.record;
    const answer = await rules.ask({ ask: "tap", step: step, document: record.phone.document, draft: record.phone.draft });
    if (answer.error) this.problem = answer.error;
    else this.keep(answer);
  }

  // One tap: answered by the phone, kept, then sent.
  async tap(step) {
    if (!this.phone) return this.tapOnServer(step);
    const record = this.record;
    const asked = { ask: "tap", step: step, document: record.phone.document, draft: record.phone.draft, screen: this.screenAsked() };
    const answer = await rules.ask(asked);
    if (answer.error) {
      if (step.indexOf("note:") === 0) this.note = { typed: step.slice(5), problem: answer.error };
      else this.problem = answer.error;
      await this.draw();
      return;
    }
    this.shown(answer);
    await store.save(record); // on the phone before it is sent
    this.sync.kick();
  }

  // A tap before the phone's rules are ready: kept on the phone, then sent to the server.
  // The rules, once ready, wait for every tap on its way (takeOver): a tap the server takes
  // while the phone reads the server's game would be on neither the game read nor the screen.
  tapOnServer(step) {
    const going = this.sendToServer(step);
    this.inFlight = Promise.all([this.inFlight, going.catch(function () {})]);
    return going;
  }

  async sendToServer(step) {
    let record = this.record;
    if (!record) record = this.record = { id: this.id, waiting: [] };
    record.waiting = record.waiting || [];
    const ahead = record.phone && record.server && nextOp(record);
    record.waiting.push({ step: step, nonce: randomKey(), version: this.page.version + record.waiting.length });
    await store.save(record);
    this.say();
    if (ahead) return; // the phone's game is ahead of the server's: the rules take the tap
    if (this.takingOver) return; // the rules are taking over: they take the tap
    let answered = null;
    for (const tap of record.waiting) {
      if (tap.sent) continue;
      const form = new URLSearchParams({ csrf_token: token(), nonce: tap.nonce, version: String(tap.version), step: tap.step });
      if (tap.step.indexOf("note:") === 0) { form.set("step", "note"); form.set("note", tap.step.slice(5)); }
      try {
        answered = await fetch(this.url + "/tap", { method: "POST", body: form, redirect: "manual", credentials: "same-origin" });
      } catch (error) {
        await this.reached(false);
        return;
      }
      tap.sent = true;
      await store.save(record);
      if (answered.type !== "opaqueredirect") break; // refused: the page it sent says why
    }
    record.waiting = [];
    await this.reached(true);
    await store.save(record);
    await this.fromServer(answered && answered.type !== "opaqueredirect" ? answered : null);
  }

  // Draw the server's next screen in place (no new page: the rules go on getting ready).
  async fromServer(answered) {
    let html;
    try {
      const response = answered || await fetch(this.url, { credentials: "same-origin", cache: "no-store" });
      html = await response.text();
    } catch (error) {
      await this.reached(false);
      return;
    }
    const fresh = new DOMParser().parseFromString(html, "text/html");
    const next = fresh.getElementById("screen");
    const meta = fresh.querySelector('meta[name="csrf-token"]');
    if (meta) document.querySelector('meta[name="csrf-token"]').content = meta.content;
    if (!next || !next.dataset.url) { location.replace(this.url); return; } // scoring moved
    this.page.version = Number(next.dataset.version);
    this.page.taps = next.dataset.taps ? next.dataset.taps.split(" ") : [];
    swap(next.innerHTML);
    this.say();
  }

  hooks() {
    const table = this;
    return {
      token: token,
      renew: sync.renewToken,
      changed: function () { table.say(); },
      reached: function (answered) { return table.reached(answered); },
      unreached: function () { return table.unreached(); },
      reconcile: function () { return table.reconcile(); },
      refused: function (op, answer) { return table.refused(op, answer); },
      created: function (made) { return table.created(made); },
    };
  }

  // A change refused, a game changed meanwhile, a game created: phone/settle.js, which comes
  // with the sending, takes them.
  reconcile() { return settle.reconcile(this); }

  refused(op, answer) { return settle.refused(this, op, answer); }

  created(made) { return settle.created(this, made); }

  // A game left to settle: both versions, the server's as it is now.
  async drawSettle() {
    await loadPhoneCode();
    await rules.start(runtimeUrl());
    return settle.reopen(this);
  }

  settleWith(choice) { return settle.settleWith(this, choice); }
}

// Taps: one at a time, in order, a slow double tap counted once.
function listen(table) {
  screen.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.classList.contains("tap")) return;
    event.preventDefault();
    const pressed = event.submitter;
    if (!pressed || pressed.name !== "step") return;
    const now = Date.now();
    if (now - tappedAt < GUARD) return;
    tappedAt = now;
    try { sessionStorage.setItem("scorekeeper.tapped", String(now)); } catch (error) { /* private mode */ }
    inert();
    // A note's words are its own field's: the tap says them after "note:".
    const step = pressed.value === "note" ? "note:" + form.elements.note.value : pressed.value;
    table.queue = table.queue.then(function () { return table.tap(step); }).catch(function (error) {
      table.say(word("tapFailed", { error: error.message }));
    });
  });
  followTheServer(table, function (error) { table.say(word("tapFailed", { error: error.message })); });
  // secure.js moves a page from the plain address to the secure one only once this phone has
  // nothing of this game to send: what a phone keeps is kept per address.
  window.scorekeeperWaiting = function () { return table.waiting(); };
}

// The server's page of a game, opened by a phone that scores it.
function onGamePage() {
  const data = screen.dataset;
  const page = {
    version: Number(data.version),
    taps: data.taps ? data.taps.split(" ") : [],
    flags: { creator: data.creator === "yes", edit_key: data.editKey || "", archived: data.archived === "yes" },
  };
  const table = new Table(data.game, data.url, page);
  listen(table);
  table.begin().catch(function (error) { table.say(word("openFailed", { error: error.message })); });
}

if (screen) {
  screen.dataset.drawn = loaded + "-0";
  inert();
}
if (screen && screen.dataset.url && !shell) onGamePage();
// /offline, this phone's table: its own module, as only that page needs it.
if (shell) {
  import("/static/phone/here.js").then(function (here) {
    return here.onThisPhone({ Table: Table, listen: listen, randomKey: randomKey });
  });
}
