// Times in the phone's own clock: every <time datetime="...Z"> is written by the server in
// UTC (the text fallback without JavaScript); this shows it as local time instead.
(function () {
  "use strict";
  if (!window.Intl || !Intl.DateTimeFormat) return;
  var today = new Date();
  var timeOnly = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
  var withDay = new Intl.DateTimeFormat(undefined, {
    day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"
  });
  function local(el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    var sameDay = when.toDateString() === today.toDateString();
    el.textContent = (sameDay ? timeOnly : withDay).format(when);
    el.title = el.getAttribute("datetime").replace("T", " ").replace("Z", " UTC");
    el.classList.add("local");
  }
  function run() {
    Array.prototype.forEach.call(document.querySelectorAll("time[datetime]"), local);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
