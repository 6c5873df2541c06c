// This phone's table (/offline, the page the service worker shows with no connection): the
// games kept on this phone, one of them scored by table.js's Table, or a new game started
// here under the rules the phone carries, to be sent to the family archive later. Shown in
// place of New game (/games/new), it is New game: the form first, the same players' table
// seated again after "New game, same players" (?from=<game>) when this phone kept that game.
import * as store from "/static/phone/store.js";
import * as rules from "/static/phone/rules.js";
import { unsent, word } from "/static/phone/store.js";

const shell = document.getElementById("phone-table");
// What table.js lends this page: the table, its taps' listener, and a small helper.
let Table = null;
let listen = null;
let randomKey = null;

// /offline: the games kept on this phone, a new game started here, one of them scored.
export async function onThisPhone(lent) {
  Table = lent.Table;
  listen = lent.listen;
  randomKey = lent.randomKey;
  const newGame = location.pathname === "/games/new";
  const wanted = decodeURIComponent(location.hash.slice(1)) ||
    (!newGame && (location.pathname.match(/^\/games\/([^/]+)$/) || [])[1]) || "";
  const kept = await store.all().catch(function () { return []; });
  listKept(kept);
  const form = document.getElementById("start-here");
  form.addEventListener("submit", startHere);
  document.getElementById("add-seat").addEventListener("click", function () {
    addSeat(form).focus();
  });
  const record = keptGame(kept, wanted);
  if (!record && newGame) {
    startFirst(form, keptGame(kept, new URLSearchParams(location.search).get("from")));
    return;
  }
  if (!record) {
    if (wanted) document.getElementById("not-kept").hidden = false;
    return;
  }
  shell.classList.add("scoring");
  if (window.scorekeeperWorths) window.scorekeeperWorths(record.id);
  const table = new Table(record.id, "/games/" + record.id, null);
  listen(table);
  await table.resume(record);
}

// Return the game kept on this phone under an id (followed to where it moved), or null.
function keptGame(kept, id) {
  let record = id ? kept.find(function (found) { return found.id === id; }) : null;
  while (record && record.moved) {
    const moved = record.moved;
    record = kept.find(function (found) { return found.id === moved; });
  }
  return record && record.phone ? record : null;
}

function addSeat(form) {
  const seats = form.querySelector(".here-seats");
  const seat = seats.lastElementChild.cloneNode(true);
  const input = seat.querySelector("input");
  input.value = "";
  input.setAttribute("aria-label", word("player", { n: seats.children.length + 1 }));
  seats.append(seat);
  return input;
}

// New game with no server: say so, put the form first, and seat the same table again when
// the game it follows is kept here (its rules, its players, the deal passed on).
function startFirst(form, before) {
  const section = document.getElementById("new-here");
  document.getElementById("kept").before(section);
  document.getElementById("start-note").hidden = false;
  if (before) {
    const game = before.phone.document;
    const rules = form.elements.ruleset;
    if (typeof game.ruleset === "string" && rules.querySelector('option[value="' + CSS.escape(game.ruleset) + '"]')) {
      rules.value = game.ruleset;
    }
    let inputs = form.querySelectorAll('input[name="player"]');
    while (inputs.length < game.players.length) { addSeat(form); inputs = form.querySelectorAll('input[name="player"]'); }
    inputs.forEach(function (input, seat) { input.value = game.players[seat] || ""; });
    const next = (game.first_dealer + 1) % game.players.length;
    const dealer = new Option(game.players[next], String(next), true, true);
    if (next) form.elements.dealer.append(dealer);
  }
  section.scrollIntoView();
  form.querySelector('input[name="player"]').focus({ preventScroll: true });
}

function listKept(kept) {
  const list = document.getElementById("kept-games");
  if (!list) return;
  const games = kept.filter(function (record) { return record.phone && !record.moved; });
  list.replaceChildren();
  games.forEach(function (record) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = "/offline#" + encodeURIComponent(record.id);
    link.textContent = (record.sides || record.phone.document.players).join(" · ");
    const left = word(record.local ? "onlyHere" : unsent(record).deals ? "notSent" : "onServer");
    item.append(link, " — " + word("deals", { n: record.phone.document.deals.length }) + ", " + left);
    list.append(item);
  });
  document.getElementById("none-kept").hidden = games.length > 0;
}

async function startHere(event) {
  event.preventDefault();
  const form = event.target;
  const problem = document.getElementById("start-problem");
  const players = Array.from(form.querySelectorAll('input[name="player"]'))
    .map(function (input) { return input.value.trim(); })
    .filter(function (name) { return name; });
  let dealer = form.elements.dealer.value;
  dealer = dealer === "random" ? Math.floor(Math.random() * players.length) : Number(dealer) || 0;
  problem.hidden = true;
  let started;
  try {
    await rules.start(shell.dataset.runtime);
    started = await rules.ask({ ask: "start", ruleset: form.elements.ruleset.value, players: players, dealer: dealer });
  } catch (error) {
    started = { error: word("notReady") };
  }
  if (started.error) {
    problem.textContent = started.error;
    problem.hidden = false;
    return;
  }
  const id = "phone-" + randomKey();
  await store.save({ id: id, local: true, phone: { document: started.document, draft: started.draft }, taps: started.taps, totals: started.totals, sides: started.sides, flags: { creator: true }, waiting: [] });
  location.hash = id;
  location.reload();
}
