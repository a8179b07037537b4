// Issue 20, points 2 and 3, for the B/X house rules (seed 001 over seed 002;
// docs/rules/bx-house.md, "Monsters"): the foes the text names are presets whose hit
// points are rolled as each enters the fight (a d6 for a Normal Man, d8s by hit dice
// for the rest, a d6 a man for a unit); a custom monster is one B/X stat line with the
// house's MEN and #AT; a bad line is refused and changes nothing; the bestiary keeps one
// for reuse by name; /character create roll:true fills a house fighter type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

/** The dice of a hit-point sum as the fill shows it: "3 + 6", or with a modifier "(3 + 2) + (6 + 2)", "5 + 2". */
const facesOf = (terms: string, modified: boolean): number[] =>
  modified ? [...terms.matchAll(/(?:^|\()(\d+) [+−] \d/g)].map((m) => Number(m[1])) : terms.split(" + ").map(Number);

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx-house", [
    { user: "alice", name: "Dorn", sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8" },
  ]);
});
afterAll(() => h?.stop());

const sheetOf = async (name: string) =>
  JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).sheet);

describe("B/X house rules: monsters by the book", () => {
  // seed 001, "MISC COMBAT RULES": "their hit points are determined by rolling a D6"; a Troll "with 6HD+3"
  it("4 goblins and a troll: each goblin rolls a d6 − 1 (at least 1), the troll 6d8 + 3", async () => {
    const r = await h.cmd("referee", "encounter start", { monsters: "4 goblins, 1 troll", surprise: false });
    const t = text(r.message);
    const goblins = [
      ...t.matchAll(/Goblin (\d): HD 1-1 \(a Normal Man's strength\): 1d6 \((\d)\) − 1 = (?:-?\d+ → )?(\d+) HP/g),
    ];
    expect(goblins.map((m) => m[1])).toEqual(["1", "2", "3", "4"]);
    for (const m of goblins) {
      expect(Number(m[3])).toBe(Math.max(1, Number(m[2]) - 1));
      expect((await sheetOf(`Goblin ${m[1]}`)).hp).toBe(Number(m[3]));
    }
    // The minimum shows on the hit-point line and on its dice line alike (issue 41, point 8).
    expect(t).toContain("Goblin 4: HD 1-1 (a Normal Man's strength): 1d6 (1) − 1 = 0 → 1 HP (at least 1)");
    expect(t).toContain("hit points: 1d6-1 (1) = 0 → **1** (at least 1)");
    const troll = /Troll: HD 6\+3: 6d8 \(([\d, ]+)\) \+ 3 = (\d+) HP/.exec(t)!;
    expect(Number(troll[2])).toBe(troll[1]!.split(", ").reduce((a, b) => a + Number(b), 3));
    expect(await sheetOf("Troll")).toMatchObject({ hp: Number(troll[2]), attacksPerRound: 3 });
    expect(t).toMatch(/B\/X house rules · MISC COMBAT RULES/);
    // seed e2e-2 (the encounter's): the goblins' d6s are 6, 5, 4, 1 (5, 4, 3 and 1 HP); the troll's d8s 5, 4, 2, 3, 5, 1 (23 HP).
    expect(goblins.map((m) => Number(m[2]))).toEqual([6, 5, 4, 1]);
    expect(goblins.map((m) => Number(m[3]))).toEqual([5, 4, 3, 1]);
    expect(troll[1]).toBe("5, 4, 2, 3, 5, 1");
    expect(Number(troll[2])).toBe(23);
  });

  // seed 001, "Mass Combat": "the referee rolls ten 6-sided dice and totals the score"
  it("a bandit unit rolls ten d6s; hit points the referee types are kept", async () => {
    const r = await h.cmd("referee", "encounter add", { monsters: "1 bandit unit" });
    const m = /Bandit Unit: 10d6 = (\d+): the unit fights as one man\./.exec(text(r.message))!;
    expect(await sheetOf("Bandit Unit")).toMatchObject({ men: 10, hp: Number(m[1]) });
    const typed = await h.cmd("referee", "encounter add", {
      monsters: "1 gnoll",
      stats: "HD 2 AC 5 ATK 2d4 ML 8 HP 11",
    });
    expect(text(typed.message)).not.toMatch(/Gnoll: HD/);
    expect(await sheetOf("Gnoll")).toMatchObject({ hd: "2", hp: 11, ac: 5, morale: 8 });
  });

  it("a stat line in B/X terms with the house's words: MEN makes a unit, an attack routine is that many attacks a round", async () => {
    const r = await h.cmd("referee", "encounter add", {
      monsters: "1 owl beast",
      stats: "HD 5 AC 5 ATK claw 1d8/claw 1d8/bite 1d8 ML 9",
    });
    expect(text(r.message)).toMatch(/Owl Beast: HD 5: 5d8 \([\d, ]+\) = \d+ HP/);
    expect(await sheetOf("Owl Beast")).toMatchObject({
      hd: "5",
      ac: 5,
      morale: 9,
      attacksPerRound: 3,
      weapons: [{ name: "claw" }, { name: "claw" }, { name: "bite", damage: "1d8" }],
    });
    const u = await h.cmd("referee", "encounter add", {
      monsters: "1 militia",
      stats: "MEN 10 HD 1 AC 7 ATK spear 1d6 ML 7",
    });
    expect(text(u.message)).toMatch(/Militia: 10d6 = \d+: the unit fights as one man\./);
    expect(await sheetOf("Militia")).toMatchObject({ men: 10, ac: 7, morale: 7 });
  });

  it("a stat line it cannot read says what to write, and adds nothing", async () => {
    const db = h.app.services.store.db;
    const before = await db.combatant.count();
    const xp = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD 4+1 AC 5 XP 75" });
    expect(xp.ephemeral).toBe(true);
    expect(xp.message.content).toMatch(
      /"XP" is not a stat this line knows: use HD, HP, AC.*The house rules also read MEN \(men in a unit\) and #AT \(attacks a round\)/,
    );
    const men = await h.cmd("referee", "encounter add", { monsters: "1 rabble", stats: "MEN ten HD 1 AC 9" });
    expect(men.ephemeral).toBe(true);
    expect(men.message.content).toMatch(/MEN needs a whole number from 2 to 100, e\.g\. `MEN 10` \(not "ten"\)/);
    const none = await h.cmd("referee", "encounter add", { monsters: "2 mudlings" });
    expect(none.ephemeral).toBe(true);
    expect(none.message.content).toMatch(
      /"mudlings" is not one of B\/X house rules' presets .*stats: a stat line such as `HD 4\+1 AC 5 ATK 1d10 ML 10`/,
    );
    expect(await db.combatant.count()).toBe(before);
  });

  it("the bestiary: saved by the referee, offered by autocomplete, reused by name with hit points rolled each time", async () => {
    const no = await h.cmd("alice", "encounter bestiary", { stats: "Mudling HD 1/2 AC 7 ATK 1d4 ML 6" });
    expect(no.message.content).toMatch(/Only a referee/);
    const saved = await h.cmd("referee", "encounter bestiary", { stats: "Mudling HD 1/2 AC 7 ATK 1d4 ML 6" });
    expect(text(saved.message)).toMatch(/^Saved to the bestiary: mudling/);
    const choices = await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.referee!,
      name: "encounter",
      subcommand: "add",
      options: { monsters: "3 mud" },
      focused: "monsters",
    });
    expect(choices).toContainEqual({ name: "3 mudling", value: "3 mudling" });
    const r = await h.cmd("referee", "encounter add", { monsters: "3 mudlings" });
    const rolled = [
      ...text(r.message).matchAll(/Mudling (\d): HD 1\/2 \(a Normal Man's strength\): 1d6 \((\d)\) = (\d) HP/g),
    ];
    expect(rolled.map((m) => m[1])).toEqual(["1", "2", "3"]);
    for (const m of rolled) expect((await sheetOf(`Mudling ${m[1]}`)).hp).toBe(Number(m[3]));
    expect(await sheetOf("Mudling 1")).toMatchObject({
      hd: "1/2",
      ac: 7,
      morale: 6,
      weapons: [{ name: "attack", damage: "1d4" }],
    });
    expect(h.local.validationErrors).toEqual([]);
  });

  // seed 001, "COMBAT": "Fighters(INCLUDING Rangers, Barbarians, Dwarves, Hobbits, Paladins, and Pirates)"
  it("/character create roll:true: a pirate rolls B/X's abilities and a fighter's hit points and THAC0; the rest is the player's own", async () => {
    const r = await h.cmd("bob", "character create", { name: "Reyes", sheet: "class=pirate level=2 ac=7", roll: true });
    const t = text(r.message);
    expect(t).toMatch(/^Created: Reyes/);
    expect(t).toMatch(
      /A pirate is a fighter type \(fighters include rangers, barbarians, dwarves, hobbits, paladins and pirates\): a fighter's hit die and attack table\./,
    );
    const hp = /Hit points, fighter 2d8(?: ([+−]) (\d) CON each)? \(at least 1 a die\): (.+?) = (\d+)\./.exec(t)!;
    expect(hp).not.toBeNull();
    const con = hp[1] ? (hp[1] === "+" ? 1 : -1) * Number(hp[2]) : 0;
    const faces = facesOf(hp[3]!, con !== 0);
    expect(faces).toHaveLength(2);
    expect(Number(hp[4])).toBe(faces.reduce((a, f) => a + Math.max(1, f + con), 0));
    // THAC0 is read from the fighter's table at the sheet's level, not stored (it follows the level).
    expect(t).toMatch(/Attack: THAC0 19 \(classic fighter table, level 2\)/);
    expect(t).toMatch(
      /Filled by the rules: Strength, Intelligence, Wisdom, Dexterity, Constitution, Charisma, Hit points · every other value is the player's own/,
    );
    const sheet = JSON.parse(
      (await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Reyes" } })).sheet,
    );
    expect(sheet).toMatchObject({ class: "pirate", level: 2, ac: 7, hp: Number(hp[4]) });
    expect(sheet.thac0).toBeUndefined();
  });
});
