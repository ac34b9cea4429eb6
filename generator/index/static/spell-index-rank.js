/* Grimoire — the index's text filter: how well a spell matches a folded query, ranked like the
   site search (pure, no DOM). */

/* Whether every word of ``terms`` starts one of ``words`` (both folded). */
function wordsStart(terms, words) {
  return terms.every((term) => words.some((word) => word.startsWith(term)));
}

/** The words of a folded string (none for ""). */
function split(text) {
  return text ? text.split(" ") : [];
}

/** The words of a folded query (none for "" or spaces only). */
export function queryTerms(query) {
  return query.split(" ").filter(Boolean);
}

/**
 * How well a spell matches a folded query, like the site search ranks: 0 the exact name, 1 the
 * start of the name, 2 words of the name, 3 its aliases, 4 its text; -1 no match. ``spell`` holds
 * folded strings: {name, aliases, text} (text: the whole text, or "" while it loads), and may
 * hold what ``searchable`` builds once: the words of its name and aliases and ``all``,
 * " name aliases text ". ``terms``: the query's words, when the caller split it already.
 */
export function matchRank(query, spell, terms = queryTerms(query)) {
  if (!terms.length) return 0;
  if (spell.name === query) return 0;
  if (spell.name.startsWith(query)) return 1;
  const nameWords = spell.nameWords || split(spell.name);
  if (wordsStart(terms, nameWords)) return 2;
  const aliasWords = spell.aliasWords || split(spell.aliases || "");
  if (aliasWords.length && wordsStart(terms, nameWords.concat(aliasWords))) return 3;
  const all = spell.all || ` ${spell.name} ${spell.aliases || ""} ${spell.text || ""} `;
  return terms.every((term) => all.includes(term)) ? 4 : -1;
}

/** ``spell`` ({name, aliases, text}, folded) with what matchRank reads built once. */
export function searchable(spell) {
  spell.nameWords = split(spell.name);
  spell.aliasWords = split(spell.aliases || "");
  spell.all = ` ${spell.name} ${spell.aliases || ""} ${spell.text || ""} `;
  return spell;
}
