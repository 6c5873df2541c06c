// When the server and this phone disagree: a change refused as out of date (the game as the
// server has it now is fetched, and carried on from when it only adds to the phone's), a game
// changed meanwhile (both versions drawn in words for the scorer to choose), a change refused
// outright (said, never hidden), and a game started here that is on the server now. Loaded
// with the sending (phone/sync.js), once the page is idle; `table` is table.js's Table.
//
// While both versions are shown, the server's is the server's as it is now: asked for when
// the panel is drawn and every few seconds after (a 304 while unchanged, as the watch page
// asks), redrawn with what changed on it. A choice acts at once on the game as shown: if the
// server changed since, or cannot be reached, nothing is done and the panel says why.
import * as store from "/static/phone/store.js";
import * as rules from "/static/phone/rules.js";
import { askGame, fetchServer, newKey } from "/static/phone/sync.js";
import { same, shared, token, word } from "/static/phone/store.js";

const settling = document.getElementById("settling");
const shell = document.getElementById("phone-table");
const WATCH = 2000; // ms between asks for the server's game while both versions are shown
let watching = null;

// The server refused a change as out of date: see how the game stands there now.
export async function reconcile(table) {
  const record = table.record;
  const server = await fetchServer(table.id, record.server);
  if (server.offline) { await table.reached(false); table.sync.later(2000); return false; }
  if (!server.document) return refused(table, null, server);
  return standWith(table, server, null);
}

// Go on from the server's game as it is now: carried on from when it holds no deal this phone
// lacks, taken when this phone changed no deal, else both shown for the scorer to choose
// (with `before`, the server's game as last shown, to say what changed on it). Resolve with
// whether the sending may go on.
async function standWith(table, server, before) {
  const record = table.record;
  const mine = record.phone.document.deals;
  const theirs = server.document.deals;
  const now = { document: server.document, version: server.version, taps: server.taps };
  if (shared(theirs, mine) === theirs.length) {
    // The server holds no deal this phone lacks: carry on from where it is.
    close(record);
    record.server = now;
    await store.save(record);
    return true;
  }
  if (shared(mine, theirs) === mine.length && same(mine, record.server.document.deals)) {
    close(record);
    await table.adopt(server); // this phone changed no deal: the server's game is the game
    await table.draw();
    return true;
  }
  record.settle = { server: now, moved: false, before: before };
  await store.save(record);
  await drawSettle(table);
  return false;
}

// Show the server's game as it is now. Resolve with "same" (as shown), "offline" (out of
// reach), or "changed" (redrawn, or no longer at odds with this phone's); with `why`, say
// beside the choices why the one made was not taken.
export async function refresh(table, why) {
  const record = table.record;
  const settle = record.settle;
  if (!settle) return "changed";
  const asked = await askGame(table.id, settle.server); // a 304 while it is as shown
  const server = asked.status === 200 ? await fetchServer(table.id, null) : asked;
  if (server.offline) {
    await table.reached(false);
    watch(table);
    return "offline";
  }
  await table.reached(true);
  if (!server.document || server.version === settle.server.version) {
    watch(table);
    return "same"; // as shown, or no game to show: the choice's request says why
  }
  const before = settle.server.document;
  if (settle.moved) {
    settle.server = { document: server.document, version: server.version, taps: server.taps };
    settle.before = before;
    await store.save(record);
    await drawSettle(table, why);
  } else if (await standWith(table, server, before)) {
    if (table.sync) table.sync.kick();
  } else if (why) {
    answer(why);
  }
  return "changed";
}

// While both versions are shown, ask for the server's every few seconds, one ask at a time
// with the scorer's choices.
function watch(table) {
  clearTimeout(watching);
  watching = setTimeout(function () {
    table.queue = table.queue.then(function () { return refresh(table); }).catch(function () { watch(table); });
  }, WATCH);
}

// The scorer chose, or there is nothing left to choose: the panel stops asking.
function close(record) {
  record.settle = null;
  clearTimeout(watching);
  if (settling && !document.getElementById("noted")) settling.replaceChildren();
}

// Say beside the choices why the one made was not taken, and offer them again.
function answer(why) {
  const said = document.getElementById("settle-said");
  if (!said) return;
  said.textContent = why;
  said.hidden = false;
  settling.querySelectorAll("[data-settle]").forEach(function (button) { button.disabled = false; });
}

