/* Grimoire — a cast at the table, from the rules' data (grimoire-config.js, written by the build
 * from rules/: widgets/grimoire/data.py table_data): the outcome of each die face, the XP of each
 * outcome, the odds as the pages write them, the level costs. Nothing here decides a rule: it
 * looks the answer up, so a cast works offline and without the engine.
 */
import CONFIG from "./grimoire-config.js";

const TABLE = CONFIG.table;

/** The die's faces, in order. */
export const FACES = TABLE.faces;
/** The outcomes, from worst to best; their French labels, XP, and the readings' labels. */
export const OUTCOMES = TABLE.order;
export const LABELS = TABLE.labels;
export const READINGS = TABLE.extremes;
export const DEFAULT_READING = Object.keys(TABLE.extremes)[0];

/** The XP an outcome brings. */
export function xpOf(outcome) {
  return TABLE.xp[outcome];
}

/** True when the outcome casts the spell. */
export function isCast(outcome) {
  return TABLE.cast[outcome];
}

/* The shift of the modified result for a magic and a modifier, where the table has it (beyond
   its bounds every face reads as at the bound: the build checked it). */
function shiftOf(magic, modifier) {
  const shift = modifier - Math.floor(magic / TABLE.magic_divisor);
  return Math.min(TABLE.shift.max, Math.max(TABLE.shift.min, shift));
}

/** True when a spell at ``learning`` can be cast (the table knows it). */
export function castable(learning) {
  return Object.hasOwn(TABLE.outcomes[DEFAULT_READING], String(learning));
}

function row(magic, learning, modifier, reading) {
  const byLearning = TABLE.outcomes[reading]?.[String(learning)];
  if (!byLearning) throw new RangeError("pas de table pour cet apprentissage");
  return byLearning[String(shiftOf(magic, modifier))];
}

/** The outcome of one face. */
export function outcomeOf(face, { magic, learning, modifier = 0, reading = DEFAULT_READING }) {
  const index = FACES.indexOf(face);
  if (index < 0) throw new RangeError("face inconnue");
  return OUTCOMES[Number(row(magic, learning, modifier, reading)[index])];
}

/** Each outcome's faces and exact odds: [{outcome, label, xp, faces, fraction, percent}]. */
export function castOdds({ magic, learning, modifier = 0, reading = DEFAULT_READING }) {
  const text = row(magic, learning, modifier, reading);
  return OUTCOMES.map((outcome, index) => {
    const faces = FACES.filter((_, i) => Number(text[i]) === index);
    return {
      outcome,
      label: LABELS[outcome],
      xp: xpOf(outcome),
      faces,
      fraction: TABLE.odds[faces.length].fraction,
      percent: TABLE.odds[faces.length].percent,
    };
  });
}

/** The odds of a cast as one line: « Réussi 7/12 (58,3 %) · … » (outcomes with a face). */
export function oddsLine(odds) {
  return odds
    .filter((o) => o.faces.length)
    .map((o) => o.label + " " + o.fraction + " (" + o.percent + ")")
    .join(" · ");
}

/** The odds of a cast in one short line: « lancé 5/12 (41,7 %) · dont Parfait 1/12 (8,3 %) »
    (the faces that cast the spell, and those of the best outcome, counted from ``odds``). */
export function castLine(odds) {
  const best = odds[odds.length - 1];
  const { fraction, percent } = TABLE.odds[best.faces.length];
  return castChanceLine(odds) + " · dont " + best.label + " " + fraction + " (" + percent + ")";
}

/** The chance to cast in words: « lancé 5/12 (41,7 %) ». */
export function castChanceLine(odds) {
  const chance = castChance(odds);
  return "lancé " + chance.fraction + " (" + chance.percent + ")";
}

/** The chance that a cast with ``odds`` casts the spell: {faces, fraction, percent} (the faces
    of the outcomes that cast it, and their chance as the pages write it). */
