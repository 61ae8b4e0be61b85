// "From a photo": what a photo's cards do to the card grid (photo.js reads the photo,
// photo-panel.js shows it). The grid is known by its markup alone: [data-target] buttons
// choose where cards go, [data-card] tiles take a card as a finger's tap would, and each
// target's checkboxes (its data-input) say which cards it holds.

// Whether `target` holds `tile`'s card (its checkbox in the form is ticked).
export function holds(target, tile) {
  const form = target.closest("form");
  const name = CSS.escape(target.dataset.input);
  const card = CSS.escape(tile.dataset.card);
  const box = form.querySelector(`input[type=checkbox][name="${name}"][value="${card}"]`);
  return !!(box && box.checked);
}

function layerOf(target) {
  return target.classList.contains("hand") ? "hand" : "own";
}

function isTaken(tile, layer) {
  return tile.dataset[layer] !== undefined;
}

function tileOf(deck, id) {
  return deck.querySelector(`.card[data-card="${CSS.escape(id)}"]`);
}

// The tile a card found goes to: its own, unless the layer already has it (never twice); a
// plain card already taken stands for its month's next free plain card.
function tileFor(deck, id, layer) {
  const tile = tileOf(deck, id);
  if (!tile) { return null; }
  if (!isTaken(tile, layer)) { return tile; }
  const plain = /^(.*-chaff)-\d+$/.exec(id);
  if (!plain) { return null; }
  const same = Array.from(tile.parentNode.querySelectorAll(".card[data-card]"))
    .filter((t) => t.dataset.card.startsWith(plain[1] + "-"));
  return same.find((t) => !isTaken(t, layer)) || null;
}

// Run `fn` with `target` chosen above the grid, then choose again what was chosen before.
function withTarget(deck, target, fn) {
  const before = deck.querySelector(".target[data-target][aria-pressed=true]");
  if (before !== target) { target.click(); }
  try {
    fn();
  } finally {
    if (before && before !== target) { before.click(); }
  }
}

// The "?" on a tile whose card the player should check (its words for a screen reader).
export function mark(tile, words) {
  if (tile.querySelector(".unsure-mark")) { return; }
  tile.classList.add("unsure");
  const m = document.createElement("span");
  m.className = "unsure-mark";
  m.textContent = "?";
  const vh = document.createElement("span");
  vh.className = "vh";
  vh.textContent = " " + words;
  m.appendChild(vh);
  tile.appendChild(m);
}

export function unmark(tile) {
  tile.classList.remove("unsure");
  const m = tile.querySelector(".unsure-mark");
  if (m) { m.remove(); }
}

// Tap a photo's cards into the chosen target: one item per card found, with the tile it
// filled (none when the layer had it already or a full hand refused it).
export function fill(deck, answer, words) {
  const target = deck.querySelector(".target[data-target][aria-pressed=true]") ||
    deck.querySelector(".target[data-target]");
  const items = answer.cards.map((found) => {
    const item = { found, card: found.card, tile: null, unsure: !!found.unsure, gone: false };
    const tile = tileFor(deck, found.card, layerOf(target));
    if (tile) { tile.click(); }
    if (tile && holds(target, tile)) {
      item.tile = tile;
      item.card = tile.dataset.card; // the card it became (a month's free plain card)
    }
    if (item.tile && item.unsure) { mark(item.tile, words); }
    return item;
  });
  return { target, items };
}

// The item's card out of the target again (unless the player has moved it since).
function untap(deck, read, item) {
  if (!item.tile) { return; }
  unmark(item.tile);
  if (holds(read.target, item.tile)) { item.tile.click(); }
  item.tile = null;
}

// "Right": the card stays, sure now.
export function confirm(item) {
  item.unsure = false;
  if (item.tile) { unmark(item.tile); }
}

// "Not a card": what it filled is taken out.
export function dismiss(deck, read, item) {
  withTarget(deck, read.target, () => untap(deck, read, item));
  item.unsure = false;
  item.gone = true;
}

// "Another card": the card it filled out, `card` in (a plain card taken stands for its
// month's free one; a card in another pile moves here, as a tap would move it).
export function swap(deck, read, item, card) {
  withTarget(deck, read.target, () => {
    untap(deck, read, item);
    const tile = tileFor(deck, card, layerOf(read.target)) || tileOf(deck, card);
    if (!tile) { return; }
    const there = holds(read.target, tile);
    if (!there) { tile.click(); }
    item.tile = !there && holds(read.target, tile) ? tile : null;
  });
  item.card = item.tile ? item.tile.dataset.card : card;
  item.unsure = false;
}

// Everything a photo filled, out again (a card the player moved since stays where it is).
export function takeBack(deck, read) {
  withTarget(deck, read.target, () => read.items.forEach((item) => untap(deck, read, item)));
}

// A card the player took out of the target by hand needs no answer any more.
export function settle(read) {
  read.items.forEach((item) => {
    if (item.tile && !holds(read.target, item.tile)) {
      unmark(item.tile);
      item.tile = null;
      item.unsure = false;
    }
  });
}

export function unsureCount(reads) {
  return reads.reduce((n, read) => n + read.items.filter((i) => i.unsure).length, 0);
}

// The name players know a card by: the grid tile's words ("Pine: Crane").
export function nameOf(deck, id) {
  const tile = tileOf(deck, id);
  const named = tile && tile.querySelector(".vh");
  return named ? named.textContent : id;
}

// Every card of the grid, in its order, for "Another card".
export function deckCards(deck) {
  return Array.from(deck.querySelectorAll(".card[data-card]"))
    .map((tile) => ({ id: tile.dataset.card, name: nameOf(deck, tile.dataset.card) }));
}
