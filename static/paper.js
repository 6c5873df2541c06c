// Enter from paper (/games/<id>/paper): a game played on its printed sheet, typed in a row at
// a time. The grid is laid out like the sheet — a row per deal, a column per side — and the
// cursor moves from cell to cell in the order the sheet is filled: the bids in bidding order,
// then the tricks, the last seat's filled in by the rules. Each row is checked as it is typed
// by the server's own rules (scorekeeper/screen/paper.py): the phone's copy (phone/rules.js)
// once it runs, the server until then. A row that checks out is a deal: kept on the phone
// first (IndexedDB, the same record the table page keeps, phone/store.js), then sent through
// the API in order, once each (phone/sync.js), as the table page sends a phone's deals.
// The grid's drawing and its keys' wiring are phone/grid.js. Opened with a photo of the sheet
// read (web/photos.py), the rows read are typed in a row at a time, each cell the reader was
// not sure of marked and asked: a row goes in only once every one is confirmed or typed.
import * as store from "/static/phone/store.js";
import { keepReached, nextOp, sayWhere, token, wasOffline, word } from "/static/phone/store.js";
import * as rules from "/static/phone/rules.js";
import * as settle from "/static/phone/settle.js";
import { Sync, renewToken, request } from "/static/phone/sync.js";
import { drawing, listen, make } from "/static/phone/grid.js";

const grid = document.getElementById("paper");
const shell = document.getElementById("paper-shell");
const settling = document.getElementById("settling");
const model = JSON.parse(document.getElementById("paper-model").textContent);

const TRUMPS = ["clubs", "diamonds", "hearts", "spades", "none"];
// The grid as last drawn is kept on the phone under the game's id and this.
const GRID = "#paper";
function empty() {
  return { bids: {}, tricks: {}, trump: "", rainbows: [], thrown_in: false };
}

class Paper {
  constructor(start) {
    this.id = start.id;
    this.url = "/games/" + encodeURIComponent(start.id);
    this.start = start;
    this.editor = start.editor;
    this.grid = start.grid;
    this.row = start.editor ? start.grid.current : null;
    this.typed = empty();
    this.cursor = this.row ? this.row.keys[0] : null;
    this.tens = false;
    this.record = null;
    this.sync = null;
    this.phone = false; // the phone's own rules answer
    this.offline = false;
    this.queue = Promise.resolve(); // the scorer's choices while both versions are shown
    this.keys = []; // keys waiting to be taken, in order
    this.running = false;
    this.started = null; // the page opening (begin)
    this.begun = false;
  }

  // Begin from the server's page, or from this phone's copy when it holds more.
  async begin() {
    const page = this.start;
    let record = await store.load(this.id).catch(function () { return null; });
    const ahead = record && record.phone && record.server &&
      (record.server.version > page.version || nextOp(record) || record.settle || record.mismatch);
    if (!ahead) {
      record = Object.assign(record || { id: this.id, waiting: [] }, {
        server: { document: page.document, version: page.version, taps: page.taps },
        phone: { document: page.document, draft: page.draft },
        taps: page.taps, totals: page.grid.totals, sides: page.grid.names, over: page.grid.over,
        flags: page.flags,
      });
    }
    this.record = record;
    if (this.editor && page.read) {
      record.read = { rows: page.read }; // kept with the game: a reload goes on asking
      history.replaceState(null, "", this.url + "/paper");
    }
    this.offline = wasOffline(record);
    if (this.editor) await store.save(record);
    this.sync = new Sync(record, this.hooks());
    this.say();
    this.sync.kick();
    rules.start(shell.dataset.runtime).then(() => {
      this.phone = true;
      document.documentElement.dataset.phone = "ready";
    }, function () { /* the server answers while it can */ });
    // What this phone drew last for its game comes at once; the rules then check it again.
    const kept = record.paper && record.paper.position === this.nextPosition() ? record.paper : null;
    const drawn = kept && await store.load(this.id + GRID).catch(function () { return null; });
    if (drawn && drawn.position === kept.position) {
      this.grid = drawn.grid;
      this.row = drawn.grid.current;
      this.typed = kept.typed;
      this.draw();
    }
    if (ahead || kept) await this.redraw(kept ? kept.typed : empty());
    else this.draw();
    if (this.editor) await this.prefill();
    if (settling && record.settle) await settle.reopen(this);
    this.begun = true;
    if (!this.running) document.documentElement.dataset.paper = "ready";
  }

  // The row read from a photo for the row being typed, if any.
  readRow() {
    const read = this.record && this.record.read;
    if (!read || !this.row) return null;
    const position = this.row.position;
    return read.rows.find(function (row) { return row.position === position; }) || null;
  }

