// Sending the phone's game to the server: in order, once each, and never over a newer game.
//
// The phone keeps the game as it has it (record.phone) and as the server last said it
// (record.server). What to send next is worked out from the two alone: the server's deals
// beyond the ones both hold are taken back (the scorer undid them here), the phone's are
// recorded through the API, one at a time (a deal whose note alone changed is corrected in
// place), then the taps of the deal being entered go
// through the table's tap form. Every request carries the server's version as the phone
// knows it and a key of its own (kept with it, so a request sent again after a reload is
// answered as the first was and records nothing). The server's scores must equal the
// phone's; a game changed on the server meanwhile is the scorer's to settle (table.js).
import { nextOp, same, save } from "/static/phone/store.js";

const TIMEOUT = 6000; // ms before a request the server does not answer counts as offline

export function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
}

// Take a fresh security token from the server (the page's went stale).
export async function renewToken() {
  try {
    const page = await fetch("/", { credentials: "same-origin", cache: "no-store" });
    const found = new DOMParser().parseFromString(await page.text(), "text/html")
      .querySelector('meta[name="csrf-token"]');
    const meta = document.querySelector('meta[name="csrf-token"]');
    if (found && meta) meta.content = found.content;
  } catch (error) { /* offline: the token stays, and is tried again */ }
}

// Ask the server; resolve with {status, ok, body, headers}, or {offline: true} when it does
// not answer in time.
export async function request(url, options) {
  const abort = new AbortController();
  const timer = setTimeout(function () { abort.abort(); }, TIMEOUT);
  try {
    const response = await fetch(url, Object.assign({ credentials: "same-origin", signal: abort.signal, cache: "no-store" }, options));
    let body = null;
    if ((response.headers.get("Content-Type") || "").indexOf("application/json") === 0) {
      body = await response.json();
    } else if (response.type !== "opaqueredirect") {
      body = await response.text();
    }
    return { status: response.status, ok: response.ok || response.type === "opaqueredirect", body: body, headers: response.headers };
  } catch (error) {
    return { offline: true };
  } finally {
    clearTimeout(timer);
  }
}

function api(method, url, token, key, body) {
  const headers = { "X-CSRFToken": token, "Idempotency-Key": key };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return request(url, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

// Send one request for the record; resolve with {status, ok, body} or {offline: true}.
export function send(record, pending, token) {
  const op = pending.op;
  const game = "/api/games/" + encodeURIComponent(record.id);
  const version = record.server ? record.server.version : null;
  if (op.kind === "create") return api("POST", "/api/games", token, pending.key, record.phone.document);
  if (op.kind === "deal") {
    return api("POST", game + "/deals", token, pending.key, Object.assign({ deal: op.position, version: version }, op.deal));
  }
  if (op.kind === "note") {
    return api("PUT", game + "/deals/" + op.position, token, pending.key, Object.assign({ version: version }, op.deal));
  }
  if (op.kind === "undo") return api("DELETE", game + "/deals/" + op.position, token, pending.key, { version: version });
  const form = new URLSearchParams();
  form.set("csrf_token", token);
  form.set("nonce", pending.key);
  form.set("version", String(version));
  form.set("step", op.step);
  return request("/games/" + encodeURIComponent(record.id) + "/tap", { method: "POST", body: form, redirect: "manual" });
}

// Ask for the game as the server has it (a 304 if it is still at the version known).
export function askGame(id, known) {
  const headers = { Accept: "application/json" };
  if (known) headers["If-None-Match"] = '"' + id + "-" + known.version + '"';
  return request("/api/games/" + encodeURIComponent(id), { headers: headers });
}

// Fetch the game as the server has it now: its game file, version and the taps of its deal.
export async function fetchServer(id, known) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const game = await askGame(id, known);
    if (game.offline) return { offline: true };
    if (game.status !== 200 && game.status !== 304) return { status: game.status, body: game.body };
    const table = await request("/games/" + encodeURIComponent(id) + "/table.json", {});
    if (table.offline) return { offline: true };
    if (table.status !== 200) return { status: table.status, body: table.body };
    const document = game.status === 304 ? known.document : game.body.game;
    const version = game.status === 304 ? known.version : game.body.version;
    if (version === table.body.version) {
      return { document: document, version: version, taps: table.body.taps, page: table.body };
    }
  }
  return { offline: true }; // the game kept changing as it was read: try again later
}

