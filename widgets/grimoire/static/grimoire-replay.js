/* Grimoire — a die drawn in « Mon grimoire » as a link that replays it: the address carries the
 * face and the cast's context (spell, magie, apprentissage, modifier, reading of the 1 and the
 * 12); opening it shows the same outcome in words with its XP, read from the rules' data
 * (grimoire-table.js), and credits nothing: the cast was counted in the book that drew it.
 *
 * Address: grimoire/?lancer=<slug>&de=<face>&magie=<n>&app=<n>&mod=<n>&lecture=<reading>.
 * Every parameter is untrusted: each is checked, and every problem is named in French.
 */
import { BookError, parseCount, quoted } from "./grimoire-model.js";
import { MAX_MODIFIER, MODIFIER_RANGE, parseModifier } from "./grimoire-values.js";
import { FACES, LABELS, READINGS, castable, outcomeOf, xpOf } from "./grimoire-table.js";

/** The parameter whose presence makes an address a replay. */
export const REPLAY_PARAM = "lancer";
const KEYS = [REPLAY_PARAM, "de", "magie", "app", "mod", "lecture"];
export { MAX_MODIFIER };

/** The query (without « ? ») of a cast: {slug, face, magic, learning, modifier, reading}. */
export function replayQuery(cast) {
  const params = new URLSearchParams();
  for (const [key, value] of [
    [REPLAY_PARAM, cast.slug],
    ["de", cast.face],
    ["magie", cast.magic],
    ["app", cast.learning],
    ["mod", cast.modifier],
    ["lecture", cast.reading],
  ]) {
    params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The cast an address's parameters describe, with its outcome and XP; throws a BookError naming
 * every bad value. ``known``: the compendium's spells by slug.
 */
export function readReplay(params, known) {
  const problems = [];
  const get = (key) => {
    const value = params.get(key);
    if (value === null) problems.push("paramètre « " + key + " » absent");
    return value;
  };
  const [slug, faceText, magicText, learningText, modText, reading] = KEYS.map(get);
  if (problems.length) throw new BookError(problems);
  if (!Object.hasOwn(known, slug)) problems.push("sort inconnu : " + quoted(slug));
  const face = parseCount(faceText);
  if (face === null || !FACES.includes(face)) {
    problems.push(
      "face du dé : attendu un entier de " +
        FACES[0] +
        " à " +
        FACES[FACES.length - 1] +
        ", reçu " +
        quoted(faceText),
    );
  }
  const magic = parseCount(magicText);
  if (magic === null)
    problems.push("magie : attendu un entier positif ou nul, reçu " + quoted(magicText));
  const learning = parseCount(learningText);
  if (learning === null || !castable(learning)) {
    problems.push(
      "apprentissage : attendu celui d’un sort qu’on peut lancer, reçu " + quoted(learningText),
    );
  }
  const modifier = parseModifier(modText);
  if (modifier === null)
    problems.push("modificateur : attendu " + MODIFIER_RANGE + ", reçu " + quoted(modText));
  if (!Object.hasOwn(READINGS, reading)) {
    problems.push(
      "lecture des extrêmes du dé : attendu l’une de " +
        Object.keys(READINGS).join(", ") +
        ", reçu " +
        quoted(reading),
    );
  }
  if (problems.length) throw new BookError(problems);
  const outcome = outcomeOf(face, { magic, learning, modifier, reading });
  return { slug, face, magic, learning, modifier, reading, outcome, xp: xpOf(outcome) };
}

/** The replayed cast in words (``name``: the spell's French name). */
export function replayText(replay, name) {
  const mod = replay.modifier
    ? ", modificateur " + (replay.modifier > 0 ? "+" : "\u2212") + Math.abs(replay.modifier)
    : "";
  return (
    name +
    " : face " +
    replay.face +
    " (magie " +
    replay.magic +
    ", apprentissage " +
    replay.learning +
    mod +
    ", " +
    READINGS[replay.reading] +
    ") : " +
    LABELS[replay.outcome] +
    ", +" +
    replay.xp +
    " XP."
  );
}

/** True when the address holds a replay. */
export function isReplay(params) {
  return params.has(REPLAY_PARAM);
}

/** The address's query without the replay's parameters. */
export function withoutReplay(params) {
  const rest = new URLSearchParams(params);
  for (const key of KEYS) rest.delete(key);
  return rest.toString();
}
