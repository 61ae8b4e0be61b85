// Otoroku's round form: a pad of card values over each hand's text field.
// Served appended to static/js/picker.js (Game.scripts), whose helpers it uses
// (window.scorekeeperPicker); it looks for its own form's elements and does nothing elsewhere.
(function () {
  "use strict";
  var picker = window.scorekeeperPicker;
  if (!picker) { return; }
  var all = picker.all, tally = picker.tally;

  // -- Otoroku: a pad of card values, so no separator key is needed ---------------------

  function pads() {
    all(".pad[data-for]").forEach(function (pad) {
      var input = document.getElementById(pad.dataset.for);
      if (!input) { return; }
      pad.hidden = false;
      all(".key", pad).forEach(function (key) {
        key.addEventListener("click", function () {
          var tokens = input.value.trim().split(/\s+/).filter(Boolean);
          if (key.dataset.value === "back") { tokens.pop(); } else { tokens.push(key.dataset.value); }
          input.value = tokens.join(" ");
          tally();
        });
      });
      input.addEventListener("input", tally);
    });
  }

  document.addEventListener("DOMContentLoaded", pads);
})();
