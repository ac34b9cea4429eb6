/* Grimoire — the colour scheme toggle of the header (partials/palette.html), in place of
 * mkdocs-material 9.8.1's inline palette script and of its bundle's palette component, whose start
 * re-styles the whole page four times on every load (bench/README.md). A classic script right
 * after the toggle, as the theme's was: the reader's scheme is restored before the page is drawn.
 *
 * The choices are the theme's (mkdocs.yml, theme.palette): the system's scheme first, then light,
 * then dark. The choice is kept where the theme keeps it (__md_set("__palette"), the same
 * { index, color } record), so a page of the theme reads it too. A reader who never chose gets
 * the system's scheme, and the automatic choice follows the system while the page is open.
 * The toggle shows the label after the checked choice (site.css); clicking it checks the next.
 * Reading a stored value never throws: a value that is not the theme's record counts as none. */
(() => {
  const form = document.querySelector("form[data-gr-palette]");
  if (!form) return;
  const inputs = Array.prototype.slice.call(form.querySelectorAll("input.md-option"));
  const light = matchMedia("(prefers-color-scheme: light)");
  const AUTO = "(prefers-color-scheme)";
  const KEYS = ["media", "scheme", "primary", "accent"];

  function media(input) {
    return input.getAttribute("data-md-color-media");
  }

  /** The stored choice: by its index, else by its media, else the first (the system's). */
  function stored() {
    const record = window.__md_get("__palette");
    if (!record || typeof record !== "object") return inputs[0];
    if (Number.isInteger(record.index) && inputs[record.index]) return inputs[record.index];
    const wanted = record.color && typeof record.color === "object" ? record.color.media : null;
    return inputs.find((input) => media(input) === wanted) || inputs[0];
  }

  /** The choice whose colours are drawn: the automatic one draws the system's scheme. */
  function drawn(input) {
    if (media(input) !== AUTO) return input;
    const scheme = light.matches ? "(prefers-color-scheme: light)" : "(prefers-color-scheme: dark)";
    return inputs.find((other) => media(other) === scheme) || input;
  }

  function apply(input) {
    const shown = drawn(input);
    for (const key of KEYS) {
      document.body.setAttribute(
        "data-md-color-" + key,
        shown.getAttribute("data-md-color-" + key),
      );
    }
  }

  const chosen = stored();
  if (!chosen) return;
  chosen.checked = true;
  apply(chosen);

  form.addEventListener("change", (event) => {
    const input = event.target;
    const color = {};
    for (const key of KEYS) color[key] = input.getAttribute("data-md-color-" + key);
    window.__md_set("__palette", { index: inputs.indexOf(input), color: color });
    // The theme's rule: no colour transition while the scheme switches.
    document.body.setAttribute("data-md-color-switching", "");
    apply(input);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => document.body.removeAttribute("data-md-color-switching")),
    );
  });
  light.addEventListener("change", () => {
    const checked = inputs.find((input) => input.checked);
    if (checked && media(checked) === AUTO) apply(checked);
  });
})();
