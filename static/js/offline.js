// Without a signal: the service worker (static/js/sw.js) is registered here; a page it
// answered from its copy is marked, and says so; the table's forms that are not kept on the
// phone (corrections, deletes, the table's other forms) are refused at once with a message,
// and nothing changes.
import { pageWords, say, words } from "./queue-store.js";
import { el } from "./queue-view.js";

// -- without a signal: a page's copy, and the forms that are not kept ---------------------

function copyNotice() {
  const when = document.documentElement.getAttribute("data-offline-copy");
  const m = pageWords();
  if (when === null || !m) { return; }
  const main = document.querySelector("main");
  const p = el("p", "flash offline-copy", say(m, "tCopy"));
  p.setAttribute("role", "status");
  if (main) { main.insertBefore(p, main.firstChild); }
}

function refuseOffline(ev) {
  const f = ev.target;
  if (!(f instanceof HTMLFormElement) || ev.defaultPrevented) { return; }
  // Read as attributes: a field named "method" or "id" (Otoroku's payout has one) hides
  // the form's own property of that name.
  const how = (f.getAttribute("method") || "").toLowerCase();
  if (f.getAttribute("id") === "round-form" || how !== "post") { return; }
  if (navigator.onLine !== false) { return; }
  ev.preventDefault();
  const m = pageWords();
  const old = f.querySelector(".need-signal");
  if (old) { old.remove(); }
  const p = el("p", "flash error need-signal", say(m, "tNeedSignal"));
  p.setAttribute("role", "alert");
  f.insertBefore(p, f.firstChild);
}

function worker() {
  try { startWorker(); } catch (e) { /* storage blocked: no worker, the queue still works */ }
}

function startWorker() {
  const url = document.body && document.body.getAttribute("data-sw");
  if (!url || !("serviceWorker" in navigator) || !window.isSecureContext) { return; }
  const controlled = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register(url).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (reg) {
    // The first page, opened before the worker was there: kept now.
    if (!controlled && reg.active) { reg.active.postMessage({ keep: location.href.split("#")[0] }); }
    // A table's page: keep its round form too, so it opens without a signal.
    const live = document.getElementById("live");
    const m = words();
    if (live && m && live.dataset.mode === "swap" && live.dataset.entry && reg.active &&
        !document.documentElement.hasAttribute("data-offline-copy")) {
      reg.active.postMessage({ keep: live.dataset.entry });
    }
  }).catch(function () { /* no worker: pages need the signal, rounds still queue */ });
}

// The page for one never opened here, shown at a table's address (a correction, a
// change): a way back to that table, whose page this phone keeps.
function backToTable() {
  const back = document.querySelector("a[data-table-back]");
  const table = /^(.*?\/t\/[^/]+)\//.exec(location.pathname);
  if (back && table) {
    back.href = table[1];
    back.hidden = false;
  }
}

export function start() {
  document.addEventListener("DOMContentLoaded", function () {
    copyNotice();
    backToTable();
    worker();
  });
  document.addEventListener("submit", refuseOffline, true);
}
