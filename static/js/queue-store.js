// Rounds saved without a signal (issue 21): the list on the phone, and the order they are sent
// in. The queue is one list in localStorage ("scorekeeper.queue"), so it survives a reload and
// a closed browser, whatever page is open, and a page kept by the service worker never stands
// in for it: what a page shows of the queue is always read from the list.

export const KEY = "scorekeeper.queue";
const USED = "scorekeeper.queue-used"; // ids kept or sent from this phone: never reused
export const KNOWN = "scorekeeper.queue-known:"; // per table: the last round this queue stored
export const OPENED = "scorekeeper.queue-opened"; // sessionStorage: a refused round posted for real
export const RETRY = 5000; // ms between tries while rounds wait and the server does not answer
export const LOCK = "scorekeeper.queue-send"; // Web Locks: one tab of the phone sends at a time

function storage() {
  try {
    const s = window.localStorage;
    return s && typeof s.getItem === "function" ? s : null;
  } catch (e) {
    return null;
  }
}
export const local = storage();

export function load() {
  if (!local) { return []; }
  try {
    const q = JSON.parse(local.getItem(KEY) || "[]");
    return Array.isArray(q) ? q : [];
  } catch (e) {
    return [];
  }
}
export function saveQueue(q) {
  if (!local) { return false; }
  try {
    if (q.length) { local.setItem(KEY, JSON.stringify(q)); } else { local.removeItem(KEY); }
    return true;
  } catch (e) {
    return false; // full or refused
  }
}

export function readJSON(key, fallback) {
  if (!local) { return fallback; }
  try { return JSON.parse(local.getItem(key) || "null") || fallback; } catch (e) { return fallback; }
}
export function writeJSON(key, value) {
  if (!local) { return; }
  try { local.setItem(key, JSON.stringify(value)); } catch (e) { /* full or refused */ }
}
export function used(id) {
  return readJSON(USED, []).indexOf(id) >= 0;
}
export function use(id) {
  const ids = readJSON(USED, []).filter(function (o) { return o !== id; });
  ids.push(id);
  writeJSON(USED, ids.slice(-200));
}

export function words() { return document.getElementById("queue-words"); }
export function pageWords() { return document.getElementById("offline-words"); }
export function say(m, key, values) {
  let text = (m && m.dataset[key]) || "";
  Object.keys(values || {}).forEach(function (name) {
    text = text.split("{" + name + "}").join(String(values[name]));
  });
  return text;
}

export function freshId() {
  const bytes = new Uint8Array(16);
  (window.crypto || window.msCrypto).getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) {
    return ("0" + b.toString(16)).slice(-2);
  }).join("");
}

// The refused round this page's form is, opened with "Open it to correct it": its id, or "".
export function openedHere() {
  const f = document.getElementById("round-form");
  const id = f && f.querySelector("input[name=submission_id]");
  if (!id || !id.value) { return ""; }
  let opened;
  try { opened = JSON.parse(window.sessionStorage.getItem(OPENED) || "null"); } catch (e) { return ""; }
  return opened && opened.id === id.value ? id.value : "";
}

export function forgetOpened(id) {
  try {
    const opened = JSON.parse(window.sessionStorage.getItem(OPENED) || "null");
    if (opened && opened.id === id) { window.sessionStorage.removeItem(OPENED); }
  } catch (e) { /* no session storage */ }
}


export function update(id, change) {
  const q = load();
  let found = null;
  q.forEach(function (it) { if (it.id === id) { found = it; } });
  if (!found) { return null; }
  change(found, q);
  saveQueue(q.filter(function (it) { return !it.gone; }));
  return found;
}

// The next round to send: the first waiting one of a table with nothing stuck before it.
// ``resting``: the tables whose server answered with an error, each until when it rests.
export function next(q, resting, now) {
  const stuck = {};
  for (let i = 0; i < q.length; i++) {
    const it = q[i];
    if (stuck[it.table] || resting[it.table] > now) { continue; }
    if (it.state === "waiting") { return it; }
    stuck[it.table] = true;
  }
  return null;
}

export function tableOf(m) { return m ? m.dataset.table : ""; }

export function csrfFrom(html) {
  const found = /name="csrf_token"[^>]*value="([^"]*)"/.exec(html) ||
    /value="([^"]*)"[^>]*name="csrf_token"/.exec(html);
  return found ? found[1] : "";
}

// When a kept round was played, as the server writes times (UTC, whole seconds): the time
// its Save was tapped, moved by ``skew`` (ms the server's clock is ahead of the phone's),
// to the nearest second.
export function playedAt(it, skew) {
  const at = Math.round((it.at + (skew || 0)) / 1000) * 1000;
  return new Date(at).toISOString().slice(0, 19) + "Z";
}

// The skew an answer shows: its Date header names a whole second, so the server's clock
// read somewhere in that second, taken as its middle, at a moment between the phone's
// asking (``asked``) and its hearing back (``heard``), taken as their middle. Without a
// readable Date the last estimate (``before``) stands.
export function skewFrom(header, asked, heard, before) {
  const date = Date.parse(header || "");
  if (isNaN(date)) { return before; }
  return date + 500 - (asked + heard) / 2;
}

// The form's fields as the form would post them, the number the queue gives it, when it was
// played (issue 39: a form drawn again after a refusal carries the time it was given), its id
// and token.
export function postBody(it, token, skew) {
  const out = new URLSearchParams();
  const played = typeof it.at === "number" ? playedAt(it, skew) : "";
  it.fields.forEach(function (pair) {
    const value = pair[0] === "expected_number" ? String(it.expected) : pair[1];
    out.append(pair[0], pair[0] === "played_at" ? value || played : value);
  });
  if (!it.fields.some(function (pair) { return pair[0] === "expected_number"; })) {
    out.append("expected_number", String(it.expected));
  }
  if (played && !it.fields.some(function (pair) { return pair[0] === "played_at"; })) {
    out.append("played_at", played);
  }
  out.append("submission_id", it.id);
  out.append("csrf_token", token);
  return out;
}

// Stored as round n: gone from the queue; the next one at its table enters n + 1.
export function stored(id, n) {
  const gone = update(id, function (it, q) {
    it.gone = true;
    writeJSON(KNOWN + it.table, Math.max(n, parseInt(readJSON(KNOWN + it.table, 0), 10) || 0));
    const later = q.filter(function (o) { return o.table === it.table && o !== it; });
    if (later.length) { later[0].expected = n + 1; }
  });
  document.dispatchEvent(new CustomEvent("scorekeeper:sent", {
    detail: { id: id, number: n, table: gone ? gone.table : "" }
  }));
}
