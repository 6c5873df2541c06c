// The paper grid as the page draws it (static/paper.js's Paper takes these as its own): a
// row per deal — the deals recorded, the one being typed, the rest of the schedule — each a
// tbody of its cells, the words said at them, the choices beside them and a sheet's totals.
// Rows are patched in place, never drawn anew, so the cell being typed keeps the focus and a
// phone's keyboard stays up.
import { followTheServer, nextOp, word } from "/static/phone/store.js";

const grid = document.getElementById("paper");

// The keys a laptop's keyboard has beyond digits, by where they sit (any layout), and the
// letters a phone's keyboard may send instead.
const CODES = { KeyB: "board", KeyR: "rainbow", KeyP: "pass", KeyT: "thrown", KeyC: "clubs",
  KeyD: "diamonds", KeyH: "hearts", KeyS: "spades", KeyN: "none" };
const LETTERS = { b: "board", r: "rainbow", p: "pass", t: "thrown", c: "clubs", d: "diamonds",
  h: "hearts", s: "spades", n: "none" };
const MOVES = { Enter: "next", Tab: "next", ArrowRight: "next", ArrowDown: "next", ArrowLeft: "back",
  ArrowUp: "up", Backspace: "erase", Delete: "clear" };

// Make an element with its attributes (none where a value is null or false) and its text.
export function make(tag, attributes, text) {
  const made = document.createElement(tag);
  Object.entries(attributes || {}).forEach(function ([name, value]) {
    if (value !== null && value !== undefined && value !== false) made.setAttribute(name, value === true ? "" : value);
  });
  if (text !== undefined) made.textContent = text;
  return made;
}

// A name, set apart so it cannot reorder the words beside it.
function bdi(name) {
  return make("bdi", {}, name);
}

