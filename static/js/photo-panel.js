// "From a photo": the photo read, in a dialog over the page (photo.js builds it; the grid
// does not move). The photo fits the dialog whole, portrait or landscape (app.css sizes it
// from the photo's width and height), a box on each card found names the card it became,
// and a tap on a box asks: Right, another card, or Not a card. Close, Another photo and
// Take back this photo stay in reach below the photo. Markup the checks drive:
// [data-photo-panel], [data-photo-image], [data-photo-box] with data-card (and
// data-unsure), [data-photo-close], [data-photo-another], [data-photo-take-back], and
// [data-photo-open] on the button that opens the dialog again.
import { deckCards, nameOf } from "./photo-grid.js";

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) { e.className = className; }
  if (text !== undefined) { e.textContent = text; }
  return e;
}

function button(className, text, data) {
  const b = el("button", className, text);
  b.type = "button";
  b.setAttribute(data, "");
  return b;
}

// The question a tap on a box asks (one for the dialog, filled for each box asked about).
function question(ctx, on) {
  const ask = el("div", "ph-ask");
  ask.hidden = true;
  ask.setAttribute("role", "group");
  const said = el("p", "ph-asked");
  said.id = "photo-asked";
  ask.setAttribute("aria-labelledby", said.id);
  const right = button("button", ctx.words("tRight"), "data-photo-right");
  const other = el("select", "ph-other");
  other.setAttribute("data-photo-other", "");
  other.setAttribute("aria-label", ctx.words("tOther"));
  other.append(new Option(ctx.words("tOther"), ""));
  deckCards(ctx.deck).forEach((c) => other.append(new Option(c.name, c.id)));
  const none = button("button secondary", ctx.words("tNotCard"), "data-photo-none");
  right.addEventListener("click", () => on.right(ctx.asked));
  none.addEventListener("click", () => on.none(ctx.asked));
  other.addEventListener("change", () => { if (other.value) { on.swap(ctx.asked, other.value); } });
  const row = el("div", "ph-answers");
  row.append(right, other, none);
  ask.append(said, row);
  return ask;
}

function actions(ctx, on) {
  const row = el("div", "actions");
  const undo = button("button undo", ctx.words("tUndo"), "data-photo-take-back");
  undo.addEventListener("click", () => on.takeBack());
  const close = button("button secondary close", ctx.words("tClose"), "data-photo-close");
  close.addEventListener("click", () => closePanel(ctx));
  row.append(undo, close);
  return row;
}

// The dialog and the button that opens it again ("Photo (14)"), made once per form.
export function build(ctx, on) {
  const panel = el("dialog", "photo-panel");
  panel.id = "photo-panel";
  panel.setAttribute("data-photo-panel", "");
  panel.setAttribute("aria-labelledby", "photo-panel-title");
  const head = el("div", "ph-head");
  const title = el("h2");
  title.id = "photo-panel-title";
  const count = el("p", "ph-count");
  count.setAttribute("aria-live", "polite");
  head.append(title, count);
  const stage = el("div", "ph-stage");
  panel.append(head, stage, question(ctx, on), actions(ctx, on));
  panel.addEventListener("cancel", (e) => {
    if (!panel.querySelector(".ph-ask").hidden) { e.preventDefault(); unask(ctx); }
  });
  panel.addEventListener("close", () => closed(ctx));
  ctx.deck.appendChild(panel);
  const toggle = el("button", "target photo-show");
  toggle.type = "button";
  toggle.setAttribute("data-photo-open", "");
  toggle.setAttribute("aria-haspopup", "dialog");
  toggle.addEventListener("click", () => openPanel(ctx));
  ctx.label.before(toggle);
  ctx.panel = panel;
  ctx.toggle = toggle;
}

function boxFor(ctx, item, answer) {
  const [x, y, w, h] = item.found.box;
  const b = button("box", "", "data-photo-box");
  b.style.left = (100 * x / answer.width) + "%";
  b.style.top = (100 * y / answer.height) + "%";
  b.style.width = (100 * w / answer.width) + "%";
  b.style.height = (100 * h / answer.height) + "%";
  b.append(el("span", "cap"));
  b.addEventListener("click", () => ask(ctx, item));
  item.box = b;
  label(ctx, item);
  return b;
}

