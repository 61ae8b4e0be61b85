// A table's pages follow another phone's writes: the page polls the table's version and,
// when it changed, swaps in the page again (a page that only shows the table) or says so (the
// round form, whose taps are never touched). Without script: reload to see other phones' rounds.
import { afterLoad } from "./dom.js";
import { enhance } from "./times.js";
import { show } from "./queue-view.js";
import { load, used } from "./queue-store.js";

const PERIOD = 2500; // ms between polls while the page is visible (a write shows within 5 s)
let timer = null;
let busy = false;

function marker() { return document.getElementById("live"); }
function main() { return document.querySelector("main"); }

// The notices' words, in the page's language: the marker carries them (data-t-*), with
// {summary} and {what} to fill in.
function words(m, key, values) {
  let text = m.dataset[key] || "";
  Object.keys(values || {}).forEach(function (name) {
    text = text.split("{" + name + "}").join(values[name] === undefined ? "" : String(values[name]));
  });
  return text;
}

// -- polling --------------------------------------------------------------------------------

function schedule(delay) {
  clearTimeout(timer);
  timer = null;
  if (marker() && document.visibilityState === "visible") {
    timer = setTimeout(poll, delay === undefined ? PERIOD : delay);
  }
}

// One conditional request: 304 (no body) while the table is at the version the page shows.
function poll() {
  const m = marker();
  timer = null;
  if (!m || busy) { schedule(); return; }
  busy = true;
  fetch(m.dataset.poll, {
    headers: { "If-None-Match": '"v' + m.dataset.version + '"' },
    cache: "no-store",
    credentials: "same-origin"
  }).then(function (r) {
    if (r.status === 304 || r.ok) { caughtUp(); } // the server answers: there is a signal
    return r.status === 200 ? r.json() : null;
  }).then(function (info) {
    if (info && String(info.version) !== m.dataset.version) {
      return changed(m, info);
    }
  }).catch(function () {
    // Offline for a moment: try again at the next tick.
  }).then(function () {
    busy = false;
    schedule();
  });
}

// A copy the phone kept (no signal when it opened): the server answers again, so its "No
// signal" goes (what changed since is said or swapped in by the answer itself).
function caughtUp() {
  document.querySelectorAll("main > .offline-copy").forEach(function (p) { p.remove(); });
}

function changed(m, info) {
  const latest = info.latest || {};
  if (latest.continued_at) {
    // A rematch was made from this table: nothing here changed, the game goes on there.
    notice(m, info, words(m, "tContinued"), [[words(m, "tOpenNew"), latest.continued_at]]);
    m.dataset.version = info.version;
    return;
  }
  // A round this phone kept without a signal, stored by its queue: never "another phone".
  const mine = !!(latest.submission_id && used(latest.submission_id));
  if (mine) { sent(latest.submission_id, latest.number); }
  if (m.dataset.mode === "swap") { return swap(m, info); }
  if (mine) { return ownRound(m, info); }
  if (m.dataset.mode === "entry") { return entry(m, info); }
  notice(m, info, words(m, "tChanged", { summary: info.latest.summary }), []);
  m.dataset.version = info.version;
}

// The round form after this phone's own kept round was stored: it follows the table (the
// number it enters, the dealer) once none of this table's rounds wait on the phone any more;
// while some do, the queue numbers the form (queue-view.js, ownForm).
function ownRound(m, info) {
  const table = (document.getElementById("queue-words") || { dataset: {} }).dataset.table;
  const waiting = load().some(function (it) { return it.table === table; });
  if (m.dataset.mode !== "entry" || waiting) { m.dataset.version = info.version; return; }
  return getPage(m.dataset.entry).then(function (page) {
    const next = page.doc.getElementById("live");
    if (page.ok && next) { follow(page.doc, next, m); } else { m.dataset.version = info.version; }
  });
}

// -- this phone's kept rounds, sent (queue.js's "scorekeeper:sent", or the poll) ------------

const SENT = "scorekeeper.sent"; // sessionStorage: what the cleared form's page says was sent
let said = []; // the numbers of this phone's kept rounds said sent on this page
let formSent = false; // this page's round form holds a round sent since

// Said as sent from this phone; the round's own form, if this page is it, is cleared: the
// server draws the next round's form, which says what was sent. That waits until no round
// waits to be sent (leaving the page would cut the next one off on its way).
function sent(id, number) {
  const m = marker(), q = document.getElementById("queue-words");
  if (!m || !q || !number) { return; }
  const fresh = said.indexOf(number) < 0; // the poll and the queue may both tell of one round
  if (fresh) { said.push(number); }
  formSent = formSent || ownFormSent(m, id);
  const waiting = load().some(function (it) { return it.state === "waiting"; });
  if (formSent && !waiting) {
    freshForm(m, q);
  } else if (fresh) {
    sentNotice(m, q);
  }
}

