// The screen kept awake on a table's pages, and the note on a page that came over plain HTTP.
// Without script the screen sleeps as the phone decides.
// While the switch is on (it is unless the player turned it off on this phone) and the page
// is in use: released after a long time without a touch, taken again at the next one.

import { afterLoad } from "./dom.js";
import { local } from "./storage.js";

const WAKE = "scorekeeper.wake";
const IDLE = 30 * 60 * 1000; // ms without a touch after which the screen may sleep again
let lock = null;
let asking = false;
let idleTimer = null;

function wakeWanted() {
  return !local || local.getItem(WAKE) !== "off";
}

function showWake(state) {
  const p = document.getElementById("wake");
  if (!p) { return; }
  p.dataset.state = state;
  const refused = p.querySelector(".wake-refused");
  if (refused) { refused.hidden = state !== "refused"; }
}

let refused = false; // asked and refused: not again until the page is shown again or switched

function acquire() {
  if (lock || asking || refused || !wakeWanted() || document.visibilityState !== "visible") { return; }
  asking = true;
  navigator.wakeLock.request("screen").then(function (sentinel) {
    asking = false;
    if (!wakeWanted() || document.visibilityState !== "visible") {
      sentinel.release();
      return;
    }
    lock = sentinel;
    showWake("on");
    sentinel.addEventListener("release", function () {
      if (lock === sentinel) { lock = null; }
      showWake(wakeWanted() ? "released" : "off");
    });
  }, function () {
    asking = false;
    refused = true;
    showWake("refused");
  });
}

function release() {
  if (lock) {
    const held = lock;
    lock = null;
    held.release().catch(function () { /* already released */ });
  }
}

function touched() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(release, IDLE);
  acquire();
}

function wake() {
  const p = document.getElementById("wake");
  const box = document.getElementById("wake-lock");
  if (!p || !box || !("wakeLock" in navigator) || !navigator.wakeLock) { return; }
  p.hidden = false;
  box.checked = wakeWanted();
  showWake(box.checked ? "released" : "off");
  box.addEventListener("change", function () {
    if (local) {
      try { local.setItem(WAKE, box.checked ? "on" : "off"); } catch (e) { /* refused */ }
    }
    refused = false;
    if (box.checked) { touched(); } else { release(); showWake("off"); }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refused = false; touched(); }
  });
  ["pointerdown", "keydown", "scroll"].forEach(function (type) {
    window.addEventListener(type, touched, { passive: true, capture: true });
  });
  touched();
}

// A page the browser got over plain HTTP from another machine is no secure context: the
// browser turns off what needs one (the screen wake lock; offline use). Said once a phone,
// at the foot of the page, so nothing above it moves.
function insecureNote() {
  const note = document.getElementById("https-note");
  if (!note || window.isSecureContext) { return; }
  try {
    if (localStorage.getItem("scorekeeper:https-note")) { return; }
    localStorage.setItem("scorekeeper:https-note", "shown");
  } catch (e) { /* no storage: say it each time */ }
  note.hidden = false;
}

export function start() {
  afterLoad(function () {
    wake();
    insecureNote();
  });
  // Back to a page kept whole in the browser's cache: the screen is taken again.
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted && lock === null && document.getElementById("wake") &&
        !document.getElementById("wake").hidden) { touched(); }
  });
}
