// Issue 20, points 2 and 3, for Castles & Crusades (seed 003; docs/rules/siege.md, "Monsters", "A monster in one
// line", "Sheets the rules fill in"): the foes the text names are presets whose hit points are rolled, a d8 a hit
// die ("a 3d8 hit dice creature"), as each enters the fight; a custom monster is one line in C&C's own terms; a
// bad line is refused and changes nothing; the bestiary keeps one for reuse by name with autocomplete; and
// /character create roll:true rolls what the text rolls (hit points by level) and what a C&C referee would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

/** The dice of a hit-point sum as the fill shows it: "3 + 6", or with a modifier "(3 + 2) + (6 + 2)", "5 + 2". */
const facesOf = (terms: string, modified: boolean): number[] =>
  modified ? [...terms.matchAll(/(?:^|\()(\d+) [+−] \d/g)].map((m) => Number(m[1])) : terms.split(" + ").map(Number);

let h: E2E;
beforeAll(async () => {
  h = await startTable("siege", [
    { user: "alice", name: "Una", sheet: "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 weapons=longsword:1d8" },
  ]);
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;
const sheetOf = async (name: string) => JSON.parse((await db().combatant.findFirstOrThrow({ where: { name } })).sheet);
const sum = (faces: string) => faces.split(" + ").reduce((a, b) => a + Number(b), 0);
const complete = (monsters: string) =>
  h.local.autocomplete({
    guildId: h.guildId,
    channelId: h.channelId,
    userId: h.users.referee!,
    name: "encounter",
    subcommand: "add",
    options: { monsters },
    focused: "monsters",
  });

describe("Castles & Crusades: monsters by the book", () => {
  // seed 003, "Surprise" and "Charging" name the orcs, "Hit Points" the ettin; "Melee Combat": "a 3d8 hit dice creature"
  it("4 orcs and an ettin: each rolls its hit points from its hit dice as it enters the fight", async () => {
    const r = await h.cmd("referee", "encounter start", { monsters: "4 orcs, an ettin", surprise: false });
    const t = text(r.message);
    const orcs = [...t.matchAll(/Orc (\d): 1d8 = (\d) → (\d) HP/g)];
    expect(orcs.map((m) => m[1])).toEqual(["1", "2", "3", "4"]);
    for (const m of orcs) {
      expect(m[3]).toBe(m[2]);
      expect((await sheetOf(`Orc ${m[1]}`)).hpMax).toBe(Number(m[3]));
    }
    const ettin = /Ettin: 10d8 = ([\d + ]+) → (\d+) HP/.exec(t)!;
    expect(Number(ettin[2])).toBe(sum(ettin[1]!));
    expect(await sheetOf("Ettin")).toMatchObject({
      level: 10,
      hpMax: Number(ettin[2]),
      attacks: 2,
      weapons: [
        { name: "club", damage: "2d8" },
        { name: "club", damage: "3d6" },
      ],
    });
    expect(t).toMatch(/Castles & Crusades · Hit Points/);
    // seed e2e-2 (the encounter's): the orcs' d8s are 8, 6, 5 and 1; the ettin's ten d8s come to 36.
    expect(orcs.map((m) => Number(m[3]))).toEqual([8, 6, 5, 1]);
    expect(Number(ettin[2])).toBe(36);
  });

  it("a monster in one line, in C&C's terms: its own hit die rolled; typed hit points kept; a routine is attacks a round", async () => {
    const r = await h.cmd("referee", "encounter add", {
      monsters: "1 hill ogre",
      stats: "HD 4 (d10) AC 16 ATK club 2d8 SIZE large SAVES P",
    });
    const m = /Hill Ogre: 4d10 = ([\d + ]+) → (\d+) HP/.exec(text(r.message))!;
    expect(Number(m[2])).toBe(sum(m[1]!));
    expect(await sheetOf("Hill Ogre")).toMatchObject({
      level: 4,
      hitDie: 10,
      bth: 4,
      ac: 16,
      size: "large",
      hpMax: Number(m[2]),
      primes: ["str", "dex", "con"],
      weapons: [{ name: "club", damage: "2d8" }],
    });
    const owl = await h.cmd("referee", "encounter add", {
      monsters: "1 owlbear",
      stats: "HD 5 AC 15 ATK 2 claws 1d6, bite (2d6) HP 30 INT Animal",
    });
    expect(text(owl.message)).toMatch(/Added Owlbear\./);
    expect(text(owl.message)).not.toMatch(/Owlbear: 5d8/);
    expect(await sheetOf("Owlbear")).toMatchObject({
      level: 5,
      hpMax: 30,
      attacks: 3,
      weapons: [{ name: "claw", damage: "1d6" }, { name: "claw" }, { name: "bite", damage: "2d6" }],
    });
    const help = await h.cmd("alice", "help", { topic: "siege" });
    expect(text(help.message)).toMatch(/One stat line: `HD 4 \(d8\) AC 16 ATK club 2d8 SIZE large`/);
  });

  it("a line it cannot read says what to write, and adds nothing", async () => {
    const before = await db().combatant.count();
    const hd = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD four AC 16 ATK club 2d8" });
    expect(hd.ephemeral).toBe(true);
    expect(hd.message.content).toBe(
      'HD is the number of hit dice, with the die if it is not a d8: `HD 4`, `HD 4 (d10)` or `HD 4d10` (not "four").',
    );
    const thac0 = await h.cmd("referee", "encounter add", { monsters: "1 brute", stats: "HD 4 AC 16 THAC0 15" });
    expect(thac0.ephemeral).toBe(true);
    expect(thac0.message.content).toMatch(
      /^Castles & Crusades has no THAC0: a monster's BtH is its hit dice \(`BTH \+4` if it differs\)\. This line reads HD, HP, AC, ATK/,
    );
    const none = await h.cmd("referee", "encounter add", { monsters: "2 trolls" });
    expect(none.ephemeral).toBe(true);
    expect(none.message.content).toMatch(
      /"trolls" is not one of Castles & Crusades' presets .*\(orc, ettin, golem, lion, hippogriff, constrictor snake, gnome merchant, goblin, ogre\)\. .*stats: a stat line such as `HD 4 \(d8\) AC 16 ATK club 2d8 SIZE large`/,
    );
    expect(await db().combatant.count()).toBe(before);
  });

  it("the bestiary: saved by the referee, offered by autocomplete, reused by name with hit points rolled each time", async () => {
    const line = "Cave bear HD 6 AC 15 ATK 2 claws 1d6, bite 1d8 SIZE large";
    expect((await h.cmd("alice", "encounter bestiary", { stats: line })).message.content).toMatch(/Only a referee/);
    const saved = await h.cmd("referee", "encounter bestiary", { stats: line });
    expect(text(saved.message)).toMatch(/^Saved to the bestiary: cave bear/);
    expect(await complete("2 cave")).toContainEqual({ name: "2 cave bear", value: "2 cave bear" });
    expect(await complete("3 gno")).toContainEqual({ name: "3 gnome merchant", value: "3 gnome merchant" });
    const r = await h.cmd("referee", "encounter add", { monsters: "2 cave bears" });
    const rolled = [...text(r.message).matchAll(/Cave Bear (\d): 6d8 = ([\d + ]+) → (\d+) HP/g)];
    expect(rolled.map((x) => x[1])).toEqual(["1", "2"]);
    for (const x of rolled) {
      expect(Number(x[3])).toBe(sum(x[2]!));
      expect(await sheetOf(`Cave Bear ${x[1]}`)).toMatchObject({
        level: 6,
        ac: 15,
        size: "large",
        attacks: 3,
        hpMax: Number(x[3]),
      });
    }
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("Castles & Crusades: a sheet the rules fill in", () => {
  // seed 003, "Hit Points": "At each level, the hit die type is rolled and added ... The constitution modifier is
  // added or subtracted from this roll ... a character gains at least 1 hit point for each level advanced."
  it("roll:true rolls the attributes and hit points by class and level, gives BtH, and keeps the player's class and level", async () => {
    const r = await h.cmd("bob", "character create", { name: "Bran", sheet: "class=fighter level=3", roll: true });
    const t = text(r.message);
    expect(t).toMatch(/^Created: Bran/);
    const attrs =
      /Attributes, 3d6 each: STR (\d+) \((\d), (\d), (\d)\) · DEX (\d+) .* · CON (\d+) \(.*?\) · INT \d+ .* · CHA \d+/.exec(
        t,
      )!;
    expect(Number(attrs[1])).toBe(Number(attrs[2]) + Number(attrs[3]) + Number(attrs[4]));
    // The sum in full, each die with the CON modifier: "(3 + 1) + (5 + 1) + (2 + 1) = 13".
    const hp = /Hit points, fighter 3d10(?: ([+−]) (\d) CON each)? \(at least 1 a level\): (.+?) = (\d+)\./.exec(t)!;
    const con = hp[1] ? (hp[1] === "+" ? 1 : -1) * Number(hp[2]) : 0;
    const faces = facesOf(hp[3]!, con !== 0);
    expect(faces).toHaveLength(3);
    expect(Number(hp[4])).toBe(faces.reduce((a, f) => a + Math.max(1, f + con), 0));
    expect(t).toMatch(/BtH \+3: a fighter of level 3/);
    expect(t).toMatch(/Primes: STR by the class; the others are yours to choose/);
    expect(t).toMatch(
      /Filled by the rules: Strength, Dexterity, Constitution, Intelligence, Wisdom, Charisma, Hit points, Base to hit \(BtH\) · every other value is the player's own/,
    );
    expect(t).toMatch(/Castles & Crusades · Hit Points/);
    const sheet = JSON.parse((await db().character.findFirstOrThrow({ where: { name: "Bran" } })).sheet);
    expect(sheet).toMatchObject({
      class: "fighter",
      level: 3,
      str: Number(attrs[1]),
      con: Number(attrs[6]),
      hpMax: Number(hp[4]),
      bth: 3,
      primes: ["str"],
    });
    // seed e2e-1 (the campaign's): STR's dice are 4, 5, 6; CON 14 (+1); the d10s 3, 7, 4 give 17 hit points.
    expect([attrs[2], attrs[3], attrs[4]].map(Number)).toEqual([4, 5, 6]);
    expect(Number(hp[4])).toBe(17);
    expect(t).toMatch(/: \(3 \+ 1\) \+ \(7 \+ 1\) \+ \(4 \+ 1\) = 17\./);
  });

  it("a class without a table here: the attributes are rolled, hit points and BtH are asked for", async () => {
    const r = await h.cmd("bob", "character create", {
      name: "Dorn",
      sheet: "class=witch-hunter hpMax=7 bth=1",
      roll: true,
    });
    const t = text(r.message);
    expect(t).toMatch(/"witch-hunter" has no class table here: give hpMax and bth yourself\./);
    expect(t).toMatch(
      /Filled by the rules: Strength, Dexterity, Constitution, Intelligence, Wisdom, Charisma · every other value is the player's own/,
    );
    expect(JSON.parse((await db().character.findFirstOrThrow({ where: { name: "Dorn" } })).sheet)).toMatchObject({
      class: "witch-hunter",
      hpMax: 7,
      bth: 1,
    });
  });
});
