// Scorekeeper's service worker: keep the app shell so a page still opens when the WiFi
// hiccups. Pages and the API: the network first, the last good copy when it fails.
// Static files: the cached copy at once, refreshed in the background (never, for a file
// under its fingerprint: that address always holds the same file).
"use strict";
var SHELL = [
  "/offline",
  "/static/app.css",
  "/static/live.css",
  "/static/live.js",
  "/static/table.js",
  "/static/wakelock.js",
  "/static/install.js",
  "/static/icons/icon.svg",
  "/static/icons/icon-192.png",
  "/manifest.webmanifest"
];
// The copy's name changes with its files' fingerprints, which the server writes into SHELL:
// a new release keeps a fresh copy, and the old one is let go when it takes over.
var CACHE = "scorekeeper-shell-" + SHELL.join(" ").split("").reduce(function (hash, c) {
  return (hash * 31 + c.charCodeAt(0)) | 0;
}, 7);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorekeeper-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function networkFirst(request) {
  return fetch(request).then(function (response) {
    if (response.status === 200) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreVary: true }).then(function (cached) {
      if (cached) return cached;
      if (request.mode === "navigate") return caches.match("/offline");
      return Response.error();
    });
  });
}

function cachedThenRefresh(request) {
  var fingerprinted = new URL(request.url).searchParams.has("v");
  return caches.match(request).then(function (cached) {
    // Under its fingerprint (?v=…) a file never changes: the kept copy is the file.
    if (cached && fingerprinted) return cached;
    var fresh = fetch(request).then(function (response) {
      if (response.status === 200) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
    if (cached) {
      fresh.catch(function () { /* offline: the cached copy stands */ });
      return cached;
    }
    // Offline with a new release's file not kept yet: the copy kept under any fingerprint.
    return fresh.catch(function () {
      return caches.match(request, { ignoreSearch: true }).then(function (kept) {
        return kept || Response.error();
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") {
    // A form sent with no connection (a phone without JavaScript): the offline page,
    // never the browser's error page.
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(function () { return caches.match("/offline"); }));
    }
    return;
  }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(cachedThenRefresh(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
