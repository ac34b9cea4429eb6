// « La table »'s party (table-party.js): the links of a pasted chat message, the party link, the
// stored table, and the bounds of a party; every refusal in French, naming the link or wizard.
import { test } from "node:test";
import assert from "node:assert/strict";
import { grimoireModules } from "./grimoire_modules.mjs";

const { load } = grimoireModules();
const party = await load("table-party.js");
const journal = await load("grimoire-journal.js");
const table = await load("grimoire-table.js");
const format = await load("grimoire-format.js");
const config = (await load("grimoire-config.js")).default;

const KNOWN = { vol: { name: "Vol" }, eclair: { name: "Éclair" }, oubli: { name: "Oubli" } };
const wizard = (name, magic, spells) => ({
  checked: false,
  name,
  magic,
  reading: Object.keys(config.table.extremes)[0],
  spells: spells.map(([slug, learning, xp]) => ({ slug, learning, xp })),
  journal: [],
});
const YSOLDE = wizard("Ysolde", 3, [["vol", 2, 5]]);
const BRANNOCK = wizard("Brannock le Gris", 6, [
  ["eclair", 3, 4],
  ["oubli", 0, 0],
]);
const link = (w) => "https://exemple.fr/grimoire/?livre=" + format.encodeLink(w);

test("a chat message's links are read link by link, each refusal named by its place", () => {
  const message =
    "Salut ! voici mon grimoire : " +
    link(YSOLDE) +
    ", et celui de Brannock <" +
    link(BRANNOCK) +
    ">. Le troisième est abîmé : https://exemple.fr/grimoire/?livre=3.0.natural.A.vol_1_0 (désolé)";
  const { wizards, refused } = party.readPasted(message, KNOWN);
  assert.deepEqual(wizards, [YSOLDE, BRANNOCK]);
  assert.deepEqual(refused, ["lien n° 3 : nom du magicien illisible dans le lien (lien abîmé ?)"]);
  // A share link's bare value is a link too; words that are no link are the chat's.
  assert.deepEqual(party.readPasted(format.encodeLink(YSOLDE), KNOWN).wizards, [YSOLDE]);
  assert.deepEqual(party.readPasted("à ce soir, 20 h 30", KNOWN), {
    wizards: [],
    refused: ["aucun lien de grimoire dans le texte collé"],
  });
  assert.deepEqual(party.readPasted("x".repeat(200000), KNOWN).refused, ["texte collé trop long"]);
});

test("a party link carries every wizard, and comes back as the same party", () => {
  const value = party.partyValue([YSOLDE, BRANNOCK]);
  assert.match(value, /^[A-Za-z0-9._~-]+$/);
  assert.equal(value, format.encodeLink(YSOLDE) + "~" + format.encodeLink(BRANNOCK));
  assert.deepEqual(party.readPartyValue(value, KNOWN), [YSOLDE, BRANNOCK]);
  // Pasted among the players' links, a party link brings all of its own.
  const pasted = party.readPasted("https://exemple.fr/table/?livres=" + value, KNOWN);
  assert.deepEqual(pasted.wizards, [YSOLDE, BRANNOCK]);
});

test("a bad party link is refused whole, each bad book named by its place", () => {
  const problems = (value) => {
    try {
      party.readPartyValue(value, KNOWN);
    } catch (error) {
      return error.problems;
    }
    assert.fail("accepted: " + value);
  };
  assert.deepEqual(problems(format.encodeLink(YSOLDE) + "~3.0.natural..vol_9_0"), [
    "grimoire n° 2 : apprentissage de « Vol » : attendu un entier de 0 à 5, reçu « 9 »",
  ]);
  assert.deepEqual(problems(""), ["lien de table vide"]);
  const nine = Array(party.MAX_WIZARDS + 1)
    .fill(format.encodeLink(YSOLDE))
    .join("~");
  assert.deepEqual(problems(nine), ["lien de table de 9 grimoires (au plus 8)"]);
  assert.match(problems("3.0.natural.<b>~x")[0], /^grimoire n° 1 : caractères inattendus/);
});

test("a wizard joins once: the same book is already there, the same name is an update", () => {
  const first = party.addWizards([], [YSOLDE, BRANNOCK]);
  assert.deepEqual([first.added, first.party.length], [["Ysolde", "Brannock le Gris"], 2]);
  const again = party.addWizards(first.party, [YSOLDE]);
  assert.deepEqual([again.same, again.party.length], [["Ysolde"], 2]);
  const newer = wizard("Ysolde", 4, [["vol", 2, 9]]);
  const updated = party.addWizards(first.party, [newer]);
  assert.deepEqual([updated.updated, updated.party[0]], [["Ysolde"], newer]);
  // Unnamed wizards are told apart by their place at the table.
  const unnamed = party.addWizards(first.party, [wizard("", 1, [["vol", 1, 0]])]);
  assert.deepEqual(unnamed.added, ["Magicien 3"]);
  assert.equal(party.wizardName(unnamed.party[2], 2), "Magicien 3");
});

