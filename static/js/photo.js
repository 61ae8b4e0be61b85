// "From a photo" (issues 33 and 38): a photo of a pile, read on the server, tapped into the
// grid. Loaded only when the grid's photo button is used (photo-button.js imports it), with
// photo-grid.js (what the cards found do to the grid) and photo-panel.js (the photo shown,
// a box a card, each box answered Right, another card or Not a card). Every card found is
// tapped as a finger would; the player checks the grid and taps Save.
import { confirm, dismiss, fill, settle, swap, takeBack, unmark, unsureCount } from "./photo-grid.js";
import { ask, build, count, draw, label, unask, undraw } from "./photo-panel.js";

export const MAX_SIDE = 1600; // the longest side the server reads (recognise.MAX_SIDE)
const QUALITY = 0.9;
const SENT_AS_IS = ["image/jpeg", "image/png", "image/webp"]; // when no larger than MAX_SIDE

const contexts = new WeakMap(); // per form: its photos read, its dialog

// The size a photo is sent at: its longest side exactly MAX_SIDE (never made larger), so the
// server reads it as it would read the photo sent whole.
export function shrunkSize(width, height) {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scale,
  };
}

function drawn(source, width, height) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext("2d");
  g.imageSmoothingEnabled = true;
  g.imageSmoothingQuality = "high";
  g.drawImage(source, 0, 0, width, height);
  return canvas;
}

// The photo made small on the phone (its EXIF orientation applied), as a JPEG: halved while
// over twice the size, then drawn at the size, each step smoothed, so that no detail the
// server needs is lost to aliasing (a browser that ignores the smoothing quality too).
async function shrink(file) {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const size = shrunkSize(bitmap.width, bitmap.height);
  if (size.scale === 1 && SENT_AS_IS.includes(file.type)) { bitmap.close(); return file; }
  let source = bitmap;
  let [w, h] = [bitmap.width, bitmap.height];
  while (w / 2 >= size.width) {
    [w, h] = [Math.round(w / 2), Math.round(h / 2)];
    source = drawn(source, w, h);
  }
  const canvas = drawn(source, size.width, size.height);
  bitmap.close();
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
  return blob || file;
}

function words(input, key, n) {
  return (input.dataset[key] || "").split("{n}").join(String(n === undefined ? 0 : n));
}

// The line under the bar's words: what the photo did, how many cards to check, or that the
// server is busy (with a button to send the same photo again).
function note(ctx) {
  let p = ctx.form.querySelector(".photo-note");
  if (!p) {
    p = document.createElement("p");
    p.className = "photo-note";
    p.setAttribute("role", "status");
    p.append(document.createElement("span"));
    const bar = ctx.form.querySelector(".entrybar .bar-words") || ctx.deck;
    bar.parentNode.insertBefore(p, bar.nextSibling);
  }
  return p;
}

function say(ctx, text, again) {
  const p = note(ctx);
  p.hidden = !text;
  p.classList.remove("has-unsure");
  p.firstChild.textContent = text;
  const old = p.querySelector("button");
  if (old) { old.remove(); }
  if (again) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button secondary again";
    b.textContent = words(ctx.input, "tRetry");
    b.addEventListener("click", again);
    p.append(" ", b);
  }
}

// "N cards to check", in the bar and in the dialog, until each is answered.
function sayUnsure(ctx) {
  const n = unsureCount(ctx.reads);
  const text = n === 1 ? words(ctx.input, "tCheckOne", 1) : words(ctx.input, "tCheckMany", n);
  count(ctx, n ? text + " · " + words(ctx.input, "tTap") : "");
  const p = note(ctx);
  if (n) {
    say(ctx, text);
    p.classList.add("has-unsure");
  } else if (p.classList.contains("has-unsure")) {
    say(ctx, "");
  }
}

function answered(ctx, item) {
  label(ctx, item);
  unask(ctx);
  sayUnsure(ctx);
  (item.box || ctx.panel.querySelector("[data-photo-close]")).focus();
}

