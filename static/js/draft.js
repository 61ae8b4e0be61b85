// A round form's draft: every tap on a round's form is kept on the phone (localStorage), per
// table and per round entered (new:<expected number>) or corrected (edit:<round id>), and put
// back when the form opens again (a reload, Back, a closed tab, a Save that failed). It is the
// form's own fields that are kept, whatever draws them (a card picker renders from those
// fields and, told "scorekeeper:restored", draws again). Save first checks that the server
// answers: without a connection the player stays on the form with a notice, instead of the
// browser's offline page (a new round waits on the phone: queue.js). Once the round is stored
// (the next page is its round page), its draft is dropped.
// Without script the form posts as it always did.
import { afterLoad } from "./dom.js";
import { drop, local, read, session, write } from "./storage.js";
import { draftKey, sameSeats, stale } from "./draft-keys.js";
import { keep, waiting } from "./queue.js";

const PENDING = "scorekeeper.draft-pending";
const PING_WAIT = 6000; // ms: a server that does not answer within this counts as unreachable
// The form's own workings, not the player's taps: never kept, never put back (based_on is
// kept apart, see below).
const PLUMBING = /^(csrf_token|submission_id|expected_number|based_on|played_at|seen|dealer_shown|p\d+_name)$/;
function marker() { return document.getElementById("draft"); }
// Who sits where as the form was drawn (its p<i>_name fields, in order).
function seatsOf(f) {
  return Array.prototype.filter.call(f.elements, function (el) {
    return /^p\d+_name$/.test(el.name);
  }).map(function (el) { return el.value; });
}
function form() { return document.getElementById("round-form"); }

// -- what the form holds ----------------------------------------------------------------

// Each field the player sets, by a name that finds it again in a form drawn afresh: a box
// or a radio by its name and value, any other field by its name and its place among the
// fields of that name.
function fields(f) {
  const out = [];
  const seen = {};
  Array.prototype.forEach.call(f.elements, function (el) {
    const name = el.name;
    const type = (el.type || "").toLowerCase();
    if (!name || PLUMBING.test(name) || el.hasAttribute("data-draft-skip") ||
        /^(submit|button|reset|image|file|fieldset|output)$/.test(type) || el.tagName === "OBJECT") {
      return;
    }
    if (type === "checkbox" || type === "radio") {
      out.push({ key: name + "=" + el.value, el: el, box: true });
    } else {
      const k = seen[name] = (seen[name] || 0) + 1;
      out.push({ key: name + "#" + k, el: el, box: false });
    }
  });
  return out;
}

function valueOf(field) {
  return field.box ? field.el.checked : field.el.value;
}
// A hidden field has no default of its own (its value is its default): the value it had
// when the page was drawn stands for it.
const drawnHidden = {};

function defaultOf(field) {
  const el = field.el;
  if (field.box) { return el.defaultChecked; }
  if (el.type === "hidden" && Object.prototype.hasOwnProperty.call(drawnHidden, field.key)) {
    return drawnHidden[field.key];
  }
  if (el.tagName === "SELECT") {
    const chosen = Array.prototype.filter.call(el.options, function (o) { return o.defaultSelected; });
    return chosen.length ? chosen[0].value : (el.options.length ? el.options[0].value : "");
  }
  return el.defaultValue;
}

// The draft's key: the table and the round (a new round by the number the form enters,
// which follows the table when the player chooses to keep entering as the next one).
function keyOf(m, f) {
  const n = f.querySelector("input[name=expected_number]");
  return draftKey(m.dataset.table, m.dataset.round, n ? n.value : "");
}

let current = null; // the key the draft is kept under now
let restoredBasedOn = false; // the draft put back was begun on an earlier version of the round
let restoring = false;
let discarded = false;

// No draft is kept off a round's form, without storage, while one is put back, or once
// the round is kept on the phone.
function notKept(m, f) {
  return !m || !f || !local || restoring || discarded;
}

