// Scorekeeper's service worker: keep the app shell, and the phone's copy of the rules, so a
// phone goes on scoring when the server is out of reach. Pages and the API: the network
// first, the last good copy when it fails (this phone's table, /offline, for a page that
// starts a game or lists them, or one never seen); a request that asks for no stored copy
// (`cache: "no-store"`: the game as the server has it now) gets none. Static files: the
// cached copy at once, refreshed in the background (never, for a file under its
// fingerprint: that address always holds the same file). The rules (Pyodide and the
// server's Python, under /runtime/<fingerprint>/) are fetched once a page is idle, when the
// page asks, and kept until a release changes them.
//
// One copy of each address is kept, and found whatever headers the phone sends now: a page
// is drawn in the reader's language (the server says `Vary: Accept-Language, Cookie`), and
// the copy kept is the one read last, in the language read last (install.js asks for this
// phone's table again after a switch). A phone whose language setting changed since still
// opens it.
"use strict";
var SHELL = [
  "/offline",
  "/words/*", // the table's words in every language, filled in by the server
  "/static/app.css",
  "/static/live.css",
  "/static/live.js",
  "/static/table.js",
  "/static/phone/store.js",
  "/static/phone/rules.js",
  "/static/phone/sync.js",
  "/static/phone/here.js",
  "/static/phone/settle.js",
  "/static/phone/phone.css",
  "/static/paper.js",
  "/static/phone/grid.js",
  "/static/paper.css",
  "/static/wakelock.js",
  "/static/worths.js",
  "/static/install.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/manifest.webmanifest"
];
// The files of the rules, in each runtime's folder (scorekeeper/web/runtime.py serves them).
var RUNTIME_FILES = [
  "engine.js",
  "pyodide.mjs",
  "pyodide.asm.mjs",
  "pyodide.asm.wasm",
  "python_stdlib.zip",
  "pyodide-lock.json",
  "scorekeeper.zip"
];
// The copy's name changes with its files' fingerprints, which the server writes into SHELL:
// a new release keeps a fresh copy, and the old one is let go when it takes over.
var CACHE = "scorekeeper-shell-" + SHELL.join(" ").split("").reduce(function (hash, c) {
  return (hash * 31 + c.charCodeAt(0)) | 0;
}, 7);
var RUNTIME = "scorekeeper-runtime";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorekeeper-") === 0 && name !== CACHE && name !== RUNTIME;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page, once idle, asks for the rules to be kept: {runtime: "/runtime/<fingerprint>/"}.
self.addEventListener("message", function (event) {
  var folder = event.data && event.data.runtime;
  if (typeof folder !== "string" || !/^\/runtime\/[0-9a-f]+\/$/.test(folder)) return;
  event.waitUntil(keepRuntime(folder));
});

function keepRuntime(folder) {
  return caches.open(RUNTIME).then(function (cache) {
    return cache.keys().then(function (kept) {
      // Another release's rules are let go: only one copy is kept.
      return Promise.all(kept.filter(function (request) {
        return new URL(request.url).pathname.indexOf(folder) !== 0;
      }).map(function (request) { return cache.delete(request); }));
    }).then(function () {
      return Promise.all(RUNTIME_FILES.map(function (name) {
        return cache.match(folder + name, { ignoreVary: true }).then(function (found) {
          return found || cache.add(folder + name);
        });
      }));
    });
  }).catch(function () { /* offline or full: asked again by the next page */ });
}

function fromRuntime(request) {
  return caches.open(RUNTIME).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (kept) {
      if (kept) return kept;
      return fetch(request).then(function (response) {
        if (response.status === 200) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

// The pages that start something (the list of games, New game) cannot work offline: with
// no connection they are this phone's table instead, which lists the games kept here and
// starts one on the phone. Any other page: its last good copy, if the phone has one.
var STARTS = ["/", "/games/new"];

// Return the copy kept of an address (a Request or a path), whatever the headers asked with.
function kept(request, options) {
  return caches.match(request, Object.assign({ ignoreVary: true }, options));
}

// Keep a copy of what the server answered, in place of any copy of that address before.
// It is kept under the bare address (no headers, as SHELL's are), so the new copy replaces
// the old in one step: the address is never without a copy while the new one streams in
// (a phone that lost the server then would find no table). A copy kept with headers (a
// language) by an older release is let go once the new one is in.
function keep(request, response) {
  if (response.status !== 200) return;
  var copy = response.clone(), address = request.url;
  caches.open(CACHE).then(function (cache) {
    return cache.put(address, copy).then(function () {
      return cache.keys(address, { ignoreVary: true });
    }).then(function (copies) {
      return Promise.all(copies.filter(function (key) {
        return key.headers.has("Accept-Language") || key.headers.has("Cookie");
      }).map(function (key) { return cache.delete(key); }));
    });
  }).catch(function () { /* full: the copy before stands */ });
}

// This phone's table, shown in place of a page the phone cannot have with no connection.
function thisPhonesTable() {
  return kept("/offline").then(function (table) { return table || Response.error(); });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    keep(request, response);
    return response;
  }).catch(function () {
    if (request.cache === "no-store") return Response.error(); // asked for the server's, or none
    var page = request.mode === "navigate";
    if (page && STARTS.indexOf(new URL(request.url).pathname) >= 0) return thisPhonesTable();
    return kept(request).then(function (cached) {
      if (cached) return cached;
      if (page) return thisPhonesTable();
      return Response.error();
    });
  });
}

function cachedThenRefresh(request) {
  var fingerprinted = new URL(request.url).searchParams.has("v");
  return kept(request).then(function (cached) {
    // Under its fingerprint (?v=…) a file never changes: the kept copy is the file.
    if (cached && fingerprinted) return cached;
    var fresh = fetch(request).then(function (response) {
      keep(request, response);
      return response;
    });
    if (cached) {
      fresh.catch(function () { /* offline: the cached copy stands */ });
      return cached;
    }
    // Offline with a new release's file not kept yet: the copy kept under any fingerprint.
    return fresh.catch(function () {
      return kept(request, { ignoreSearch: true }).then(function (any) {
        return any || Response.error();
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    // A form sent with no connection (a phone without JavaScript): this phone's table,
    // never the browser's error page.
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(thisPhonesTable));
    }
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/runtime/") === 0) {
    event.respondWith(fromRuntime(request));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(cachedThenRefresh(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
