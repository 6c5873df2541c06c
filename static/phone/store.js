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

// Return what is not yet in step with the server: {deals, taps} to send (or take back).
export function unsent(record) {
  const typed = record.taps;
  if (record.local) return { deals: record.phone.document.deals.length, taps: typed.length };
  const mine = record.phone.document.deals;
  const theirs = record.server.document.deals;
  const both = shared(mine, theirs);
  let taps = typed.length;
  if (both === mine.length && both === theirs.length) {
    const said = record.server.taps;
    let n = 0;
    while (n < said.length && n < typed.length && said[n] === typed[n]) n += 1;
    taps = typed.length - n + (said.length - n);
  }
  return { deals: mine.length - both + (theirs.length - both), taps: taps };
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

// The words the table says, in the page's language: the page loads them before this module
// (templates/screen/words.js, one `_()` each), so no script keeps a sentence of its own.
// `word("taps", {n: 3})` fills a pattern's blanks ("{n} taps"); a count picks its form.
let words = null;

export function word(key, values) {
  if (!words) words = window.scorekeeperWords || {};
  const blanks = values || {};
  let pattern = words[key];
  if (Array.isArray(pattern)) pattern = pattern[blanks.n === 1 ? 0 : 1];
  return String(pattern === undefined ? key : pattern).replace(/\{(\w+)\}/g, function (blank, name) {
    return name in blanks ? String(blanks[name]) : blank;
  });
}