export function castChance(odds) {
  const faces = odds.filter((o) => isCast(o.outcome)).reduce((n, o) => n + o.faces.length, 0);
  return { faces, fraction: TABLE.odds[faces].fraction, percent: TABLE.odds[faces].percent };
}

/** A face drawn uniformly with the browser's cryptographic generator. */
export function drawFace(random = globalThis.crypto) {
  const n = FACES.length;
  const limit = Math.floor(0x100000000 / n) * n; // rejection: every face equally likely
  const word = new Uint32Array(1);
  for (;;) {
    random.getRandomValues(word);
    if (word[0] < limit) return FACES[word[0] % n];
  }
}

/** A study session: {hours: [1, …], tests: {hour: tests in it}} (rules' data). */
export const STUDY = { hours: CONFIG.study.hours, tests: CONFIG.study.tests };

/** The XP of a session planned for ``hours``: every test passed (``failedAt`` null) or a
    failure in hour ``failedAt``. */
export function studyXp(hours, failedAt) {
  const row = CONFIG.study.xp[String(hours)];
  return row[failedAt === null ? "passed" : String(failedAt)];
}

/** The XP that takes a spell of ``difficulty`` from ``learning`` to the next (null: none). */
export function levelCost(learning, difficulty) {
  const costs = CONFIG.level_up_cost?.[String(difficulty)];
  const cost = costs ? costs[String(learning)] : undefined;
  return typeof cost === "number" ? cost : null;
}

/** The elements a duelling spell may have (rules' data). */
export const DUEL_ELEMENTS = CONFIG.duel.elements;

/** Which spell dominates when mine is of ``mine`` and the opponent's of ``theirs`` ("a": mine,
    "b": theirs, null: none), and the modifiers [mine, theirs] of the two duel tests. */
export function duelPair(mine, theirs) {
  const pair = CONFIG.duel.pairs[mine]?.[theirs];
  if (!pair) throw new RangeError("élément inconnu");
  return pair;
}

const bit = (value) => (value ? "1" : "0");

/** The result of a duel as played: "a" (mine), "b", "cancel" or "none"; the tests are read only
    when both spells were cast. */
export function duelResult(castA, castB, dominant, passedA, passedB) {
  const tests = castA && castB ? bit(passedA) + bit(passedB) : "";
  return CONFIG.duel.results[bit(castA) + bit(castB) + (dominant || "-") + tests];
}

/** A duel from its faces: [my cast, their cast, my test, their test] (the tests only when both
    spells were cast); the opponent reads the 1 and the 12 as ``opponent.reading`` says, else as I do. Returns {mine, theirs, dominant, modifiers, tests: [mine, theirs] | null,
    needed: faces still to roll, result: null until every needed face is in}. */
export function duelPlay(faces, { magic, learning, element, reading = DEFAULT_READING }, opponent) {
  const { dominant, modifiers } = duelPair(element, opponent.element);
  const me = { magic, learning, reading };
  const them = {
    magic: opponent.magic,
    learning: opponent.learning,
    reading: opponent.reading || reading,
  };
  const play = {
    mine: null,
    theirs: null,
    dominant,
    modifiers,
    tests: null,
    needed: 2,
    result: null,
  };
  if (faces.length > 0) play.mine = outcomeOf(faces[0], me);
  if (faces.length > 1) play.theirs = outcomeOf(faces[1], them);
  if (faces.length < 2) {
    play.needed = 2 - faces.length;
    return play;
  }
  const [castA, castB] = [isCast(play.mine), isCast(play.theirs)];
  if (!(castA && castB)) {
    play.needed = 0;
    play.result = duelResult(castA, castB, dominant);
    return play;
  }
  play.tests = [
    faces.length > 2 ? outcomeOf(faces[2], { ...me, modifier: modifiers[0] }) : null,
    faces.length > 3 ? outcomeOf(faces[3], { ...them, modifier: modifiers[1] }) : null,
  ];
  play.needed = Math.max(0, 4 - faces.length);
  if (!play.needed)
    play.result = duelResult(true, true, dominant, isCast(play.tests[0]), isCast(play.tests[1]));
  return play;
}