export async function refused(table, op, answer) {
  const record = table.record;
  if (answer.status === 403 || answer.status === 404) {
    const server = answer.status === 403 ? await fetchServer(table.id, null) : null;
    const mine = record.phone.document.deals;
    const theirs = server && server.document ? server.document.deals : [];
    if (shared(mine, theirs) < mine.length) {
      record.settle = { server: server && server.document ? server : { document: Object.assign({}, record.phone.document, { deals: [] }), version: 0, taps: [] }, moved: true };
      await store.save(record);
      await drawSettle(table);
      return false;
    }
    // Nothing but taps of this deal: the server's page says why they were not saved.
    record.phone = null;
    await store.save(record);
    location.replace(table.url);
    return false;
  }
  let why = typeof answer.body === "object" && answer.body ? answer.body.error : "";
  if (!why && typeof answer.body === "string") {
    const said = new DOMParser().parseFromString(answer.body, "text/html").getElementById("problem");
    why = said ? said.textContent.trim() : "";
  }
  why = why || word("status", { status: answer.status });
  const what = op && op.kind === "deal"
    ? word("refusedDeal", { number: op.position, why: why })
    : word("refusedTap", { why: why });
  record.mismatch = { refused: what };
  await store.save(record);
  return false;
}

// A game started on this phone is on the server now: it goes on as the server's game.
export async function created(table, made) {
  const local = table.record;
  const server = await fetchServer(made.id, null);
  if (!server.document) return false;
  const record = Object.assign({}, local, {
    id: made.id,
    local: false,
    pending: null,
    server: { document: server.document, version: server.version, taps: server.taps },
    flags: { creator: server.page.creator, edit_key: server.page.edit_key, archived: false },
  });
  await store.save(record);
  await store.save({ id: local.id, moved: made.id });
  table.id = made.id;
  table.url = made.url;
  table.record = table.sync.record = record;
  if (shell) history.replaceState(null, "", "#" + made.id);
  await table.draw();
  note(word("archived"), made.url, word("archivedLink"));
  return true;
}

// Draw both versions (and what changed on the server since last shown); with `why`, say
// beside the choices why the one made was not taken.
export async function drawSettle(table, why) {
  if (!settling || !table.record.settle) return;
  const record = table.record;
  const settle = record.settle;
  const drawn = await rules.ask({
    ask: "settle", server: settle.server.document, phone: record.phone.document,
    moved: settle.moved, before: settle.before || null,
  });
  settling.innerHTML = drawn.html;
  settling.dataset.version = String(settle.server.version);
  settling.hidden = false;
  if (why) answer(why);
  table.say();
  watch(table);
}

// Both versions shown again (a page opened on a game left to settle): drawn as kept, then
// the server's asked for at once.
export async function reopen(table) {
  await drawSettle(table);
  table.queue = table.queue.then(function () { return refresh(table); });
}

// The scorer chose: "phone" (send this phone's deals over the server's), "server" (let this
// phone's go), "copy" (this phone's version becomes a game of its own; the server's stays).
export async function settleWith(table, choice) {
  const record = table.record;
  const settle = record.settle;
  if (!settle) return;
  // The choice is made on the game as shown: taken only if the server still has it.
  const now = await refresh(table, word("settleStale"));
  if (now === "offline") { answer(word("settleUnreached")); return; }
  if (now !== "same") return;
  if (choice === "copy") {
    settle.key = settle.key || newKey();
    await store.save(record);
    const made = await fetch("/api/games", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token(), "Idempotency-Key": settle.key },
      body: JSON.stringify(record.phone.document),
    }).then(function (response) { return response.status === 201 ? response.json() : null; }, function () { return null; });
    if (!made) { answer(word("copyFailed")); return; }
    note(word("copied"), made.url, word("copiedLink"));
    choice = "server";
  }
  close(record);
  if (settle.moved) {
    // This phone may no longer change the game: it shows the server's page, as a watcher.
    record.phone = null;
    await store.save(record);
    if (!document.getElementById("noted")) location.replace(table.url);
    return;
  }
  if (choice === "server") {
    await table.adopt(settle.server);
  } else {
    record.server = settle.server;
  }
  await table.draw();
  table.sync.kick();
}

// Say something worth keeping in view above the screen, with a link where it says {link}.
function note(words, url, label) {
  if (!settling) return;
  const said = document.createElement("p");
  said.className = "flash success";
  said.id = "noted";
  const link = document.createElement("a");
  link.href = url;
  link.textContent = label;
  const parts = words.split("{link}");
  said.append(parts[0], link, parts.slice(1).join(""));
  settling.replaceChildren(said);
  settling.hidden = false;
}

