/* Grimoire — page behaviour that is not a game rule: copy a link, name scrolling tables.
   Everything works without this script: links are plain links, tables scroll. The index's
   filters are spell-index.js, loaded by the index page only. */
import { copyText, whenReady } from "../shared/common.js";

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

function nameScrollingTables(root) {
  root.querySelectorAll(".md-typeset .gr-table-wrap").forEach((wrap) => {
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

/* Named now, again when the screen's width changes and when tables kept for later come in. */
function setupScrollableTables(root) {
  nameScrollingTables(root);
  let timer = null;
  window.addEventListener("resize", () => {
    clearTimeout(timer);
    timer = setTimeout(() => nameScrollingTables(root), 150);
  });
  root.addEventListener("gr-opened", () => nameScrollingTables(root));
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

/* What a reader does to go elsewhere on the page (the page's own scrolls are not among them). */
const INTENT = ["wheel", "touchstart", "keydown", "pointerdown"];
/** How long a link's place is kept on screen while the page draws around it (ms). */
export const HOLD_MS = 10000;

/* Keeps what ``place`` puts on screen there while the page's height changes (answers drawn above
   it), until the reader scrolls, taps or types, or for HOLD_MS at most. */
function holdInView(place) {
  place();
  if (typeof ResizeObserver === "undefined") return;
  let height = document.body.offsetHeight;
  const observer = new ResizeObserver(() => {
    if (document.body.offsetHeight === height) return;
    height = document.body.offsetHeight;
    place();
  });
  const stop = () => {
    observer.disconnect();
    for (const type of INTENT) window.removeEventListener(type, stop, true);
  };
  for (const type of INTENT) window.addEventListener(type, stop, true);
  observer.observe(document.body);
  setTimeout(stop, HOLD_MS);
}

/* The place of the page the address names, when it is a calculator's (its heading's id), or
   null; an address that cannot be read names nothing. */
function hashInCalculator() {
  let id = "";
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return null;
  }
  const node = id ? document.getElementById(id) : null;
  return node?.closest(".gr-calc") ? node : null;
}

/* A calculator or roll link lands on its calculator: scrolled to, its title focused, and kept
   there while the calculators above it draw their results. A link names its calculator by its
   heading (#lancer-titre), or, written before it did, by its values (?duel-magie=3). */
function focusSharedCalculator(root) {
  if (typeof location === "undefined") return;
  let title = null;
  if (location.hash) {
    title = hashInCalculator();
  } else {
    const sections = Array.prototype.slice.call(root.querySelectorAll(".gr-calc[data-prefix]"));
    const prefix = sharedCalculator(
      location.search,
      sections.map((section) => section.getAttribute("data-prefix")),
    );
    const section = sections.filter((s) => s.getAttribute("data-prefix") === prefix)[0];
    if (section) title = section.querySelector(".gr-calc__title") || section;
  }
  if (!title) return;
  if (!title.hasAttribute("tabindex")) title.setAttribute("tabindex", "-1");
  title.focus({ preventScroll: true });
  holdInView(() => title.scrollIntoView({ block: "start" }));
}

/** The search's words to find in the page (the theme's ``?h=``), or "". */
export function searchedWords(search) {
  return (new URLSearchParams(search).get("h") || "").trim();
}

/** How long the theme may take to mark the searched words (it reads the search index first). */
export const MARK_WAIT_MS = 15000;

/* A page opened from a search result scrolls to the first word the theme marked, once it has
   (the theme marks them after loading its search index), unless the reader moved first. */
function scrollToSearchedWord(root) {
  if (typeof location === "undefined" || location.hash || !searchedWords(location.search)) return;
  const article = root.querySelector(".md-content") || root.body;
  if (!article || typeof MutationObserver === "undefined") return;
  let done = false;
  const finish = () => {
    done = true;
    observer.disconnect();
    for (const type of INTENT) window.removeEventListener(type, finish, true);
  };
  const look = () => {
    const mark = article.querySelector("mark[data-md-highlight]");
    if (!mark || done) return;
    finish();
    holdInView(() => mark.scrollIntoView({ block: "center" }));
  };
  const observer = new MutationObserver(look);
  observer.observe(article, { childList: true, subtree: true });
  for (const type of INTENT) window.addEventListener(type, finish, true);
  setTimeout(finish, MARK_WAIT_MS);
  look();
}

/** How far below the screen a block kept for later is put in the page: one screen ahead. */
export const LATER_MARGIN = "0px 0px 100% 0px";

/** Puts the HTML a ``<noscript data-gr-later>`` holds in its place (the browser keeps it as text
 *  while scripts run: it is the build's own markup, shown as is to readers without them). */
export function openBlock(block) {
  if (!block.isConnected) return;
  const parsed = block.ownerDocument.createElement("template");
  parsed.innerHTML = block.textContent;
  const parent = block.parentNode;
  block.replaceWith(parsed.content);
  parent.dispatchEvent(new CustomEvent("gr-opened", { bubbles: true }));
}

/* The blocks kept for later (a spell page's chart and full tables: most of its elements) enter
   the page as the reader nears them (a link to their headings included), or before the page
   prints; until then the page holds none of their elements. */
function openLater(root) {
  const blocks = Array.prototype.slice.call(root.querySelectorAll("noscript[data-gr-later]"));
  if (!blocks.length) return;
  const boxes = [...new Set(blocks.map((block) => block.parentElement))];
  const print = typeof matchMedia === "function" ? matchMedia("print") : null;
  let observer = null;
  const openIn = (box) => {
    for (const block of box.querySelectorAll("noscript[data-gr-later]")) openBlock(block);
    observer?.unobserve(box);
  };
  const openAll = () => {
    boxes.forEach(openIn);
    observer?.disconnect();
    window.removeEventListener("beforeprint", openAll);
    print?.removeEventListener("change", openAll);
  };
  window.addEventListener("beforeprint", openAll);
  print?.addEventListener("change", openAll);
  if (typeof IntersectionObserver === "undefined") {
    openAll();
    return;
  }
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) openIn(entry.target);
    },
    { rootMargin: LATER_MARGIN },
  );
  boxes.forEach((box) => {
    observer.observe(box);
  });
}

/** Copy-link buttons, named scrolling tables and shared calculator links, where the page has them. */
export function mountSite(root) {
  setupCopyLinks(root);
  openLater(root);
  setupScrollableTables(root);
  focusSharedCalculator(root);
  scrollToSearchedWord(root);
}

if (typeof document !== "undefined")
  whenReady(() => {
    mountSite(document);
  });