function save() {
  const m = marker(), f = form();
  if (notKept(m, f)) { return; }
  const key = keyOf(m, f);
  if (current && current !== key) { drop(local, current); }
  current = key;
  const values = {};
  let differs = false;
  const shown = f.querySelector("input[name=dealer_shown]");
  fields(f).forEach(function (field) {
    const el = field.el;
    // The dealer only once the player chose one (here, or on the form posted): left alone,
    // it follows the table.
    if (el.name === "dealer" && !el.dataset.picked &&
        (m.dataset.fresh || !shown || el.value === shown.value)) { return; }
    values[field.key] = valueOf(field);
    if (valueOf(field) !== defaultOf(field)) { differs = true; }
  });
  const basedOn = f.querySelector("input[name=based_on]");
  if (m.dataset.fresh && !differs && !restoredBasedOn) {
    // Nothing tapped on a form drawn afresh (or all of it taken back): nothing to keep.
    drop(local, key);
    return;
  }
  write(local, key, {
    at: Date.now(),
    values: values,
    seats: seatsOf(f),
    based_on: basedOn ? basedOn.value : null
  });
}

let later = null;
function saveSoon() {
  if (later === null) {
    // After every other handler of this tap has set the fields it sets.
    later = setTimeout(function () { later = null; save(); }, 0);
  }
}

// Put a draft back into a form drawn afresh: set the fields it differs in, then tell whoever
// draws from them (the change and input events each field would have had, and one
// "scorekeeper:restored" for the form). Says so when the draft differs from the form as the
// server drew it.
function restore(m, f, draft) {
  const changed = [];
  let differs = false;
  restoring = true;
  fields(f).forEach(function (field) {
    if (!Object.prototype.hasOwnProperty.call(draft.values, field.key)) { return; }
    const value = draft.values[field.key];
    if (value !== defaultOf(field)) { differs = true; }
    if (value === valueOf(field)) { return; }
    if (field.box) {
      field.el.checked = !!value;
    } else {
      field.el.value = value;
      if (field.el.value !== value) { return; } // a choice this form no longer offers
    }
    changed.push(field.el);
  });
  const basedOn = f.querySelector("input[name=based_on]");
  if (basedOn && draft.based_on && basedOn.value !== draft.based_on) {
    // The round changed since the draft was begun: Save says so and lets the player choose.
    basedOn.value = draft.based_on;
    restoredBasedOn = true;
    differs = true;
  }
  changed.forEach(function (el) {
    const box = el.closest("details");
    if (box && (el.checked || (el.type !== "checkbox" && el.type !== "radio" && el.value))) {
      box.open = true;
    }
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  });
  restoring = false;
  document.dispatchEvent(new CustomEvent("scorekeeper:restored"));
  if (differs) { restoredNotice(m, f); }
}

// The notice stands in the bar in place of the counts line (as the bar's mistakes do, issue
// 31): above the grid it pushed the last rows under the bar. It goes at Start over or at the
// player's next change to the form (they carry on with what is back), and the counts return.
function restoredNotice(m, f) {
  const box = document.createElement("p");
  box.className = "flash draft-restored";
  box.setAttribute("role", "status");
  const words = document.createElement("span");
  words.textContent = m.dataset.tRestored;
  box.appendChild(words);
  const again = document.createElement("button");
  again.type = "button";
  again.className = "button secondary";
  again.textContent = m.dataset.tStartOver;
  box.appendChild(again);
  const place = f.querySelector(".entrybar .bar-words");
  function gone() {
    box.remove();
    if (place) { place.classList.remove("has-restored"); }
    f.removeEventListener("input", carryOn);
    f.removeEventListener("change", carryOn);
  }
  function carryOn() { if (!restoring) { gone(); } }
  again.addEventListener("click", function () { startOver(f); gone(); });
  if (place) {
    place.appendChild(box);
    place.classList.add("has-restored");
    f.addEventListener("input", carryOn);
    f.addEventListener("change", carryOn);
  } else {
    f.parentNode.insertBefore(box, f);
  }
}

