/* Grimoire — the index's view in the page address (/sorts/?texte=…&niveau=…&tri=…): read and
   written, pure (no DOM). */

/** The facets of the index's filters, as named in the address. */
export const FACETS = ["niveau", "element", "difficulte"];
/** The sort keys, in the order of the list's columns. */
export const SORTS = ["nom", "niveaux", "element", "difficulte"];
/* Addresses written when the index had eight columns (?tri=7-desc). A Map: a key of the address
   is never looked up among an object's built-in properties (?tri=constructor). */
const OLD_COLUMNS = new Map([
  ["0", "nom"],
  ["1", "niveaux"],
  ["6", "element"],
  ["7", "difficulte"],
]);
/** The longest filter text the index reads (a spell's longest name is under 60 characters): a
    longer ?texte= is cut, and the field takes no more. */
export const MAX_TEXTE = 200;
/** The order of a list without ?tri: by name, ascending. */
export const DEFAULT_SORT = Object.freeze({ key: "nom", descending: false });

/** Whether ``sort`` is the default order (by name, ascending). */
export function isDefaultSort(sort) {
  return sort.key === DEFAULT_SORT.key && !sort.descending;
}

/**
 * The index's state read from a query string: {texte, facets: {facet: {include, exclude}},
 * sort: {key, descending}}. An unknown sort is ignored; an old ?q= is read as ?texte=.
 */
export function readIndexState(search) {
  const params = new URLSearchParams(search);
  const facets = {};
  for (const facet of FACETS) {
    const values = (params.get(facet) || "").split(",").filter(Boolean);
    facets[facet] = {
      include: values.filter((v) => v[0] !== "-"),
      exclude: values
        .filter((v) => v[0] === "-")
        .map((v) => v.slice(1))
        .filter(Boolean),
    };
  }
  let sort = { ...DEFAULT_SORT };
  const tri = /^([a-z]+|\d+)(-desc)?$/.exec(params.get("tri") || "");
  const key = tri && (SORTS.includes(tri[1]) ? tri[1] : OLD_COLUMNS.get(tri[1]));
  if (key) sort = { key, descending: !!tri[2] };
  const texte = (params.get("texte") ?? params.get("q") ?? "").slice(0, MAX_TEXTE);
  return { texte, facets, sort };
}

/** The query string ("?…" or "") of ``search`` with the index's state written in. */
export function writeIndexState(search, state) {
  const params = new URLSearchParams(search);
  for (const key of ["q", "texte", ...FACETS, "tri"]) params.delete(key);
  const texte = (state.texte || "").slice(0, MAX_TEXTE).trim();
  if (texte) params.set("texte", texte);
  for (const facet of FACETS) {
    const f = state.facets?.[facet] || { include: [], exclude: [] };
    const values = f.include.concat(f.exclude.map((v) => "-" + v));
    if (values.length) params.set(facet, values.join(","));
  }
  const sort = state.sort || DEFAULT_SORT;
  if (!isDefaultSort(sort)) params.set("tri", sort.key + (sort.descending ? "-desc" : ""));
  const text = params.toString();
  return text ? "?" + text : "";
}