// The photo shown in the dialog, out of the grid; the photo before it shown, or none.
function takeBackShown(ctx) {
  const read = ctx.shown;
  if (!read) { return; }
  takeBack(ctx.deck, read);
  read.items.forEach((item) => { if (item.tile) { unmark(item.tile); } });
  URL.revokeObjectURL(read.url);
  ctx.reads = ctx.reads.filter((r) => r !== read);
  const last = ctx.reads[ctx.reads.length - 1];
  if (last) { draw(ctx, last); } else { undraw(ctx); }
  say(ctx, "");
  sayUnsure(ctx);
}

// A tap on a "?" tile asks about its card, on its photo, rather than taking it out.
function onTile(ctx, e) {
  const tile = e.target.closest && e.target.closest(".card.unsure[data-card]");
  if (!tile || !e.isTrusted) { return; }
  const read = ctx.reads.find((r) => r.items.some((i) => i.tile === tile && i.unsure));
  if (!read) { return; }
  e.stopPropagation();
  e.preventDefault();
  if (ctx.shown !== read) { draw(ctx, read); }
  ctx.back = tile;
  ask(ctx, read.items.find((i) => i.tile === tile));
}

function readOf(ctx, item) {
  return ctx.reads.find((r) => r.items.includes(item));
}

function contextOf(form, input) {
  let ctx = contexts.get(form);
  if (ctx) { return ctx; }
  const deck = form.querySelector(".deck");
  ctx = { form, input, deck, label: input.closest(".photo-button"), reads: [] };
  ctx.words = (key, n) => words(input, key, n);
  const on = {
    right: (item) => { confirm(item); answered(ctx, item); },
    none: (item) => { dismiss(deck, readOf(ctx, item), item); answered(ctx, item); },
    swap: (item, card) => { swap(deck, readOf(ctx, item), item, card); answered(ctx, item); },
    takeBack: () => takeBackShown(ctx),
  };
  build(ctx, on);
  deck.addEventListener("click", (e) => onTile(ctx, e), true);
  form.addEventListener("change", () => {
    ctx.reads.forEach(settle);
    ctx.reads.forEach((r) => r.items.forEach((item) => label(ctx, item)));
    sayUnsure(ctx);
  });
  contexts.set(form, ctx);
  return ctx;
}

// Send the photo; the answer, or null once the page has said why there is none.
async function send(ctx, blob) {
  const body = new FormData();
  body.append("photo", blob, "photo.jpg");
  let resp;
  try {
    resp = await fetch(ctx.input.dataset.api, { method: "POST", body, credentials: "same-origin" });
  } catch (e) {
    say(ctx, words(ctx.input, "tOffline"));
    return null;
  }
  if (resp.status === 503) {
    say(ctx, words(ctx.input, "tBusy"), () => readBlob(ctx, blob));
    return null;
  }
  return answerOf(ctx, resp);
}

// The server's answer to a photo sent, or null once the page has said why there is none.
async function answerOf(ctx, resp) {
  let answer;
  try { answer = await resp.json(); } catch (e) { answer = null; }
  if (!resp.ok || !answer || !Array.isArray(answer.cards)) {
    const said = answer && answer.errors && answer.errors[0] && answer.errors[0].message;
    say(ctx, said || words(ctx.input, "tFailed"));
    return null;
  }
  return answer;
}

async function readBlob(ctx, blob) {
  say(ctx, words(ctx.input, "tReading"));
  const answer = await send(ctx, blob);
  if (!answer) { return; }
  if (!answer.cards.length) { say(ctx, words(ctx.input, "tNone")); return; }
  const read = fill(ctx.deck, answer, words(ctx.input, "tUnsure"));
  read.answer = answer;
  read.url = URL.createObjectURL(blob);
  ctx.reads.push(read);
  draw(ctx, read);
  say(ctx, words(ctx.input, "tAdded", read.items.filter((i) => i.tile).length));
  sayUnsure(ctx);
}

export async function read(input) {
  const file = input.files && input.files[0];
  input.value = ""; // the same photo can be chosen again
  const form = input.closest("form");
  if (!file || !form) { return; }
  const ctx = contextOf(form, input);
  if (!navigator.onLine) { say(ctx, words(input, "tOffline")); return; }
  say(ctx, words(input, "tReading"));
  let blob;
  try {
    blob = await shrink(file);
  } catch (e) {
    blob = file; // a format the phone cannot draw: the server says whether it can read it
  }
  await readBlob(ctx, blob);
}
