"""What bench_instant.py runs in the page: the probes of long tasks and frame gaps, and the
readers of what a calculator painted and of the engine's timings."""

PROBE = """
(() => {
  const probe = { longtasks: [] };
  window.__probe = probe;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {
    probe.noLongtask = true;
  }
  // [start, duration] of every gap between two animation frames.
  probe.gaps = [];
  let last = null;
  const frame = (now) => {
    if (last !== null) probe.gaps.push([last, now - last]);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // Time of the reader's last tap or change.
  for (const type of ["pointerdown", "input", "change"]) {
    addEventListener(type, () => { probe.tap = performance.now(); }, true);
  }
})();
"""

# Resolves when ``read(sel)`` differs from ``before`` and the next frame has been painted.
CHANGED = """
([kind, sel, before]) => new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error("nothing new in " + sel + " within 300 s")), 300000);
  const read = kind === "rows"
    ? () => Array.from(document.querySelectorAll(sel + " tr")).map((tr) => tr.textContent).join("|")
    : () => (document.querySelector(sel) || {}).textContent || "";
  const done = () => requestAnimationFrame(() => resolve({ t1: performance.now(), tap: window.__probe.tap, text: read() }));
  if (read() !== before) return done();
  const observer = new MutationObserver(() => {
    if (read() !== before) { observer.disconnect(); done(); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})
"""

READ = """
([kind, sel]) => kind === "rows"
  ? Array.from(document.querySelectorAll(sel + " tr")).map((tr) => tr.textContent).join("|")
  : (document.querySelector(sel) || {}).textContent || ""
"""

# The longest main-thread task and the longest gap between frames that overlap [t0, t1].
FREEZE = """
([t0, t1]) => {
  const p = window.__probe;
  const within = (list) => list.filter(([t, d]) => t + d >= t0 && t <= t1).map(([, d]) => d);
  return { task: Math.max(0, ...within(p.longtasks)), gap: Math.max(0, ...within(p.gaps)) };
}
"""

# Resolves once two more frames have been painted (the frame probe has seen the one after t1).
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

ENGINE_STARTS = (
    "() => performance.getEntriesByName('grimoire:engine-start', 'mark').map((m) => m.startTime)"
)

# The engine's own timings, from its worker: {ready, pyodide, engine} in ms since it started.
WORKER_TIMINGS = """
async () => {
  const entry = document.querySelector('script[src*="widgets/calculators"]');
  const module = await import(new URL("calculators.js", entry.src).href);
  return module.calculatorsApi.engineTimings();
}
"""
