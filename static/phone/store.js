// The games this phone keeps (IndexedDB): one record per game, written, and flushed to the
// phone's storage, before anything is sent to the server. A reload, a closed tab, a phone
// restart or a server that is gone loses nothing entered.
//
// A record: {id, phone: {document, draft}, server: {document, version, taps} | null,
// taps: [], totals: [[…]], sides: [], flags: {creator, edit_key, archived}, screen: html,
// waiting: [tap…], pending: {op, key} | null, settle: {server, moved, before} | null,
// mismatch: "", local, moved, offline: the server did not answer the last request}
const NAME = "scorekeeper";
const GAMES = "games";

let opened = null;

function open() {
  if (!opened) {
    opened = new Promise(function (resolve, reject) {
      const request = indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(GAMES, { keyPath: "id" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  return opened;
}

function done(transaction, value) {
  return new Promise(function (resolve, reject) {
    transaction.oncomplete = function () { resolve(value && value.result); };
    transaction.onerror = transaction.onabort = function () { reject(transaction.error); };
  });
}

// Return the record of a game kept on this phone, or undefined.
export async function load(id) {
  const transaction = (await open()).transaction(GAMES, "readonly");
  return done(transaction, transaction.objectStore(GAMES).get(id));
}

// Keep a game's record; resolves once it is on the phone's storage for good.
export async function save(record) {
  record.kept = Date.now();
  const transaction = (await open()).transaction(GAMES, "readwrite", { durability: "strict" });
  transaction.objectStore(GAMES).put(record);
  return done(transaction);
}

// Return every game kept on this phone, the one touched last first.
export async function all() {
  const transaction = (await open()).transaction(GAMES, "readonly");
  const found = await done(transaction, transaction.objectStore(GAMES).getAll());
  return (found || []).sort(function (a, b) { return (b.kept || 0) - (a.kept || 0); });
}

// What of a kept game the server does not have yet, worked out from the record alone: the
// phone's game (record.phone) against the server's as it last said it (record.server).
// sync.js sends it; the page says it (light enough to come with the first page).

export function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// Return how many deals two lists of deals share from the start.
export function shared(mine, theirs) {
  let n = 0;
  while (n < mine.length && n < theirs.length && same(mine[n], theirs[n])) n += 1;
  return n;
}

// Say whether the deal at this place differs between the two lists by its note alone: a note
// written or changed on the phone, sent as a correction of that deal.
function noteOnly(mine, theirs, at) {
  if (at >= mine.length || at >= theirs.length) return false;
  const bare = function (deal) { const copy = Object.assign({}, deal); delete copy.note; return copy; };
  return same(bare(mine[at]), bare(theirs[at]));
}

// Return what is not yet in step with the server: {deals, taps} to send (or take back).
export function unsent(record) {
  const typed = record.taps;
  if (record.local) return { deals: record.phone.document.deals.length, taps: typed.length };
  const mine = record.phone.document.deals;
  const theirs = record.server.document.deals;
  const both = shared(mine, theirs);
  const noted = noteOnly(mine, theirs, both) ? 1 : 0; // a note changed: one deal to send, not two
  let taps = typed.length;
  if (both + noted === mine.length && both + noted === theirs.length) {
    const said = record.server.taps;
    let n = 0;
    while (n < said.length && n < typed.length && said[n] === typed[n]) n += 1;
    taps = typed.length - n + (said.length - n);
  }
  return { deals: mine.length - both + (theirs.length - both) - noted, taps: taps };
}

// Say whether the server was out of reach when this phone last asked it about a game (one
// started here and never sent counts as out of reach until the server answers).
export function wasOffline(record) {
  if (!record) return false;
  return record.offline === undefined ? Boolean(record.local) : record.offline;
}

// Return the next request that brings the server to the phone's game, or null when in step.
export function nextOp(record) {
  if (record.local) return { kind: "create" };
  const mine = record.phone.document.deals;
  const theirs = record.server.document.deals;
  const both = shared(mine, theirs);
  if (noteOnly(mine, theirs, both)) return { kind: "note", position: both + 1, deal: mine[both] };
  if (both < theirs.length) return { kind: "undo", position: theirs.length };
  if (both < mine.length) {
    return { kind: "deal", position: both + 1, deal: mine[both], totals: record.totals[both] };
  }
  const typed = record.taps;
  const said = record.server.taps;
  const prefix = said.length <= typed.length && said.every(function (tap, i) { return tap === typed[i]; });
  if (!prefix) return { kind: "tap", step: "undo" };
  if (typed.length > said.length) return { kind: "tap", step: typed[said.length] };
  return null;
}

// The page's security token, sent with every change.
export function token() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

// "3 deals", "1 tap", in the page's language.
function count(n, what) {
  return word(what, { n: n });
}

function pairs(sides, totals) {
  return sides.map(function (side, i) { return side + " " + totals[i]; }).join(", ");
}

// Say where a kept game stands on the status line (#where): online, offline with what is
// kept here, sending (only while the server answers), or something to settle. `offline`:
// the server is out of reach; `answering`: the phone answers by itself; `runtime`: this
// server offers the phone its rules; `extra`: words said after it.
export function sayWhere(record, how, extra) {
  const where = document.getElementById("where");
  if (!where) return;
  const offline = how.offline;
  let state = "online";
  let text = word("online");
  if (record && record.mismatch) {
    const m = record.mismatch;
    state = "bug";
    text = m.refused
      ? word("mismatchRefused", { what: m.refused })
      : word("mismatchScores", { number: m.number, phone: pairs(m.sides, m.phone), server: pairs(m.sides, m.server) });
  } else if (record && record.settle) {
    state = "settle";
    text = word(record.settle.moved ? "settleMoved" : "settleChanged");
  } else if (record && record.phone && record.server || record && how.answering) {
    const left = unsent(record);
    const kept = [];
    if (left.deals) kept.push(count(left.deals, "deals"));
    if (left.taps) kept.push(count(left.taps, "taps"));
    if (record.local) {
      state = offline ? "offline" : "sending";
      text = offline
        ? word("offlineLocal", { deals: count(record.phone.document.deals.length, "deals") })
        : word("sending");
    } else if (!kept.length) {
      state = offline ? "offline" : "online";
      text = word(offline ? "offlineInStep" : "online");
    } else if (offline) {
      state = "offline";
      const both = kept.length > 1 ? word("both", { first: kept[0], second: kept[1] }) : kept[0];
      text = word("offlineKept", { kept: both });
    } else {
      state = "sending";
      text = word("sending");
    }
  } else if (record && record.waiting && record.waiting.length) {
    const waiting = count(record.waiting.length, "taps");
    state = offline ? "offline" : "sending";
    // A server with no runtime offers no offline table: the rules never get ready here.
    const wait = how.runtime ? "offlineWaiting" : "offlineNoTable";
    text = offline ? word(wait, { taps: waiting }) : word("sending");
  } else if (offline) {
    state = "offline";
    text = word("offlineNoCopy");
  }
  if (extra) text += " " + extra;
  where.classList.toggle("long", Boolean(extra)); // a word beside the totals no more
  where.hidden = false;
  where.dataset.state = state;
  where.textContent = text;
}

// Note with a kept game whether the server answered this phone's last request (a page
// opened later says where things stood until it has asked again); return whether it is
// out of reach.
export async function keepReached(record, answered) {
  const offline = !answered;
  if (record && Boolean(record.offline) !== offline) {
    record.offline = offline;
    await save(record);
  }
  return offline;
}

// The words the table says, in the page's language: the page loads them before this module
// (templates/screen/words.js, one `_()` each), so no script keeps a sentence of its own.
// `word("taps", {n: 3})` fills a pattern's blanks ("{n} taps"); a count picks its form.
let words = null;

// The conflict panel's choices and the connection's comings and goings, as the table and the
// paper grid both follow them: `keeper` (table.js's Table, paper.js's Paper) settles with the
// choice tapped, after whatever it is doing, and says where the game stands as the WiFi comes
// and goes; a choice that fails is said by `failed(error)`.
export function followTheServer(keeper, failed) {
  const settling = document.getElementById("settling");
  if (settling) {
    settling.addEventListener("click", function (event) {
      const chosen = event.target.closest("[data-settle]");
      if (!chosen) return;
      chosen.disabled = true;
      keeper.queue = keeper.queue.then(function () { return keeper.settleWith(chosen.dataset.settle); }).catch(failed);
    });
  }
  window.addEventListener("online", function () { keeper.say(); if (keeper.sync) keeper.sync.kick(); });
  window.addEventListener("offline", function () { keeper.say(); });
}

export function word(key, values) {
  if (!words) words = window.scorekeeperWords || {};
  const blanks = values || {};
  let pattern = words[key];
  if (Array.isArray(pattern)) pattern = pattern[blanks.n === 1 ? 0 : 1];
  return String(pattern === undefined ? key : pattern).replace(/\{(\w+)\}/g, function (blank, name) {
    return name in blanks ? String(blanks[name]) : blank;
  });
}
