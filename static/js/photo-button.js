// "From a photo" (issue 33): its module (static/js/photo.js, the input's data-photo) is fetched
// only once the button is used, so a first visit loads nothing more. It drives the grid
// through its markup ([data-target] chooses where, [data-card] takes a card), as a finger
// would. Offline, the button says so.
import { all } from "./dom.js";

export function photoButtons() {
  all("input[data-photo]").forEach(function (input) {
    const label = input.closest(".photo-button");
    function signal() { label.classList.toggle("is-offline", !navigator.onLine); }
    window.addEventListener("online", signal);
    window.addEventListener("offline", signal);
    signal();
    input.addEventListener("change", function () {
      // Not fetched: said as offline while the signal is still gone (a failure that lands
      // after the signal came back, on a busy phone, must not leave the button saying so).
      import(input.dataset.photo).then(function (photo) { photo.read(input); }, function () {
        signal();
        input.value = "";
      });
    });
  });
}