// Back to the form as the server drew it, and no draft.
function startOver(f) {
  const before = fields(f).map(function (field) { return valueOf(field); });
  restoring = true;
  f.reset();
  fields(f).forEach(function (field) {
    if (field.el.type === "hidden") { field.el.value = defaultOf(field); }
  });
  const changed = fields(f).filter(function (field, i) { return valueOf(field) !== before[i]; });
  changed.forEach(function (field) {
    field.el.dispatchEvent(new Event("input", { bubbles: true }));
    field.el.dispatchEvent(new Event("change", { bubbles: true }));
  });
  restoring = false;
  document.dispatchEvent(new CustomEvent("scorekeeper:restored"));
  clearTimeout(later); // the events above asked to keep the emptied form: no draft at all
  later = null;
  if (current) { drop(local, current); }
}

// Drafts of rounds of this table entered since (a lower number than the form enters now),
// and drafts too old to matter.
function prune(m, f) {
  if (!local) { return; }
  const now = Date.now();
  const here = {
    table: m.dataset.table,
    round: m.dataset.round,
    expected: parseInt((f.querySelector("input[name=expected_number]") || {}).value, 10)
  };
  const keys = [];
  for (let i = 0; i < local.length; i++) { keys.push(local.key(i)); }
  keys.forEach(function (key) {
    if (stale(key, read(local, key), here, now)) { drop(local, key); }
  });
}

// -- Save: only with a connection --------------------------------------------------------

function offlineNotice(m, f, show) {
  const old = f.querySelector(".draft-offline");
  if (old) { old.remove(); }
  if (!show) { return; }
  const box = document.createElement("p");
  box.className = "flash error draft-offline";
  box.setAttribute("role", "alert");
  box.textContent = m.dataset.tOffline;
  const bar = f.querySelector(".entrybar");
  const button = f.querySelector("button[type=submit], input[type=submit]");
  if (bar) { bar.insertBefore(box, bar.firstChild); } else if (button) {
    button.parentNode.insertBefore(box, button);
  } else { f.appendChild(box); }
}

// The round is kept on the phone: said in the bar, with the way on.
function keptNotice(m, f, how) {
  offlineNotice(m, f, false);
  const old = f.querySelector(".draft-kept");
  if (old) { old.remove(); }
  const box = document.createElement("p");
  box.className = "flash draft-kept";
  box.setAttribute("role", "status");
  box.appendChild(document.createTextNode(
    (how === "again" ? m.dataset.tKeptAgain : how === "behind" ? m.dataset.tKeptBehind :
      m.dataset.tKept) + " "));
  [[m.dataset.rounds + "new", m.dataset.tNext], [m.dataset.tablePage, m.dataset.tTable]]
    .forEach(function (pair) {
      const a = document.createElement("a");
      a.href = pair[0];
      a.textContent = pair[1];
      box.appendChild(a);
      box.appendChild(document.createTextNode(" "));
    });
  const bar = f.querySelector(".entrybar");
  if (bar) { bar.insertBefore(box, bar.firstChild); } else { f.appendChild(box); }
}

// Does the server answer? The table's poll: a 304 from one read, nothing rendered.
function reachable(m) {
  if (navigator.onLine === false) { return Promise.resolve(false); }
  if (!window.fetch) { return Promise.resolve(true); }
  const abort = window.AbortController ? new AbortController() : null;
  const timer = abort ? setTimeout(function () { abort.abort(); }, PING_WAIT) : null;
  return fetch(m.dataset.ping, {
    headers: { "If-None-Match": "*" },
    cache: "no-store",
    credentials: "same-origin",
    signal: abort ? abort.signal : undefined
  }).then(function () { return true; }, function () { return false; }).then(function (ok) {
    clearTimeout(timer);
    return ok;
  });
}

let sending = false; // a Save already checked, on its way: let the browser post it
let checking = false;

