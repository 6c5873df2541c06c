// The rules on the phone: the worker (engine.js) that runs the server's own Python, asked
// a question at a time. `start` begins loading it; `ask` answers once it is ready.
import { word } from "/static/phone/store.js";

let worker = null;
let readyAt = null;
const waiting = new Map();
let asked = 0;
let readyPromise = null;

// Start the rules worker from its address (the page's data-runtime); idempotent.
export function start(url) {
  if (readyPromise) return readyPromise;
  if (!url || !window.Worker) {
    readyPromise = Promise.reject(new Error(word("noRulesHere")));
    readyPromise.catch(function () {});
    return readyPromise;
  }
  readyPromise = new Promise(function (resolve, reject) {
    worker = new Worker(url, { type: "module" });
    worker.onmessage = function (event) {
      const message = event.data;
      if (message.ready) { readyAt = performance.now(); resolve(); return; }
      if (message.id === undefined) { reject(new Error(message.failed)); return; }
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (!pending) return;
      window.scorekeeperRulesBusy = (window.scorekeeperRulesBusy || 0) + (message.busy || 0);
      if (message.failed) pending.reject(new Error(message.failed));
      else pending.resolve(JSON.parse(message.answer));
    };
    worker.onerror = function (event) { reject(new Error(event.message || word("rulesFailed"))); };
  });
  readyPromise.catch(function () {});
  return readyPromise;
}

// Say whether the rules are ready to answer at once.
export function ready() {
  return readyAt !== null;
}

// Ask the rules one question ({ask: "tap", ...}); resolves with the answer (an object). The
// answer's words (a drawn screen, a refusal) are in the page's language.
export async function ask(question) {
  await readyPromise;
  question = Object.assign({ language: document.documentElement.lang || "en" }, question);
  asked += 1;
  const id = asked;
  return new Promise(function (resolve, reject) {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, question: JSON.stringify(question) });
  });
}
