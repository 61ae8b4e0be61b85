// Times in the phone's own clock, and sharing a table's link (copy, or the phone's share
// sheet). Without script the times read in UTC and the link is copied by hand.
// -- times in the phone's own clock -------------------------------------------------------
// Every <time datetime="...Z"> is written by the server in UTC (the text without script).
const today = new Date();
const clock = window.Intl && Intl.DateTimeFormat;
const lang = document.documentElement.lang || undefined; // the page's language, not the phone's

// The formats, made when a page first shows a time: the first Intl.DateTimeFormat loads the
// locale's data, most of a slow phone's script time on a page that shows no time.
let formats = null;
function formatsOf() {
  if (!formats) {
    formats = {
      // A numeric hour ("3:26 PM", "15:26"), not a padded one ("03:26 PM").
      timeOnly: new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit" }),
      withDay: new Intl.DateTimeFormat(lang, {
        day: "numeric", month: "short", hour: "numeric", minute: "2-digit"
      }),
      // A list of nights (a club's tables) names the day even today: "Fri, 27 Nov, 6:57 AM".
      withWeekday: new Intl.DateTimeFormat(lang, {
        weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit"
      })
    };
  }
  return formats;
}

function localTime(el) {
  // A club day ("2026-11-21") is a date, not an instant: it stays as the server wrote it.
  if (el.getAttribute("datetime").indexOf("T") < 0) { return; }
  const when = new Date(el.getAttribute("datetime"));
  if (!clock || isNaN(when.getTime())) { return; }
  const sameDay = when.toDateString() === today.toDateString();
  const f = formatsOf();
  el.textContent = el.hasAttribute("data-day") ? f.withWeekday.format(when)
    : (sameDay ? f.timeOnly : f.withDay).format(when);
  el.title = el.getAttribute("datetime").replace("T", " ").replace("Z", " UTC");
  el.classList.add("local");
}

export function enhance(root) {
  root.querySelectorAll("time[datetime]").forEach(localTime);
  root.querySelectorAll("[data-copy]").forEach(function (b) { b.hidden = false; });
  if (navigator.share) {
    root.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = false; });
  }
}

function say(button, text) {
  const status = button.parentNode.querySelector(".share-status");
  if (status) { status.textContent = text; }
}

function copy(button) {
  const field = document.getElementById(button.dataset.copy);
  if (!field) { return; }
  function fallback() {
    field.focus();
    field.select();
    let done;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    say(button, done ? button.dataset.copied : button.dataset.selected);
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(function () {
      say(button, button.dataset.copied);
    }, fallback);
  } else {
    fallback();
  }
}


// A new club's time zone: the phone's own (still editable). Without script it stays UTC.
function phoneZone() {
  const field = document.querySelector("input[data-phone-zone]");
  if (!field || !clock) { return; }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && field.value === field.defaultValue) { field.value = zone; }
}

export function start() {
  document.addEventListener("click", function (ev) {
    const target = ev.target instanceof Element ? ev.target : null;
    const b = target && target.closest("[data-copy], [data-share]");
    if (!b) { return; }
    if (b.dataset.copy) { copy(b); return; }
    navigator.share({ title: b.dataset.title, url: b.dataset.share }).catch(function () {
      // Dismissed: nothing to say.
    });
  });
  document.addEventListener("DOMContentLoaded", function () {
    enhance(document);
    phoneZone();
  });
}