// Whether the round sent (its submission id) is the one this page's round form holds.
function ownFormSent(m, id) {
  const f = document.getElementById("round-form");
  const own = f && f.querySelector("input[name=submission_id]");
  return !!(own && own.value === id && m.dataset.mode === "entry");
}

// The next round's form, which says (sentBefore) what was sent.
function freshForm(m, q) {
  try {
    window.sessionStorage.setItem(SENT, JSON.stringify({ table: q.dataset.table, numbers: said }));
  } catch (e) { /* no session storage: the fresh form says nothing */ }
  location.replace(m.dataset.entry);
}

function sentNotice(m, q) {
  const last = said[said.length - 1];
  const text = (said.length === 1 ? words(q, "tSentOne") : words(q, "tSentMany", { n: said.length }))
    .split("987").join(String(last));
  const box = document.getElementById("sent-notice") || document.createElement("p");
  box.id = "sent-notice";
  box.className = "flash sent-notice";
  box.setAttribute("role", "status");
  box.textContent = text + " ";
  const a = document.createElement("a");
  a.href = m.dataset.entry.replace(/new$/, "") + last;
  a.textContent = words(m, "tView");
  box.appendChild(a);
  const f = document.getElementById("round-form");
  const bar = f && f.querySelector(".entrybar");
  const h1 = document.querySelector("main h1");
  if (bar) {
    // In the bar, over the grid's last rows: it goes at the player's next tap on the form.
    bar.insertBefore(box, bar.firstChild);
    f.addEventListener("change", function () { box.remove(); }, { once: true });
  } else if (h1) { h1.insertAdjacentElement("afterend", box); }
}

// The fresh form after its round was sent: say what was.
function sentBefore() {
  const m = marker(), q = document.getElementById("queue-words");
  let kept;
  try {
    kept = JSON.parse(window.sessionStorage.getItem(SENT) || "null");
    window.sessionStorage.removeItem(SENT);
  } catch (e) { return; }
  if (!m || !q || !kept || kept.table !== q.dataset.table || !kept.numbers.length) { return; }
  said = kept.numbers;
  sentNotice(m, q);
}

function getPage(url) {
  return fetch(url, { cache: "no-store", credentials: "same-origin" }).then(function (r) {
    return r.text().then(function (text) {
      return { ok: r.ok, doc: new DOMParser().parseFromString(text, "text/html") };
    });
  });
}

// A page that only shows the table: fetch it again and put its content in place, keeping the
// notices shown above it (an Undo among them), and light up the rounds that are new.
function swap(m, info) {
  const root = main();
  if (interacting(root)) { return; } // a question is open or a field has focus: next tick
  return getPage(location.href).then(function (page) {
    const fresh = page.doc.querySelector("main");
    if (!page.ok || !fresh || !fresh.querySelector("#live")) {
      notice(m, info, words(m, "tPageChanged", { summary: info.latest.summary }),
        [[words(m, "tBack"), info.table_url]]);
      m.dataset.version = info.version;
      return;
    }
    const seen = {};
    root.querySelectorAll("[data-key]").forEach(function (el) { seen[el.dataset.key] = true; });
    const kept = Array.prototype.filter.call(root.children, function (el) {
      return el.classList.contains("flash") && !el.classList.contains("live-notice");
    });
    root.replaceChildren.apply(root, kept.concat(Array.prototype.slice.call(fresh.childNodes)));
    root.querySelectorAll("[data-key]").forEach(function (el) {
      if (!seen[el.dataset.key]) { el.classList.add("fresh"); }
    });
    if (page.doc.title) { document.title = page.doc.title; }
    enhance(root);
    caughtUp();
    show(); // rounds still waiting
  });
}

function interacting(root) {
  const active = document.activeElement;
  return !!root.querySelector("details.confirm[open]") ||
    !!(active && active !== document.body && root.contains(active) &&
       /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName));
}

