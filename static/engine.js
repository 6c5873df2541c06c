// The rules worker: the server's own Python (scorekeeper.rules and scorekeeper.screen, with
// Jinja and the table's templates) run by Pyodide beside the page, so a phone goes on
// scoring deal after deal when the server is out of reach. Served with the runtime under
// /runtime/<fingerprint>/ (scorekeeper/web/runtime.py), next to Pyodide and the bundle.
// The page asks {id, question} (JSON text: {"ask": "tap", "language": "ka", ...}, see
// screen/phone.py) and is answered {id, answer} (JSON text, its words in the question's
// language), or {id, failed} when Python could not answer.
import { loadPyodide } from "./pyodide.mjs";

const here = new URL("./", import.meta.url).href;

const ready = (async function () {
  const python = await loadPyodide({ indexURL: here });
  const response = await fetch(here + "scorekeeper.zip");
  if (!response.ok) throw new Error("HTTP " + response.status + " " + response.url); // said by the page
  python.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/phone" });
  python.runPython("import sys; sys.path.insert(0, '/phone')");
  return python.pyimport("scorekeeper.screen.phone").answer;
})();

ready.then(
  function () { postMessage({ ready: true }); },
  function (error) { postMessage({ failed: String(error) }); }
);

self.onmessage = async function (event) {
  const { id, question } = event.data;
  try {
    const answer = await ready;
    const started = performance.now();
    const text = answer(question);
    // How long Python worked on it: the benchmark weighs it as a slower phone would.
    postMessage({ id, answer: text, busy: performance.now() - started });
  } catch (error) {
    postMessage({ id, failed: String(error) });
  }
};