test("no table holds more than eight wizards; the ninth is refused by name", () => {
  const eight = Array.from({ length: party.MAX_WIZARDS }, (_, i) =>
    wizard("Magicien " + (i + 1) + " bis", i, []),
  );
  const full = party.addWizards([], eight);
  assert.equal(full.party.length, 8);
  const more = party.addWizards(full.party, [YSOLDE]);
  assert.deepEqual(more.refused, ["la table compte déjà 8 magiciens : Ysolde n’y entre pas"]);
  assert.equal(more.party.length, 8);
});

test("the stored table reads back; a bad wizard is named and kept, a bad table is broken", () => {
  const stored = JSON.stringify(party.serialiseParty([YSOLDE, BRANNOCK]));
  assert.deepEqual(party.readParty(stored), { party: [YSOLDE, BRANNOCK], rejected: [], kept: [] });
  assert.deepEqual(party.readParty(null), { party: [], rejected: [], kept: [] });
  const bad = { nom: "<script>", magie: -1, lecture: "natural", sorts: [] };
  const read = party.readParty(
    JSON.stringify({ version: 1, livres: [party.serialiseParty([YSOLDE]).livres[0], bad] }),
  );
  assert.deepEqual(read.party, [YSOLDE]);
  assert.deepEqual(read.rejected, [
    "magicien n° 2 : magie : attendu un entier positif ou nul, reçu « -1 »",
  ]);
  assert.deepEqual(read.kept, [bad]);
  // Written back, the bad one stays as it was stored.
  assert.deepEqual(party.serialiseParty(read.party, read.kept).livres[1], bad);
  assert.equal(party.readParty("{").broken, "ce n’est pas du JSON");
  assert.match(party.readParty('{"version": 9, "livres": []}').broken, /version 1 attendue/);
  const nine = { version: 1, livres: Array(9).fill(party.serialiseParty([YSOLDE]).livres[0]) };
  assert.equal(party.readParty(JSON.stringify(nine)).broken, "plus de 8 magiciens");
});

test("a name is text at the table: markup stays characters", () => {
  const hostile = wizard("<img src=x onerror=alert(1)>", 1, [["vol", 1, 0]]);
  const [back] = party.readPartyValue(party.partyValue([hostile]), KNOWN);
  assert.equal(back.name, "<img src=x onerror=alert(1)>");
});

test("the MJ's casts go into each wizard's journal; the table's newest entry is undone first", () => {
  const ysolde = structuredClone(YSOLDE);
  const brannock = structuredClone(BRANNOCK);
  const at = (minute) => "2026-12-04T20:" + String(minute).padStart(2, "0") + ":00.000Z";
  const first = journal.castSpell(ysolde, "vol", { face: table.FACES[6], now: at(1) });
  const second = journal.castSpell(brannock, "eclair", { face: table.FACES[11], now: at(2) });
  const third = journal.castSpell(ysolde, "vol", { face: table.FACES[0], now: at(2) });
  const seated = [ysolde, brannock];
  assert.deepEqual(
    party.tableJournal(seated).map(({ entry, index }) => [entry.id, index]),
    [
      [third.id, 0],
      [second.id, 1],
      [first.id, 0],
    ],
  );
  // Stored and read back, with their journals.
  const back = party.readParty(JSON.stringify(party.serialiseParty(seated)));
  assert.deepEqual(back.party, seated);
  assert.deepEqual(back.rejected, []);
  // « Annuler »: the newest first, the XP given back to that wizard.
  const xp = ysolde.spells[0].xp;
  const undone = party.undoLast(seated);
  assert.deepEqual([undone.entry.id, undone.index], [third.id, 0]);
  assert.equal(ysolde.spells[0].xp, xp - third.gain);
  assert.equal(party.undoLast(seated).entry.id, second.id);
  assert.equal(brannock.spells[0].xp, BRANNOCK.spells[0].xp);
  party.undoLast(seated);
  assert.throws(() => party.undoLast(seated), /journal de la table est vide/);
  // A stored entry that says what the rules do not give is refused, by wizard.
  const stored = party.serialiseParty([YSOLDE]);
  stored.livres[0].journal = [{ ...first, gain: 99 }];
  assert.match(
    party.readParty(JSON.stringify(stored)).rejected[0],
    /^magicien n° 1 : entrée n° 1 du journal illisible/,
  );
  // A newer link of a wizard keeps the table's journal of that wizard.
  const kept = party.addWizards(
    [{ ...YSOLDE, journal: [first] }],
    [wizard("Ysolde", 4, [["vol", 2, 9]])],
  );
  assert.deepEqual(kept.party[0].journal, [first]);
});

