// Scorekeeper's service worker (issue 21), served as /sw.js by scorekeeper/views/offline.py,
// which puts SETTINGS (the app's files, with their versions, and the offline page) and
// VERSION above this line.
//
// - The app's files: kept when the worker is installed, then answered from the phone.
// - Pages: asked of the server first; each one that answers is kept (the newest few dozen),
//   and without a signal the kept copy is shown, marked on <html data-offline-copy> so the
//   page can say it may be out of date. A page never opened shows the offline page.
// - Everything else (writes, the live poll, the API) goes to the server as it would without
//   a worker: a round saved without a signal waits in the page's queue (static/js/queue.js),
//   never here, so a kept page can never stand in for a write.
/* global SETTINGS, VERSION */
"use strict";
const APP = "scorekeeper-app-" + VERSION;
const PAGES = "scorekeeper-pages";
const KEEP_PAGES = 40;

self.addEventListener("install", function (ev) {
  ev.waitUntil(
    caches.open(APP).then(function (cache) {
      return cache.addAll(SETTINGS.files.concat([SETTINGS.offline]));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (k) {
        return k.indexOf("scorekeeper-app-") === 0 && k !== APP;
      }).map(function (k) { return caches.delete(k); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function keep(url, response) {
  return caches.open(PAGES).then(function (cache) {
    // Taken out and put back: the newest copies are last, the oldest go first.
    return cache.delete(url).then(function () { return cache.put(url, response); })
      .then(function () { return cache.keys(); })
      .then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES))
          .map(function (k) { return cache.delete(k); }));
      });
  });
}

function kept(url) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(url, { ignoreVary: true });
  }).then(function (hit) {
    if (!hit) {
      return caches.open(APP).then(function (cache) { return cache.match(SETTINGS.offline); })
        .then(function (page) {
          return page || new Response("No connection.", {
            status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
          });
        });
    }
    const when = hit.headers.get("Date") || "";
    return hit.text().then(function (html) {
      const marked = html.replace("<html", '<html data-offline-copy="' + when.replace(/"/g, "") + '"');
      const headers = { "Content-Type": "text/html; charset=utf-8" };
      const policy = hit.headers.get("Content-Security-Policy");
      if (policy) { headers["Content-Security-Policy"] = policy; } // the copy as strict as the page
      return new Response(marked, { headers: headers });
    });
  });
}

function page(ev) {
  const req = ev.request;
  const url = req.url.split("#")[0];
  return fetch(req).then(function (response) {
    const type = response.headers.get("Content-Type") || "";
    if (response.status === 200 && type.indexOf("text/html") === 0) {
      ev.waitUntil(keep(response.url || url, response.clone()));
    }
    return response;
  }, function () {
    return kept(url);
  });
}

self.addEventListener("fetch", function (ev) {
  const req = ev.request;
  if (req.method !== "GET") { return; }
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) { return; }
  if (req.mode === "navigate") {
    ev.respondWith(page(ev));
  } else if (url.pathname.indexOf(SETTINGS.static) === 0) {
    ev.respondWith(caches.match(req).then(function (hit) {
      // A page kept before a release names the files' old versions: without a signal, the
      // current ones stand in.
      return hit || fetch(req).catch(function () {
        return caches.open(APP).then(function (cache) {
          return cache.match(req, { ignoreSearch: true });
        }).then(function (current) { return current || Response.error(); });
      });
    }));
  }
});

// A page asks for another to be kept (a table's page, for its round form): opened without a
// signal later, it is there.
self.addEventListener("message", function (ev) {
  const data = ev.data || {};
  if (typeof data.keep !== "string") { return; }
  const url = new URL(data.keep, self.location.href);
  if (url.origin !== self.location.origin) { return; }
  ev.waitUntil(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
    const type = response.headers.get("Content-Type") || "";
    if (response.status === 200 && !response.redirected && type.indexOf("text/html") === 0) {
      return keep(url.href, response);
    }
  }).catch(function () { /* no signal: kept another time */ }));
});
