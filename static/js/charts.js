// Issue 30: a tap on a chart's point (a phone has no hover for its <title>) or the arrow keys
// on the focused chart write that point's title in the line under the chart. Delegated on the
// document, so it keeps working after a live update redraws the chart.

function show(svg, k) {
  const hits = svg.querySelectorAll(".hits rect");
  const out = svg.parentNode.querySelector(".chart-readout");
  if (!hits.length || !out) { return; }
  k = Math.max(0, Math.min(hits.length - 1, k));
  svg.dataset.at = k;
  Array.prototype.forEach.call(hits, function (r, i) { r.classList.toggle("on", i === k); });
  out.textContent = hits[k].querySelector("title").textContent;
}
export function start() {
  document.addEventListener("click", function (ev) {
    const hit = ev.target.closest && ev.target.closest(".chart .hits rect");
    if (hit) {
      const svg = hit.closest("svg");
      show(svg, Array.prototype.indexOf.call(hit.parentNode.children, hit));
    }
  });
  document.addEventListener("focusin", function (ev) {
    const svg = ev.target;
    if (svg.matches && svg.matches("svg.chart") && svg.dataset.at === undefined) {
      show(svg, svg.querySelectorAll(".hits rect").length - 1);
    }
  });
  document.addEventListener("keydown", function (ev) {
    const svg = ev.target;
    const step = { ArrowLeft: -1, ArrowRight: 1, Home: -1e6, End: 1e6 }[ev.key];
    if (step && svg.matches && svg.matches("svg.chart") && svg.dataset.at !== undefined) {
      ev.preventDefault();
      show(svg, Number(svg.dataset.at) + step);
    }
  });
}