// The round form: never touch what the player has tapped. If the round it was about to enter
// is taken, say so and offer to view it or keep entering as the next one; if only an earlier
// round changed, follow the dealer (unless the player picked one) and say what happened.
function entry(m, info) {
  return getPage(m.dataset.entry).then(function (page) {
    const next = page.doc.getElementById("live");
    if (!page.ok || !next) { return; }
    const number = next.dataset.number;
    if (number === m.dataset.number) {
      follow(page.doc, next, m);
      notice(m, info, words(m, "tChangedHere", { summary: info.latest.summary }), []);
      return;
    }
    const latest = info.latest || {};
    const text = latest.action === "enter" && latest.number
      ? words(m, "tEntered", { what: latest.what })
      : words(m, "tTableChanged", { summary: latest.summary });
    const links = [];
    if (latest.action === "enter" && latest.number) {
      links.push([words(m, "tView"), info.table_url + "/rounds/" + latest.number]);
    }
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "button secondary";
    keep.textContent = words(m, "tKeep", { what: next.dataset.what || number });
    keep.addEventListener("click", function () {
      follow(page.doc, next, m);
      const box = document.querySelector(".live-notice");
      if (box) { box.remove(); }
    });
    // Until the player chooses, keep polling against the version the notice is about.
    m.dataset.version = info.version;
    notice(m, info, text, links, keep);
  });
}

// Bring the form's round number, heading and dealer to the table as it is now.
function follow(doc, next, m) {
  const form = document.getElementById("round-form");
  const fresh = doc.getElementById("round-form");
  if (!form || !fresh) { return; }
  ["expected_number", "dealer_shown"].forEach(function (name) {
    const a = form.querySelector("input[name=" + name + "]");
    const b = fresh.querySelector("input[name=" + name + "]");
    if (a && b) { a.value = b.value; }
  });
  const dealer = form.querySelector("select[name=dealer]");
  const freshDealer = fresh.querySelector("select[name=dealer]");
  if (dealer && freshDealer && !dealer.dataset.picked &&
      dealer.options.length === freshDealer.options.length) {
    dealer.value = freshDealer.value;
  }
  const h1 = document.querySelector("main h1");
  const freshH1 = doc.querySelector("main h1");
  if (h1 && freshH1) { h1.textContent = freshH1.textContent; }
  // Lines that say where the table stands (Baka's "Round 3 of 3 in game 1").
  document.querySelectorAll("[data-follow][id]").forEach(function (el) {
    const freshEl = doc.getElementById(el.id);
    if (freshEl) { el.textContent = freshEl.textContent; }
  });
  document.title = doc.title;
  m.dataset.number = next.dataset.number;
  m.dataset.version = next.dataset.version;
}

// A notice under the page's heading: text, links and an optional button. On a round's form
// it goes in the bar at the bottom instead, where the eye is wherever the form is scrolled,
// with a button that puts it away (it would hide the cards behind it).
function notice(m, info, text, links, button) {
  const old = document.querySelector(".live-notice");
  if (old) { old.remove(); }
  const box = document.createElement("p");
  box.className = "flash live-notice";
  box.setAttribute("role", "status");
  box.appendChild(document.createTextNode(text + " "));
  links.forEach(function (pair, i) {
    if (i) { box.appendChild(document.createTextNode(" / ")); }
    const a = document.createElement("a");
    a.href = pair[1];
    a.textContent = pair[0];
    box.appendChild(a);
  });
  if (button) {
    if (links.length) { box.appendChild(document.createTextNode(" / ")); }
    box.appendChild(button);
  }
  const bar = document.querySelector("#round-form .entrybar");
  if (bar) {
    box.classList.add("in-bar");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "dismiss";
    close.setAttribute("aria-label", words(m, "tDismiss"));
    close.textContent = "\u00d7";
    close.addEventListener("click", function () { box.remove(); });
    box.insertBefore(close, box.firstChild);
    bar.insertBefore(box, bar.firstChild);
    return;
  }
  const h1 = document.querySelector("main h1");
  if (h1) { h1.insertAdjacentElement("afterend", box); } else { main().prepend(box); }
}

export function start() {
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { schedule(0); } else { clearTimeout(timer); timer = null; }
  });
  document.addEventListener("change", function (ev) {
    if (ev.target instanceof Element && ev.target.matches("#round-form select[name=dealer]")) {
      ev.target.dataset.picked = "1";
    }
  });
  afterLoad(function () { sentBefore(); schedule(); });
  // The signal back: ask at once (the "No signal" copy's notice goes as soon as it answers).
  window.addEventListener("online", function () { schedule(0); });
  document.addEventListener("scorekeeper:sent", function (ev) {
    const q = document.getElementById("queue-words");
    if (ev.detail && q && ev.detail.table === q.dataset.table) { sent(ev.detail.id, ev.detail.number); }
  });
}