  // The cells of the row being typed the reader asks about, not answered yet.
  askedLeft() {
    const row = this.readRow();
    return row && row.applied ? row.asked : [];
  }

  isAsked(key) {
    return this.askedLeft().indexOf(key) >= 0;
  }

  // A cell asked about is answered: confirmed as read, or typed.
  answer(key) {
    const row = this.readRow();
    if (row && row.applied) row.asked = row.asked.filter(function (asked) { return asked !== key; });
  }

  // Type the row read from the photo into the row being typed (once), and check it.
  prefill() {
    const row = this.readRow();
    if (!row || row.applied || !this.untouched()) return null;
    row.applied = true;
    this.typed = Object.assign(empty(), { bids: Object.assign({}, row.typed.bids), tricks: Object.assign({}, row.typed.tricks) });
    if (row.asked.length) this.cursor = row.asked[0];
    return this.check();
  }

  nextPosition() {
    return this.record.phone.document.deals.length + 1;
  }

  // Ask the rules about the game as this phone has it: the phone's own, or the server's
  // while those load; with no server, wait for the phone's.
  async ask(asked) {
    const question = Object.assign({
      ask: "paper",
      document: this.record ? this.record.phone.document : this.start.document,
      language: document.documentElement.lang || "en",
    }, asked);
    if (!rules.ready()) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await request(this.url + "/paper/check", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": token() },
          body: JSON.stringify(question),
        });
        if (answer.ok && answer.body && typeof answer.body === "object") {
          await this.reached(true);
          return answer.body;
        }
        if (answer.offline || answer.status !== 400) break;
        await renewToken(); // the page's token went stale: take a fresh one, once
      }
      await this.reached(false);
    }
    await rules.start(shell.dataset.runtime);
    return rules.ask(question);
  }

  // Ask about the grid anew (the phone's game changed under it) and draw it.
  async redraw(typed) {
    const answer = await this.ask({ grid: true, typed: typed });
    if (answer.error) return this.problem(answer.error);
    this.grid = answer.grid;
    this.row = this.editor && answer.row ? answer.row : null;
    this.typed = this.row ? typed : empty();
    const keys = this.row ? this.row.keys : [];
    if (keys.indexOf(this.cursor) < 0) this.cursor = keys[0] || null;
    this.draw();
    if (this.editor) {
      this.record.paper = { position: this.nextPosition(), typed: this.typed };
      await store.save(this.record);
      await this.keepGrid();
    }
  }

  // Keep the grid as drawn, apart from the game's record (a long game's grid is big, and the
  // record is written at every key): a reload with no server draws it at once.
  keepGrid() {
    return store.save({ id: this.id + GRID, position: this.nextPosition(), grid: this.grid });
  }

  problem(words) {
    const said = document.getElementById("paper-problem");
    said.textContent = words;
    said.hidden = !words;
  }

  say(extra) {
    sayWhere(this.record, { offline: this.unreached(), answering: this.phone, runtime: Boolean(shell.dataset.runtime) }, extra);
  }

  // Note whether the server answered this phone's last request, and say so.
  async reached(answered) {
    if (!this.record) return;
    this.offline = await keepReached(this.record, answered);
    this.say();
  }

  // Say whether the server is out of reach, as far as this phone knows.
  unreached() {
    return navigator.onLine === false || this.offline;
  }

  // Keys -------------------------------------------------------------------------------

  // Take a key (one at a time, in order): its cell changes and the cursor moves at once,
  // then the row is checked before the next key is taken.
  take(key) {
    this.keys.push(key);
    if (!this.running) this.drain();
  }

  async drain() {
    this.running = true;
    const page = document.documentElement.dataset;
    page.paper = "busy"; // a test knows every key is taken when it says "ready" again
    try {
      if (!this.begun) await this.started; // keys typed while the page opens wait for it
      while (this.keys.length) {
        const check = this.apply(this.keys.shift());
        if (check) await check;
      }
    } catch (error) {
      this.problem(word("paperFailed", { error: error.message }));
    } finally {
      this.running = false;
      if (this.begun) page.paper = "ready";
    }
  }

  cell(key) {
    return this.row ? this.row.cells.find(function (cell) { return cell.key === key; }) : null;
  }

  // Apply one key to the row; return the check to wait for, if the row changed.
  apply(key) {
    if (key === "up" || (key === "erase" && this.untouched())) return this.reopen();
    if (!this.row) return null;
    const at = this.cursor;
    const cell = this.cell(at);
    const bid = at && at.indexOf("bid-") === 0;
    if (/^[0-9]$/.test(key)) {
      const value = this.tens ? String(10 + Number(key)) : key;
      this.tens = false;
      return this.set(at, value, true);
    }
    if (key === "confirm") {
      this.answer(at);
      const left = this.askedLeft();
      if (left.length) this.cursor = left[0];
      return this.check();
    }
    if (key === "+") {
      this.tens = true;
      this.paint();
      return null;
    }
    this.tens = false;
    if (TRUMPS.indexOf(key) >= 0) {
      this.typed.trump = this.typed.trump === key ? "" : key;
      return this.check();
    }
    if (key === "thrown") {
      if (!this.grid.throws_in) return null;
      this.typed = Object.assign(empty(), { trump: this.typed.trump, thrown_in: true });
      return this.check();
    }
    if (key === "board" || key === "rainbow" || key === "pass") return bid ? this.set(at, key, true) : null;
    if (key.indexOf("raw:") === 0) return this.set(at, key.slice(4), true);
    if (key.indexOf("holder:") === 0) {
      const seat = Number(key.slice(7));
      const held = this.typed.rainbows.filter(function (s) { return s !== seat; });
      this.typed.rainbows = held.length === this.typed.rainbows.length ? held.concat([seat]) : held;
      return this.check();
    }
    if (key === "next") {
      if (cell && cell.state === "forced" && !this.value(at)) return this.set(at, cell.raw, true);
      const keys = this.row.keys;
      if (keys.indexOf(at) === keys.length - 1) return this.check(); // a row taken back, as it was
      this.move(1);
      return null;
    }
    if (key === "back") {
      this.move(-1);
      return null;
    }
    if (key === "clear" || key === "erase") {
      if (!this.value(at) && key === "erase") this.move(-1);
      return this.set(this.cursor, "", false);
    }
    return null;
  }

  untouched() {
    const typed = this.typed;
    return !typed.thrown_in && !typed.trump && !Object.keys(typed.bids).length && !Object.keys(typed.tricks).length;
  }

  value(key) {
    if (!key) return "";
    const [kind, who] = key.split("-");
    return (kind === "bid" ? this.typed.bids : this.typed.tricks)[who] || "";
  }

  // Put a value in a cell (and the cursor on the next one), then check the row.
  set(key, raw, onward) {
    if (!key) return null;
    const [kind, who] = key.split("-");
    const into = kind === "bid" ? this.typed.bids : this.typed.tricks;
    if (kind === "bid" && this.typed.thrown_in) {
      this.typed.thrown_in = false;
      this.row.cells.forEach((cell) => { if (cell.key.indexOf("bid-") === 0) this.typed.bids[cell.key.slice(4)] = cell.raw; });
    }
    if (raw) into[who] = raw;
    else delete into[who];
    if (raw) this.answer(key);
    const shown = this.input(key);
    if (shown) shown.value = raw === "pass" || (kind === "bid" && raw === "0") ? "–" : raw; // at once
    if (onward) this.move(1);
    return this.check();
  }

  move(step) {
    const keys = this.row ? this.row.keys : [];
    const at = keys.indexOf(this.cursor);
    const next = Math.min(Math.max(at + step, 0), keys.length - 1);
    this.cursor = keys[next];
    this.focus();
  }

  focus() {
    const input = this.input(this.cursor);
    if (input && document.activeElement !== input) input.focus({ preventScroll: true });
    if (input) input.closest("tbody").scrollIntoView({ block: "nearest" });
    this.paint();
  }

  input(key) {
    const body = grid.querySelector("tbody.current");
    return body && key ? body.querySelector('input[data-key="' + key + '"]') : null;
  }

  // Check the row as typed; a row that checks out is recorded.
  async check() {
    const record = this.record;
    record.paper = { position: this.nextPosition(), typed: this.typed };
    await store.save(record);
    const answer = await this.ask({ typed: this.typed });
    if (answer.error) return this.problem(answer.error);
    this.problem("");
    this.row = answer.row;
    const asked = this.askedLeft();
    if (this.row.complete && answer.after && !asked.length) return this.recordRow(answer);
    if (asked.length && asked.indexOf(this.cursor) < 0) this.cursor = asked[0];
    const refused = this.row.cells.find(function (cell) { return cell.state === "refused"; });
    if (refused && this.row.keys.indexOf(refused.key) >= 0) this.cursor = refused.key;
    if (this.row.keys.indexOf(this.cursor) < 0) this.cursor = this.row.keys[0];
    this.draw();
  }

  // The row is a deal: kept on the phone, then sent.
  async recordRow(answer) {
    const record = this.record;
    const row = answer.row;
    const document_ = record.phone.document;
    record.phone = { document: Object.assign({}, document_, { deals: document_.deals.concat([row.deal]) }), draft: null };
    record.taps = [];
    record.totals = answer.after.totals;
    record.over = answer.after.over;
    record.paper = { position: this.nextPosition(), typed: empty() };
    record.screen = null; // the table page draws its screen again from the phone's game
    await store.save(record);
    this.sync.kick();
    this.grid = answer.after;
    await this.keepGrid();
    this.row = this.grid.current;
    this.typed = empty();
    this.cursor = this.row ? this.row.keys[0] : null;
    this.draw();
    this.say();
    await this.prefill();
  }

  // Go back into the row above: its deal is taken back, its cells typed again.
  async reopen() {
    const rows = this.grid.rows;
    if (!this.editor || !rows.length || !this.untouched()) return null;
    const last = rows[rows.length - 1];
    const typed = empty();
    last.cells.forEach(function (cell) {
      const [kind, who] = cell.key.split("-");
      if (cell.state !== "typed") return;
      (kind === "bid" ? typed.bids : typed.tricks)[who] = cell.raw;
    });
    typed.trump = last.trump.raw;
    typed.rainbows = last.rainbows;
    typed.thrown_in = last.thrown_in;
    if (typed.thrown_in) typed.bids = {};
    const body = grid.querySelectorAll("tbody.deal")[rows.length - 1];
    const keys = last.keys;
    this.cursor = keys[keys.length - 1] || null;
    const target = body && body.querySelector('input[data-key="' + this.cursor + '"]');
    if (target) target.focus({ preventScroll: true }); // the keyboard stays up
    const record = this.record;
    const document_ = record.phone.document;
    record.phone = { document: Object.assign({}, document_, { deals: document_.deals.slice(0, -1) }), draft: null };
    record.taps = [];
    record.totals = record.totals.slice(0, -1);
    record.screen = null;
    record.paper = { position: this.nextPosition(), typed: typed };
    await store.save(record);
    this.sync.kick();
    await this.redraw(typed);
    this.focus();
  }

  // A total written on the sheet: whether it agrees with the rules, and if not, why.
  async checkTotal(input) {
    const body = input.closest("tbody");
    const said = input.value.replace(/[^0-9-]/g, "");
    const id = "verdict-" + body.dataset.position + "-" + input.dataset.side;
    let verdict = document.getElementById(id);
    if (!verdict) {
      verdict = make("p", { id: id, class: "verdict" });
      body.querySelector("tr.verdicts td").append(verdict);
      input.setAttribute("aria-describedby", id);
    }
    if (!/^-?[0-9]+$/.test(said)) {
      verdict.textContent = "";
      verdict.dataset.agrees = "";
      return;
    }
    const answer = await this.ask({ sheet: [{ position: Number(body.dataset.position), side: Number(input.dataset.side), said: Number(said) }] });
    const found = (answer.checks || [])[0];
    if (!found || input.value.replace(/[^0-9-]/g, "") !== said) return;
    verdict.textContent = found.words;
    verdict.dataset.agrees = found.agrees ? "yes" : "no";
  }

  // The sending's hooks, and the table-like calls settle.js makes --------------------------

  hooks() {
    const paper = this;
    return {
      token: token,
      renew: renewToken,
      changed: function () { paper.say(); },
      reached: function (answered) { return paper.reached(answered); },
      unreached: function () { return paper.unreached(); },
      reconcile: function () { return settle.reconcile(paper); },
      refused: function (op, answer) { return settle.refused(paper, op, answer); },
      created: function (made) { return settle.created(paper, made); },
    };
  }

  // Take the server's game as this phone's.
  async adopt(server) {
    const record = this.record;
    record.server = { document: server.document, version: server.version, taps: server.taps };
    record.phone = { document: server.document, draft: null };
    record.taps = server.taps;
    record.paper = null;
    record.screen = null;
    await this.redraw(empty());
    record.totals = this.grid.totals;
    record.sides = this.grid.names;
    record.over = this.grid.over;
  }

  settleWith(choice) { return settle.settleWith(this, choice); }
}

Object.assign(Paper.prototype, drawing); // draw(), drawRow(), paint(), …: phone/grid.js

const paper = new Paper(model);
listen(paper);
if (model.editor) {
  paper.started = paper.begin().catch(function (error) { paper.problem(word("openFailed", { error: error.message })); });
} else {
  paper.draw();
  paper.begun = true;
  document.documentElement.dataset.paper = "ready";
}
