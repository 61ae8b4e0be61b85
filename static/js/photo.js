// "From a photo" (issue 33): a photo of a pile, read on the server, tapped into the grid.
// Loaded only when the grid's photo button is used (photo-button.js imports it). It knows the grid
// by its markup alone: [data-target] buttons choose where cards go, [data-card] tiles take a
// card (aria-pressed says whether the chosen target holds it, data-own / data-hand who does).
// Every card found is tapped as a finger would; the player checks the grid and taps Save.

const MAX_SIDE = 1600; // the longest side sent: a phone's photo shrinks to a few hundred kB
const QUALITY = 0.85;

const photos = new WeakMap(); // per form: the photos read, the last one last

function words(input, key, n) {
  return (input.dataset[key] || "").split("{n}").join(String(n));
}

// The photo made small on the phone (its EXIF orientation applied), as a JPEG.
async function shrink(file) {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
  return blob || file;
}

function note(form, input) {
  let p = form.querySelector(".photo-note");
  if (!p) {
    p = document.createElement("p");
    p.className = "photo-note";
    p.setAttribute("role", "status");
    const bar = form.querySelector(".entrybar .bar-words") || form.querySelector(".deck");
    bar.parentNode.insertBefore(p, bar.nextSibling);
  }
  return p;
}

function say(form, input, text) {
  const p = note(form, input);
  p.hidden = !text;
  p.classList.remove("has-unsure");
  p.textContent = text;
}

// "N cards to check": the unsure tiles still marked on the grid.
function sayUnsure(form, input) {
  const n = form.querySelectorAll(".deck .card.unsure").length;
  const p = note(form, input);
  if (n) {
    p.textContent = n === 1 ? words(input, "tCheckOne", 1) : words(input, "tCheckMany", n);
    p.classList.add("has-unsure");
    p.hidden = false;
  } else if (p.classList.contains("has-unsure")) {
    p.hidden = true;
  }
}

function layerOf(target) {
  return target.classList.contains("hand") ? "hand" : "own";
}

function isTaken(tile, layer) {
  return tile.dataset[layer] !== undefined;
}

// The tile a card found goes to: its own, unless the layer already has it (never twice); a
// plain card already taken stands for its month's next free plain card.
function tileFor(deck, id, layer) {
  const tile = deck.querySelector(`.card[data-card="${CSS.escape(id)}"]`);
  if (!tile) { return null; }
  if (!isTaken(tile, layer)) { return tile; }
  const plain = /^(.*-chaff)-\d+$/.exec(id);
  if (!plain) { return null; }
  const same = Array.from(tile.parentNode.querySelectorAll(".card[data-card]"))
    .filter((t) => t.dataset.card.startsWith(plain[1] + "-"));
  return same.find((t) => !isTaken(t, layer)) || null;
}

function mark(tile, input) {
  if (tile.querySelector(".unsure-mark")) { return; }
  tile.classList.add("unsure");
  const m = document.createElement("span");
  m.className = "unsure-mark";
  m.textContent = "?";
  const vh = document.createElement("span");
  vh.className = "vh";
  vh.textContent = " " + words(input, "tUnsure", 0);
  m.appendChild(vh);
  tile.appendChild(m);
}

function unmark(tile) {
  tile.classList.remove("unsure");
  const m = tile.querySelector(".unsure-mark");
  if (m) { m.remove(); }
}

// Tap the cards found into the chosen target; what this photo filled is kept to take back.
function fill(form, input, answer) {
  const deck = form.querySelector(".deck");
  const target = deck.querySelector(".target[data-target][aria-pressed=true]") ||
    deck.querySelector(".target[data-target]");
  const layer = layerOf(target);
  const filled = [];
  answer.cards.forEach((found) => {
    const tile = tileFor(deck, found.card, layer);
    if (!tile) { return; }
    tile.click();
    if (tile.getAttribute("aria-pressed") !== "true") { return; } // a full hand refused it
    filled.push(tile);
    if (found.unsure) {
      mark(tile, input);
      tile.addEventListener("click", () => { unmark(tile); sayUnsure(form, input); }, { once: true });
    }
  });
  return { target, filled };
}

function box(shot, found, answer) {
  const [x, y, w, h] = found.box;
  const b = document.createElement("span");
  b.className = found.unsure ? "box unsure" : "box";
  b.style.left = (100 * x / answer.width) + "%";
  b.style.top = (100 * y / answer.height) + "%";
  b.style.width = (100 * w / answer.width) + "%";
  b.style.height = (100 * h / answer.height) + "%";
  // What the card was read as: named on an unsure box, so the player can hold it against the
  // photo (a sure one is on the grid already; its name is the box's title).
  const named = document.querySelector(`.card[data-card="${CSS.escape(found.card)}"] .vh`);
  const name = named ? named.textContent : found.card;
  b.title = name;
  if (found.unsure) {
    const cap = document.createElement("span");
    cap.className = "cap";
    cap.textContent = name + " ?";
    b.appendChild(cap);
  }
  shot.appendChild(b);
}