// A box's words: the name of the card it became, "?" while it is unsure.
export function label(ctx, item) {
  const b = item.box;
  if (!b) { return; }
  if (item.gone) { b.remove(); item.box = null; return; }
  const name = nameOf(ctx.deck, item.card);
  b.dataset.card = item.card;
  b.toggleAttribute("data-unsure", item.unsure);
  b.classList.toggle("unsure", item.unsure);
  b.querySelector(".cap").textContent = item.unsure ? "? " + name : name;
  b.setAttribute("aria-label", item.unsure ? name + ", " + ctx.words("tUnsure") : name);
}

// The dialog shows `read`: its title, the photo with a box on each card, how many to check.
export function draw(ctx, read) {
  const { panel } = ctx;
  ctx.shown = read;
  const found = read.answer.cards.length;
  panel.querySelector("h2").textContent = ctx.words("tShown", found);
  const shot = el("div", "shot");
  shot.style.setProperty("--w", String(read.answer.width));
  shot.style.setProperty("--h", String(read.answer.height));
  const img = el("img");
  img.alt = ctx.words("tShown", found);
  img.src = read.url;
  img.setAttribute("data-photo-image", "");
  shot.append(img, ...read.items.map((item) => boxFor(ctx, item, read.answer)));
  panel.querySelector(".ph-stage").replaceChildren(shot);
  // The photo button waits in the dialog for another photo (the row keeps one place).
  const said = ctx.label.querySelector(".ph-words");
  said.dataset.first = said.dataset.first || said.textContent;
  said.textContent = ctx.words("tAnother");
  ctx.label.setAttribute("data-photo-another", "");
  panel.querySelector(".close").before(ctx.label);
  ctx.toggle.textContent = ctx.words("tShow", found);
  ctx.toggle.hidden = false;
  unask(ctx);
}

// The photo button back in its row: no photo is left.
export function undraw(ctx) {
  const said = ctx.label.querySelector(".ph-words");
  said.textContent = said.dataset.first;
  ctx.label.removeAttribute("data-photo-another");
  ctx.toggle.before(ctx.label);
  ctx.toggle.hidden = true;
  ctx.shown = null;
  if (ctx.panel.open) { ctx.panel.close(); }
}

export function count(ctx, text) {
  const p = ctx.panel.querySelector(".ph-count");
  p.textContent = text;
  p.hidden = !text;
}

export function openPanel(ctx, focus) {
  const { panel } = ctx;
  if (!panel.open) { panel.showModal(); }
  ctx.toggle.setAttribute("aria-expanded", "true");
  (focus || panel.querySelector("[data-photo-close]")).focus();
}

export function closePanel(ctx) {
  if (ctx.panel.open) { ctx.panel.close(); }
}

function closed(ctx) {
  unask(ctx);
  ctx.toggle.setAttribute("aria-expanded", "false");
  const back = ctx.back && ctx.back.isConnected ? ctx.back : ctx.toggle;
  ctx.back = null;
  if (!back.hidden) { back.focus(); } else { ctx.input.focus(); }
}

// A tap on a box (or on a "?" tile): what it became, and the three answers.
export function ask(ctx, item) {
  unask(ctx);
  ctx.asked = item;
  const q = ctx.panel.querySelector(".ph-ask");
  q.querySelector(".ph-asked").textContent = ctx.words("tAsk").split("{name}")
    .join(nameOf(ctx.deck, item.card));
  q.querySelector("select").value = "";
  q.hidden = false;
  if (item.box) { item.box.classList.add("asked"); }
  openPanel(ctx, q.querySelector("[data-photo-right]"));
}

export function unask(ctx) {
  const q = ctx.panel.querySelector(".ph-ask");
  if (ctx.asked && ctx.asked.box) { ctx.asked.box.classList.remove("asked"); }
  ctx.asked = null;
  q.hidden = true;
}