export const drawing = {
  draw() {
    const grid_ = this.grid;
    if (!grid.tHead) this.drawHead();
    const rows = grid_.rows.map(function (row) { return { kind: "recorded", row: row }; });
    if (this.row) rows.push({ kind: "current", row: this.row });
    else if (grid_.current) rows.push({ kind: "ahead", row: grid_.current });
    grid_.upcoming.forEach(function (row) { rows.push({ kind: "ahead", row: row }); });
    const bodies = Array.from(grid.querySelectorAll("tbody.deal"));
    rows.forEach((found, at) => {
      let body = bodies[at];
      if (!body || body.dataset.kind !== (found.kind === "ahead" ? "ahead" : "cells")) {
        const made = this.body(found.kind);
        if (body) body.replaceWith(made);
        else grid.append(made);
        body = made;
      }
      this.drawRow(body, found.kind, found.row);
    });
    bodies.slice(rows.length).forEach(function (body) { body.remove(); });
    const over = document.getElementById("paper-over");
    if (over) over.hidden = !grid_.over;
    this.focus();
  },

  drawHead() {
    const head = grid.createTHead();
    const line = head.insertRow();
    line.append(make("th", { scope: "col", class: "head" }, word("paperDeal")));
    this.grid.sides.forEach((side) => {
      const th = make("th", { scope: "col", class: "side" });
      const names = make("span", { class: "seats" });
      side.seats.forEach((seat) => { names.append(make("span", { class: "seat" })); names.lastChild.append(bdi(this.grid.players[seat])); });
      th.append(names);
      th.append(make("span", { class: "visually-hidden" }, side.name));
      line.append(th);
    });
  },

  // A deal's rows: its cells, the words at them, the choices beside them, a sheet's totals.
  body(kind) {
    const body = make("tbody", { class: "deal" });
    body.dataset.kind = kind === "ahead" ? "ahead" : "cells";
    const cells = body.insertRow();
    cells.className = "cells";
    cells.append(make("th", { scope: "row", class: "head" }));
    this.grid.sides.forEach(function (side) {
      const td = make("td", { class: "side" });
      const bids = make("div", { class: "bids" });
      const took = make("div", { class: "took" });
      side.seats.forEach(function (seat) { bids.append(kind === "ahead" ? make("span", { class: "box" }) : make("input", { "data-key": "bid-" + seat })); });
      side.took.forEach(function (taker) { took.append(kind === "ahead" ? make("span", { class: "box" }) : make("input", { "data-key": "took-" + taker })); });
      td.append(bids, took, make("div", { class: "total" }));
      cells.append(td);
    });
    if (kind === "ahead") return body;
    const span = this.grid.sides.length + 1;
    const said = body.insertRow();
    said.className = "said";
    said.append(make("td", { colspan: span }));
    const choose = body.insertRow();
    choose.className = "choose";
    choose.append(make("td", { colspan: span }));
    const sheet = body.insertRow();
    sheet.className = "sheet";
    sheet.append(make("th", { scope: "row", class: "head" }, word("paperYourSheet")));
    this.grid.sides.forEach(function (side) {
      const td = make("td", { class: "side" });
      td.append(make("input", { "data-side": side.side, inputmode: "numeric", autocomplete: "off", enterkeyhint: "done", "aria-label": side.name }));
      sheet.append(td);
    });
    const verdicts = body.insertRow();
    verdicts.className = "verdicts";
    verdicts.append(make("td", { colspan: span }));
    return body;
  },

  drawRow(body, kind, row) {
    body.className = "deal " + kind;
    const current = kind === "current";
    const head = body.rows[0].cells[0];
    head.replaceChildren();
    head.append(make("span", { class: "number" }, String(row.number)));
    head.append(make("span", { class: "cards" }, word("paperCards", { n: row.cards })));
    const dealer = make("span", { class: "dealer" });
    dealer.append(bdi(row.dealer));
    head.append(dealer);
    if (kind === "ahead") return;
    body.dataset.position = row.position;
    body.querySelectorAll("tr.sheet input").forEach((input) => {
      const side = this.grid.sides[Number(input.dataset.side)];
      input.setAttribute("aria-label", word("paperSheetTotal", { name: side.name, number: row.number }));
    });
    head.title = row.title;
    head.setAttribute("aria-label", row.title);
    if (row.trump.raw) head.append(make("span", { class: "trump " + row.trump.raw, title: row.trump.said }, row.trump.shown));
    if (kind === "recorded" && !row.thrown_in) {
      head.append(make("button", { type: "button", class: "check-total quiet", "aria-expanded": body.classList.contains("checking") ? "true" : "false",
        "aria-label": word("paperCheck", { number: row.number }), title: word("paperCheck", { number: row.number }) }, "="));
    }
    const byKey = {};
    row.cells.forEach(function (cell) { byKey[cell.key] = cell; });
    const said = [];
    body.querySelectorAll("input[data-key]").forEach((input) => {
      const cell = byKey[input.dataset.key];
      const shown = this.shown(cell, current);
      if (input.value !== shown) input.value = shown;
      input.dataset.state = cell.state;
      input.setAttribute("aria-label", cell.label + (cell.said && cell.said !== shown ? ": " + cell.said : ""));
      input.setAttribute("inputmode", "numeric");
      input.setAttribute("autocomplete", "off");
      input.setAttribute("enterkeyhint", "next");
      input.readOnly = !current || cell.state === "implied" || cell.state === "unused";
      input.tabIndex = current && row.keys.indexOf(cell.key) >= 0 ? 0 : -1;
      input.toggleAttribute("aria-invalid", cell.state === "refused");
      if (input.hasAttribute("aria-invalid")) input.setAttribute("aria-invalid", "true");
      const id = "said-" + row.position + "-" + cell.key;
      const asked = current && this.isAsked(cell.key);
      input.classList.toggle("asked", asked);
      const words = [cell.words, asked ? word("paperAsked", { value: shown }) : ""].filter(Boolean).join(" ");
      if (current && words) {
        said.push({ id: id, state: asked && cell.state !== "refused" ? "asked" : cell.state, words: words });
        input.setAttribute("aria-describedby", id);
      } else {
        input.removeAttribute("aria-describedby");
      }
    });
    body.querySelectorAll("td.side").forEach(function (td, side) {
      const total = td.querySelector(".total");
      if (!total) return;
      total.replaceChildren();
      if (row.totals && kind === "recorded") {
        total.append(make("b", {}, String(row.totals[side])));
        if (row.scores) {
          const score = row.scores[side];
          total.append(make("small", { class: "delta" + (score < 0 ? " neg" : "") }, (score < 0 ? "" : "+") + score));
        }
      }
    });
    body.classList.toggle("thrown", Boolean(row.thrown_in));
    if (row.note && kind === "recorded") said.push({ id: "", state: "note", words: row.note });
    if (current && row.problem) said.push({ id: "", state: "refused", words: row.problem });
    const read = current ? this.readRow() : null;
    if (read && read.applied && read.asked.length) read.words.forEach(function (words) { said.push({ id: "", state: "asked", words: words }); });
    const words = body.querySelector("tr.said");
    const list = make("ul", { class: "words" });
    said.forEach(function (one) { list.append(make("li", { id: one.id || null, "data-state": one.state }, one.words)); });
    words.cells[0].replaceChildren(list);
    words.hidden = !said.length;
    this.drawChoices(body.querySelector("tr.choose"), current ? row : null);
    const checking = body.classList.contains("checking");
    body.querySelector("tr.sheet").hidden = !checking;
    body.querySelector("tr.verdicts").hidden = !checking;
  },

  // What a cell shows: what the rules said of it, or what was typed since they last did.
  shown(cell, current) {
    const typed = current ? this.value(cell.key) : "";
    if (!current || !typed || cell.state !== "open") return cell.shown;
    return typed === "0" && cell.key.indexOf("bid-") === 0 ? "–" : typed;
  },

  restore(input) {
    const cell = this.cell(input.dataset.key);
    input.value = cell ? this.shown(cell, true) : "";
  },

  // The choices beside the cursor's cell: what one digit cannot say, the trump, thrown in.
  drawChoices(line, row) {
    line.hidden = !row;
    if (!row) return;
    const buttons = make("div", { class: "choices", role: "group", "aria-label": word("paperChoices") });
    const cell = this.cell(this.cursor);
    const bid = this.cursor && this.cursor.indexOf("bid-") === 0;
    if (cell && this.isAsked(this.cursor)) {
      const value = this.value(this.cursor);
      buttons.append(make("button", { type: "button", class: "confirm", "data-key": "confirm" }, "✓ " + word("paperConfirm", { value: bid && value === "0" ? "–" : value })));
    }
    (cell ? cell.options : []).forEach(function (option) {
      buttons.append(make("button", { type: "button", "data-key": "raw:" + option.raw }, option.said));
    });
    if (bid && this.grid.throws_in) {
      buttons.append(make("button", { type: "button", "data-key": "thrown", "aria-pressed": this.typed.thrown_in ? "true" : "false" }, word("paperThrownIn")));
    }
    if (!bid && row.asks_rainbows) {
      this.grid.players.forEach((name, seat) => {
        const held = this.typed.rainbows.indexOf(seat) >= 0;
        const button = make("button", { type: "button", "data-key": "holder:" + seat, "aria-pressed": held ? "true" : "false" });
        button.append(bdi(name), " " + word("paperRainbow"));
        buttons.append(button);
      });
    }
    const trumps = make("div", { class: "choices trumps", role: "group", "aria-label": word("paperTrump") });
    this.grid.trumps.forEach((trump) => {
      trumps.append(make("button", { type: "button", "data-key": trump.raw, class: "suit " + trump.raw, "aria-label": trump.said,
        "aria-pressed": this.typed.trump === trump.raw ? "true" : "false" }, trump.shown));
    });
    const back = this.grid.rows.length && this.untouched()
      ? make("button", { type: "button", class: "quiet", "data-key": "up" }, "↶ " + word("paperBack", { number: this.grid.rows[this.grid.rows.length - 1].number }))
      : null;
    const hint = make("p", { class: "muted small hint" }, this.tens ? word("paperTens") : "");
    line.cells[0].replaceChildren(...[buttons, trumps, back, hint].filter(Boolean));
  },

  paint() {
    grid.querySelectorAll("input.cursor").forEach(function (input) { input.classList.remove("cursor"); });
    const input = this.input(this.cursor);
    if (input) {
      input.classList.add("cursor");
      input.placeholder = this.tens ? "1…" : "";
    }
    const body = grid.querySelector("tbody.current");
    if (body) this.drawChoices(body.querySelector("tr.choose"), this.row);
  },
};