// The photo small, a box on each card found, in a panel over the page (the grid does not
// move), opened and closed by a button beside the photo button; it takes the photo back too.
function show(form, input, blob, answer, read) {
  const deck = form.querySelector(".deck");
  const label = input.closest(".photo-button");
  let panel = deck.querySelector(".photo-panel");
  let toggle = deck.querySelector(".photo-show");
  if (!panel) {
    panel = document.createElement("div");
    panel.className = "photo-panel";
    panel.id = "photo-panel";
    panel.hidden = true;
    deck.appendChild(panel);
    toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "target photo-show";
    toggle.setAttribute("aria-controls", panel.id);
    toggle.addEventListener("click", () => open(deck, panel.hidden));
    label.before(toggle);
  }
  toggle.textContent = words(input, "tShow", answer.cards.length);
  toggle.hidden = false;
  panel.textContent = "";
  const title = document.createElement("h2");
  title.textContent = words(input, "tShown", answer.cards.length);
  const shot = document.createElement("div");
  shot.className = "shot";
  const img = document.createElement("img");
  img.alt = title.textContent;
  if (read.url) { URL.revokeObjectURL(read.url); }
  img.src = read.url = URL.createObjectURL(blob);
  shot.appendChild(img);
  answer.cards.forEach((found) => box(shot, found, answer));
  const actions = document.createElement("p");
  actions.className = "actions";
  const undo = document.createElement("button");
  undo.type = "button";
  undo.className = "button undo";
  undo.textContent = words(input, "tUndo", 0);
  undo.addEventListener("click", () => takeBack(form, input));
  const close = document.createElement("button");
  close.type = "button";
  close.className = "button secondary close";
  close.textContent = words(input, "tClose", 0);
  close.addEventListener("click", () => open(deck, false));
  // The photo button moves into the panel ("Another photo"): the row keeps one place for both.
  const said = label.querySelector(".ph-words");
  said.dataset.first = said.dataset.first || said.textContent;
  said.textContent = words(input, "tAnother", 0);
  actions.append(label, undo, close);
  panel.append(title, shot, actions);
  open(deck, panel.hidden === false);
}

function open(deck, on) {
  const panel = deck.querySelector(".photo-panel");
  const toggle = deck.querySelector(".photo-show");
  panel.hidden = !on;
  toggle.setAttribute("aria-expanded", String(on));
  if (on) { panel.querySelector(".close").focus(); } else { toggle.focus(); }
}

// Everything the last photo filled, out again (a card the player moved since stays where it is).
function takeBack(form, input) {
  const list = photos.get(form) || [];
  const read = list.pop();
  if (!read) { return; }
  const deck = form.querySelector(".deck");
  const before = deck.querySelector(".target[data-target][aria-pressed=true]");
  if (read.target.getAttribute("aria-pressed") !== "true") { read.target.click(); }
  read.filled.forEach((tile) => {
    unmark(tile);
    if (tile.getAttribute("aria-pressed") === "true") { tile.click(); }
  });
  if (before && before !== read.target) { before.click(); }
  URL.revokeObjectURL(read.url);
  const last = list[list.length - 1];
  if (last) {
    show(form, input, last.blob, last.answer, last);
  } else {
    // No photo left: the photo button takes its place in the row again.
    const toggle = deck.querySelector(".photo-show");
    const label = input.closest(".photo-button");
    const said = label.querySelector(".ph-words");
    said.textContent = said.dataset.first;
    toggle.before(label);
    toggle.hidden = true;
    deck.querySelector(".photo-panel").hidden = true;
    toggle.setAttribute("aria-expanded", "false");
    input.focus();
  }
  say(form, input, "");
  sayUnsure(form, input);
}

export async function read(input) {
  const file = input.files && input.files[0];
  input.value = ""; // the same photo can be chosen again
  const form = input.closest("form");
  if (!file || !form) { return; }
  if (!navigator.onLine) { say(form, input, words(input, "tOffline", 0)); return; }
  say(form, input, words(input, "tReading", 0));
  let blob;
  try {
    blob = await shrink(file);
  } catch (e) {
    blob = file; // a format the phone cannot draw: the server says whether it can read it
  }
  const body = new FormData();
  body.append("photo", blob, "photo.jpg");
  let resp;
  try {
    resp = await fetch(input.dataset.api, { method: "POST", body, credentials: "same-origin" });
  } catch (e) {
    say(form, input, words(input, "tOffline", 0));
    return;
  }
  let answer;
  try { answer = await resp.json(); } catch (e) { answer = null; }
  if (!resp.ok || !answer || !Array.isArray(answer.cards)) {
    const said = answer && answer.errors && answer.errors[0] && answer.errors[0].message;
    say(form, input, said || words(input, "tFailed", 0));
    return;
  }
  if (!answer.cards.length) { say(form, input, words(input, "tNone", 0)); return; }
  const read = fill(form, input, answer);
  read.blob = blob;
  read.answer = answer;
  const list = photos.get(form) || [];
  list.push(read);
  photos.set(form, list);
  show(form, input, blob, answer, read);
  say(form, input, words(input, "tAdded", read.filled.length));
  sayUnsure(form, input);
}
