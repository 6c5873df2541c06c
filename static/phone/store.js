// The games this phone keeps (IndexedDB): one record per game, written, and flushed to the
// phone's storage, before anything is sent to the server. A reload, a closed tab, a phone
// restart or a server that is gone loses nothing entered.
//
// A record: {id, phone: {document, draft}, server: {document, version, taps} | null,
// taps: [], totals: [[…]], sides: [], flags: {creator, edit_key, archived}, screen: html,
// waiting: [tap…], pending: {op, key} | null, settle: {…} | null, mismatch: "" , local, moved}
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