// The sending, one request at a time, for one game: kick() whenever something changed.
export class Sync {
  constructor(record, hooks) {
    this.record = record;
    this.hooks = hooks;
    this.running = false;
    this.again = false;
    this.asked = false; // whether this page has asked the server anything yet
    this.timer = null;
    this.delay = 1000;
  }

  kick() {
    clearTimeout(this.timer);
    if (this.running) { this.again = true; return; }
    this.run();
  }

  later(ms) {
    clearTimeout(this.timer);
    const sync = this;
    this.timer = setTimeout(function () { sync.kick(); }, ms);
  }

  // Try again a little later each time, up to every 5 s, while the server does not answer.
  retry(ms) {
    this.later(ms || this.delay);
    this.delay = Math.min(this.delay * 2, 5000);
  }

  async run() {
    this.running = true;
    try {
      do {
        this.again = false;
        while (await this.step()) { /* next request */ }
      } while (this.again);
    } finally {
      this.running = false;
      this.hooks.changed();
    }
  }

  // Send the next request; say whether to go on at once.
  async step() {
    const record = this.record;
    if (record.settle || record.mismatch || record.gone) return false;
    const op = nextOp(record);
    if (!op) {
      if (record.pending) { record.pending = null; await save(record); }
      if (!this.asked || this.hooks.unreached()) await this.probe();
      return false;
    }
    if (!record.pending || !same(record.pending.op, op)) {
      record.pending = { op: op, key: newKey() };
      await save(record); // kept before it is sent: a reload sends it again under the same key
    }
    this.hooks.changed();
    this.asked = true;
    const answer = await send(record, record.pending, this.hooks.token());
    await this.hooks.reached(!answer.offline);
    if (answer.offline || answer.status >= 500 || answer.status === 429) {
      this.retry(answer.status === 429 ? 1000 * Number(answer.headers.get("Retry-After") || 5) : 0);
      return false;
    }
    this.delay = 1000;
    if (answer.ok) return this.done(op, answer.body);
    if (answer.status === 409) return this.hooks.reconcile();
    if (answer.status === 400 && !record.pending.renewed) {
      record.pending.renewed = true; // the page's token went stale: take a fresh one, once
      await this.hooks.renew();
      return true;
    }
    return this.hooks.refused(op, answer);
  }

  // Nothing to send: ask whether the server answers (the game's version: a 304 weighs
  // nothing), once a page and again while it does not, so the line says where things stand.
  async probe() {
    this.asked = true;
    const answer = await askGame(this.record.id, this.record.server);
    await this.hooks.reached(!answer.offline);
    if (answer.offline) this.retry();
  }

  // The server took the request: bring the phone's picture of the server along.
  async done(op, body) {
    const record = this.record;
    const server = record.server;
    if (op.kind === "create") return this.hooks.created(body);
    if (op.kind === "deal") {
      server.document.deals.push(op.deal);
      server.version = body.version;
      server.taps = [];
      const scored = body.deal ? body.deal.totals : body.totals;
      if (!same(scored, op.totals)) {
        record.mismatch = { position: op.position, number: body.deal ? body.deal.number : op.position, phone: op.totals, server: scored, sides: body.sides };
      }
    } else if (op.kind === "note") {
      server.document.deals[op.position - 1] = op.deal;
      server.version = body.version;
    } else if (op.kind === "undo") {
      server.document.deals.pop();
      server.version = body.version;
      server.taps = [];
    } else {
      if (op.step === "undo") server.taps.pop();
      else server.taps.push(op.step);
      server.version += 1;
    }
    record.pending = null;
    await save(record);
    return !record.mismatch;
  }
}
