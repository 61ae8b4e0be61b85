// Card picker and small conveniences. Every page works without this file.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function chaffTile(tile) {
    var input = tile.querySelector("input[type=number]");
    var count = tile.querySelector(".count");
    var max = parseInt(tile.dataset.max, 10) || 0;
    function show() {
      var n = parseInt(input.value, 10) || 0;
      count.textContent = n;
      tile.classList.toggle("has", n > 0);
    }
    tile.addEventListener("click", function (ev) {
      ev.preventDefault();
      var n = (parseInt(input.value, 10) || 0) + 1;
      var limit = max - (parseInt(tile.dataset.taken, 10) || 0);
      input.value = n > limit ? 0 : n;
      show();
      refresh();
    });
    tile.setAttribute("role", "button");
    tile.tabIndex = 0;
    tile.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { tile.click(); ev.preventDefault(); }
    });
    show();
  }

  // Mark cards taken elsewhere in the same group (piles together, hands together, ...).
  function refresh() {
    var pickers = Array.prototype.slice.call(document.querySelectorAll(".picker"));
    pickers.forEach(function (picker) {
      var others = pickers.filter(function (p) {
        return p !== picker && p.dataset.group === picker.dataset.group && !isRest(p);
      });
      picker.querySelectorAll(".tile[data-card]").forEach(function (tile) {
        var id = tile.dataset.card;
        var taken = others.some(function (p) {
          var box = p.querySelector("input[value='" + id + "']");
          return box && box.checked;
        });
        tile.classList.toggle("taken", taken && !tile.querySelector("input").checked);
      });
      picker.querySelectorAll(".tile.chaff").forEach(function (tile) {
        var suit = tile.dataset.suit, used = 0;
        others.forEach(function (p) {
          var t = p.querySelector(".tile.chaff[data-suit='" + suit + "'] input");
          if (t) { used += parseInt(t.value, 10) || 0; }
        });
        tile.dataset.taken = used;
        tile.classList.toggle("taken", used >= parseInt(tile.dataset.max, 10) &&
          !(parseInt(tile.querySelector("input").value, 10) > 0));
      });
    });
  }

  function isRest(picker) {
    var fs = picker.closest(".pile");
    return !!(fs && fs.classList.contains("is-rest"));
  }

  function restChoice() {
    var chosen = document.querySelector("input[name=rest]:checked");
    document.querySelectorAll(".pile").forEach(function (fs) {
      fs.classList.toggle("is-rest", !!chosen && fs.dataset.player === chosen.value);
    });
    refresh();
  }

  function gameRules() {
    var select = document.querySelector("select.game-select");
    if (!select) { return; }
    function show() {
      document.querySelectorAll("fieldset.rules").forEach(function (fs) {
        fs.hidden = fs.dataset.games.split(" ").indexOf(select.value) < 0;
      });
    }
    select.addEventListener("change", show);
    show();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".tile.chaff").forEach(chaffTile);
    document.querySelectorAll(".picker input[type=checkbox]").forEach(function (box) {
      box.addEventListener("change", refresh);
    });
    document.querySelectorAll("input[name=rest]").forEach(function (r) {
      r.addEventListener("change", restChoice);
    });
    restChoice();
    gameRules();
  });
})();
