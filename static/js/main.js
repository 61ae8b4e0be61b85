// The pages' script: every page loads this one module (served as dist/app.js, esbuild's bundle of
// it and the modules it imports: scorekeeper/assets.py). Every page works without it: the fields, checkboxes
// and selects the scripts drive are the form, and they are what is posted.
// The order below is the order the parts set up in (the offline queue before the draft,
// whose Save hands it a round; each game's part after the pickers it builds on).
import { all } from "./dom.js";
import { fill, valuesIn } from "./counts.js";
import {
  checks, holdTally, noteTap, pickerTotals, refresh, releaseTally, restChoice, showMistakes, tally
} from "./bar.js";
import { deckGrid } from "./grid.js";
import { photoButtons } from "./photo-button.js";
import { drawEach, gameRules, seatOrder } from "./opening.js";
import { games } from "./games.js";
import { start as startOffline } from "./offline.js";
import { start as startQueue } from "./queue.js";
import { start as startTimes } from "./times.js";
import { start as startLive } from "./live.js";
import { start as startDraft } from "./draft.js";
import { start as startWake } from "./wake.js";
import { start as startCharts } from "./charts.js";

// Before the first paint where the browser runs this early (the style sheet lays out the
// grid for a page with script as it is: @media (scripting: enabled)).
document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", function () {
  holdTally();
  setTimeout(releaseTally, 0);
  all("[data-seat-order]").forEach(seatOrder);
  all(".picker input[type=checkbox]").forEach(function (box) {
    box.addEventListener("change", noteTap);
    box.addEventListener("change", refresh);
  });
  all("input[name=rest]").forEach(function (r) {
    r.addEventListener("change", restChoice);
  });
  all("details.hand").forEach(function (d) {
    d.addEventListener("toggle", tally);
  });
  deckGrid();
  photoButtons();
  drawEach();
  restChoice();
  gameRules();
  // A form that came back with mistakes: the summary of them is where the eye goes.
  const summary = document.getElementById("error-summary");
  if (summary) { summary.focus(); }
});

// What a game's own part (its folder's static/, games.js) is given to build on.
const picker = {
  all: all, int: function (value) { return parseInt(value, 10) || 0; }, tally: tally,
  valuesIn: valuesIn, pickerTotals: pickerTotals, checks: checks, fill: fill,
  showMistakes: showMistakes
};
games.forEach(function (start) { start(picker); });

startOffline();
startQueue();
startTimes();
startLive();
startDraft();
startWake();
startCharts();