// The grid's keys, taps and choices, handed to the paper (`take`) one at a time.
export function listen(paper) {
  grid.addEventListener("keydown", function (event) {
    const target = event.target;
    if (target.matches("tr.sheet input")) {
      if (event.key === "Enter") event.preventDefault();
      return;
    }
    if (!target.matches("tbody.current input[data-key]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    let key = MOVES[event.key];
    if (event.key === "Tab") {
      const keys = paper.row ? paper.row.keys : [];
      const at = keys.indexOf(paper.cursor);
      // Tab leaves the row past its ends, as it leaves any form.
      if (event.shiftKey ? at <= 0 : at >= keys.length - 1 && paper.value(paper.cursor)) return;
      key = event.shiftKey ? "back" : "next";
    }
    if (!key && /^[0-9+]$/.test(event.key)) key = event.key;
    if (!key && CODES[event.code] && event.key.length === 1) key = CODES[event.code];
    if (!key) return;
    event.preventDefault();
    paper.take(key);
  });
  // A phone's keyboard may send its keys as text only: take them from what was typed.
  grid.addEventListener("input", function (event) {
    const input = event.target;
    if (input.matches("tr.sheet input")) {
      paper.checkTotal(input);
      return;
    }
    if (!input.matches("tbody.current input[data-key]")) return;
    const typed = event.data || "";
    const keys = event.inputType && event.inputType.indexOf("delete") === 0 ? ["erase"] : Array.from(typed.toLowerCase()).map(function (c) {
      return /^[0-9+]$/.test(c) ? c : LETTERS[c];
    }).filter(Boolean);
    paper.restore(input); // the cell shows what the grid holds, whatever the keyboard put in it
    keys.forEach(function (key) { paper.take(key); });
  });
  grid.addEventListener("focusin", function (event) {
    const input = event.target;
    if (input.matches("tbody.current input[data-key]") && paper.row && paper.row.keys.indexOf(input.dataset.key) >= 0) {
      paper.cursor = input.dataset.key;
      paper.paint();
    }
  });
  // A choice keeps the keyboard up: it never takes the focus from the cell.
  grid.addEventListener("pointerdown", function (event) {
    if (event.target.closest("tr.choose button")) event.preventDefault();
  });
  grid.addEventListener("click", function (event) {
    const chosen = event.target.closest("tr.choose button[data-key]");
    if (chosen) {
      paper.take(chosen.dataset.key);
      return;
    }
    const check = event.target.closest("button.check-total");
    if (check) {
      const body = check.closest("tbody");
      const open = !body.classList.contains("checking");
      body.classList.toggle("checking", open);
      check.setAttribute("aria-expanded", open ? "true" : "false");
      body.querySelector("tr.sheet").hidden = !open;
      body.querySelector("tr.verdicts").hidden = !open;
      if (open) body.querySelector("tr.sheet input").focus();
    }
  });
  followTheServer(paper, function (error) { paper.problem(word("paperFailed", { error: error.message })); });
  window.scorekeeperWaiting = function () {
    return Boolean(paper.record && paper.record.server && nextOp(paper.record));
  };
}