test("the party's evening: each wizard who played, named, in the table's order", async () => {
  const { partyEvening } = await load("table-cast.js");
  const ysolde = structuredClone(YSOLDE);
  const unnamed = wizard("", 1, [["vol", 1, 0]]);
  const idle = structuredClone(BRANNOCK);
  const face = table.FACES[11];
  journal.castSpell(unnamed, "vol", { face, now: "2026-12-04T20:00:00.000Z" });
  journal.castSpell(ysolde, "vol", { face, now: "2026-12-04T21:00:00.000Z" });
  journal.castSpell(ysolde, "vol", { face, now: "2026-12-03T21:00:00.000Z" }); // yesterday
  const nameOf = (slug) => KNOWN[slug].name;
  const text = partyEvening([ysolde, idle, unnamed], "2026-12-04T12:00:00.000Z", nameOf);
  const parts = text.split("\n\n");
  assert.equal(parts.length, 2);
  assert.ok(parts[0].startsWith("Ysolde — la soirée : 1 lancer."), parts[0]);
  assert.ok(parts[1].startsWith("Magicien 3 — la soirée : 1 lancer."), parts[1]);
  assert.equal(partyEvening([idle], "2026-12-04T12:00:00.000Z", nameOf), "Rien encore ce soir.");
});

test("a spell whose XP the player set by hand says so at the table, from a link or a file", () => {
  const book = structuredClone(YSOLDE);
  book.spells.push({ slug: "eclair", learning: 1, xp: 0 });
  journal.setSpell(book, "vol", 2, 9, "2026-12-01T20:00:00.000Z"); // 5 → 9 XP, by hand
  assert.equal(book.journal.at(-1).type, "modif");
  const value = format.encodeLink(book);
  assert.match(value, /\.vol_2_9_m\.eclair_1_0$/);
  // From the link: the mark only; from the file: its journal's « modif » entry.
  const fromLink = party.readPasted(link(book), KNOWN).wizards[0];
  const file = format.readFileText(JSON.stringify(format.exportData(book, KNOWN)), KNOWN);
  for (const wizard of [fromLink, party.wizardOf(file)]) {
    assert.deepEqual(
      wizard.spells.map((s) => [s.slug, s.xp, s.hand === true]),
      [
        ["vol", 9, true],
        ["eclair", 0, false],
      ],
    );
  }
  // Kept so by the table's storage and its party link; a link without the mark has none.
  const stored = party.readParty(JSON.stringify(party.serialiseParty([fromLink])));
  assert.equal(stored.party[0].spells[0].hand, true);
  assert.equal(party.readPartyValue(party.partyValue([fromLink]), KNOWN)[0].spells[0].hand, true);
  assert.equal(party.readPasted(link(YSOLDE), KNOWN).wizards[0].spells[0].hand, undefined);
  // Any other mark is a damaged link, refused.
  assert.throws(
    () => format.readLink(value.replace("_m", "_x"), KNOWN),
    /sort n° 1 du lien illisible/,
  );
});

test("a wizard from a file is checked by its journal; one from a link only declares", () => {
  const book = structuredClone(YSOLDE);
  const file = format.readFileText(JSON.stringify(format.exportData(book, KNOWN)), KNOWN);
  const fromFile = party.wizardOf(file, true);
  const fromLink = party.readPasted(link(book), KNOWN).wizards[0];
  assert.equal(fromFile.checked, true);
  assert.equal(fromLink.checked, false);
  // Kept by the table's storage; a stored wizard claims it only with « verifie: true ».
  const stored = party.serialiseParty([fromFile, fromLink]);
  assert.deepEqual(
    stored.livres.map((w) => w.verifie),
    [true, undefined],
  );
  assert.deepEqual(
    party.readParty(JSON.stringify(stored)).party.map((w) => w.checked),
    [true, false],
  );
  const claimed = { ...stored.livres[1], verifie: "oui" };
  const read = party.readParty(JSON.stringify({ version: 1, livres: [claimed] }));
  assert.equal(read.party[0].checked, false);
  // A party link is a link: whoever opens it gets declared figures.
  assert.equal(party.readPartyValue(party.partyValue([fromFile]), KNOWN)[0].checked, false);
  // The same book from its file checks the wizard already at the table from its link.
  const joined = party.addWizards([fromLink], [fromFile]);
  assert.deepEqual(joined.same, ["Ysolde"]);
  assert.equal(joined.party[0].checked, true);
  // A newer link of the same name replaces the figures: declared again.
  const newer = { ...fromLink, spells: [{ slug: "vol", learning: 2, xp: 6 }] };
  assert.equal(party.addWizards(joined.party, [newer]).party[0].checked, false);
});