function onSubmit(ev) {
  const m = marker(), f = form();
  if (!m || !f || ev.target !== f || ev.defaultPrevented) { return; }
  if (sending) { return; }
  ev.preventDefault();
  if (checking) { return; } // a second tap while the first is checked
  checking = true;
  save();
  const submitter = ev.submitter || null;
  reachable(m).then(function (ok) {
    checking = false;
    // A new round without a signal waits on the phone (static/js/queue.js), sent once the
    // signal returns; a correction stays on its form with the notice.
    // With rounds of this table still waiting, it goes behind them, signal or not.
    // "Mine replaces theirs" (the stale page) corrects a stored round: never kept as a new one.
    const kept = keptOnPhone(m, f, submitter, ok);
    if (kept) {
      discarded = true;
      drop(local, current);
      keptNotice(m, f, kept === "kept" && ok ? "behind" : kept);
      return;
    }
    offlineNotice(m, f, !ok);
    if (!ok) { return; }
    // The next page says whether the round was stored (its round page): see landed().
    write(session, PENDING, { key: current, rounds: m.dataset.rounds, at: Date.now() });
    sending = true;
    post(f, submitter);
    // Back to this page from the browser's cache: Save checks again.
    setTimeout(function () { sending = false; }, 0);
  });
}

// A new round kept on the phone (queue.js's keep: "kept", or why not) when there is no
// signal or rounds of its table wait before it; "" when it goes to the server now.
function keptOnPhone(m, f, submitter, ok) {
  const replacing = !!(submitter && submitter.hasAttribute("data-replaces"));
  const own = f.querySelector("input[name=submission_id]");
  return m.dataset.round === "new" && !replacing &&
    (!ok || waiting(m.dataset.table, own ? own.value : "")) ? keep(f) : "";
}

// The form posted as the browser would, by the button tapped.
function post(f, submitter) {
  if (f.requestSubmit) {
    f.requestSubmit(submitter && submitter.form === f ? submitter : undefined);
  } else {
    HTMLFormElement.prototype.submit.call(f);
  }
}

// A page after a Save: its round page means the round is stored, so its draft goes.
function landed() {
  const pending = read(session, PENDING);
  if (!pending) { return; }
  drop(session, PENDING);
  const path = location.pathname;
  if (pending.key && pending.rounds && path.indexOf(pending.rounds) === 0 &&
      /^\d+$/.test(path.slice(pending.rounds.length))) {
    drop(local, pending.key);
  }
}

function setUp() {
  landed();
  const m = marker(), f = form();
  if (!m || !f) { return; }
  prune(m, f);
  fields(f).forEach(function (field) {
    if (field.el.type === "hidden") { drawnHidden[field.key] = field.el.value; }
  });
  current = keyOf(m, f);
  const draft = local ? read(local, current) : null;
  if (m.dataset.fresh) {
    // A draft begun for other seats (a player left or moved since) is not put back: what was
    // typed was typed by seat, and would land under another player's name.
    if (draft && draft.values && sameSeats(draft, seatsOf(f))) {
      restore(m, f, draft);
    } else if (draft) {
      drop(local, current);
    }
  } else {
    // Drawn again after a Save (a mistake, another phone first): what was posted is newer
    // than any draft, and the round it enters may be another now.
    save();
  }
  ["input", "change", "click"].forEach(function (type) {
    f.addEventListener(type, saveSoon);
  });
  document.addEventListener("click", function (ev) {
    // The live notice's "keep entering as round N" and the stale page's choices.
    const t = ev.target instanceof Element ? ev.target : null;
    if (!t) { return; }
    if (t.closest("[data-draft-drop]")) {
      // The player let this entry go (another phone's stands): keep nothing more of it.
      discarded = true;
      drop(local, current);
      return;
    }
    if (t.closest(".live-notice")) { saveSoon(); }
  });
  document.addEventListener("submit", onSubmit);
  // Leaving the page (or the phone locked): the last taps, even those that set fields
  // without an event.
  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { save(); }
  });
}

export function start() {
  afterLoad(setUp);
  // Back to a page kept whole in the browser's cache: its taps are kept again (one let go
  // before can be taken up again).
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted) { discarded = false; }
  });
}
