/* Grimoire — page behaviour that is not a game rule: copy a link, name scrolling tables.
   Everything works without this script: links are plain links, tables scroll. The index's
   filters are spell-index.js, loaded by the index page only. */
import { copyText, whenReady } from "./common.js";

function setupCopyLinks(root) {
  root.querySelectorAll("[data-copy-link]").forEach((button) => {
    const status = button.parentElement.querySelector(".gr-copy-status");
    button.hidden = false;
    button.addEventListener("click", () => {
      const url = location.href;
      const say = (text) => {
        if (status) status.textContent = text + url;
      };
      copyText(url).then(
        () => {
          say("Lien copié : ");
        },
        () => {
          say("Copie impossible, voici le lien : ");
        },
      );
    });
  });
}

/* A table wider than the screen scrolls sideways inside its wrapper; a keyboard user must be
   able to reach and scroll it too, so a scrolling wrapper becomes a focusable, named region. */
/* A table's name: its caption, else a heading just before it, else its first headers. */
function tableName(wrap, table) {
  if (table?.caption) return table.caption.textContent.trim();
  let node = wrap.previousElementSibling;
  for (let i = 0; node && i < 4; i++, node = node.previousElementSibling) {
    if (/^H[1-6]$/.test(node.tagName)) return node.textContent.trim();
  }
  const heads = table?.tHead
    ? Array.prototype.map.call(table.tHead.rows[0].cells, (cell) => cell.textContent.trim())
    : [];
  return heads.slice(0, 3).join(", ") + (heads.length > 3 ? "…" : "");
}

function setupScrollableTables(root) {
  const wraps = Array.prototype.slice.call(root.querySelectorAll(".md-typeset .gr-table-wrap"));
  if (!wraps.length) return;
  function update() {
    wraps.forEach((wrap) => {
      const table = wrap.querySelector("table");
      const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      if (scrolls && !wrap.hasAttribute("tabindex")) {
        const name = tableName(wrap, table);
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", name ? "Tableau défilant : " + name : "Tableau défilant");
        wrap.classList.add("gr-scrolls");
      } else if (!scrolls && wrap.classList.contains("gr-scrolls")) {
        wrap.removeAttribute("tabindex");
        wrap.removeAttribute("role");
        wrap.removeAttribute("aria-label");
        wrap.classList.remove("gr-scrolls");
      }
    });
  }
  update();
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(update, 150);
  });
}

/** The prefix of the calculator a shared link is about: the first of ``prefixes`` that names
 *  a parameter of ``search`` (« ?duel-magie=3 » → « duel »), else null. */
export function sharedCalculator(search, prefixes) {
  const keys = Array.from(new URLSearchParams(search).keys());
  for (let i = 0; i < prefixes.length; i++) {
    const start = prefixes[i] + "-";
    if (keys.some((key) => key.indexOf(start) === 0)) return prefixes[i];
  }
  return null;
}

/* A calculator or roll link lands on its calculator: scrolled to, its title focused (unless the
   address names a place of the page itself). */
function focusSharedCalculator(root) {
  if (typeof location === "undefined" || location.hash) return;
  const sections = Array.prototype.slice.call(root.querySelectorAll(".gr-calc[data-prefix]"));
  const prefix = sharedCalculator(
    location.search,
    sections.map((section) => section.getAttribute("data-prefix")),
  );
  if (!prefix) return;
  const section = sections.filter((s) => s.getAttribute("data-prefix") === prefix)[0];
  const title = section.querySelector(".gr-calc__title") || section;
  if (!title.hasAttribute("tabindex")) title.setAttribute("tabindex", "-1");
  title.focus({ preventScroll: true });
  title.scrollIntoView({ block: "start" });
  // The calculators above it draw their results after this: keep the title in view until the
  // reader scrolls or taps, or for ten seconds at most.
  if (typeof ResizeObserver === "undefined") return;
  const observer = new ResizeObserver(() => {
    title.scrollIntoView({ block: "start" });
  });
  const stop = () => {
    observer.disconnect();
    ["wheel", "touchstart", "keydown", "pointerdown"].forEach((type) => {
      window.removeEventListener(type, stop, true);
    });
  };
  ["wheel", "touchstart", "keydown", "pointerdown"].forEach((type) => {
    window.addEventListener(type, stop, true);
  });
  observer.observe(document.body);
  setTimeout(stop, 10000);
}

/** Copy-link buttons, named scrolling tables and shared calculator links, where the page has them. */
export function mountSite(root) {
  setupCopyLinks(root);
  setupScrollableTables(root);
  focusSharedCalculator(root);
}

if (typeof document !== "undefined")
  whenReady(() => {
    mountSite(document);
  });
