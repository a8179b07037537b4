// Issue 20, point 2, for The Third Age (seed 000). The text names one foe, "a patrol of goblins" ("When to make
// an attribute roll"), gives monsters a morale rating ("Morale and Loyalty") and converts "classic material"
// ("Converting Saving Throws"); it prints no stat blocks and is silent on monsters' hit points
// (docs/rules/third-age.md, "Monsters"): "4 goblins" rolls each one's hit points from its hit dice (a d8 each),
// unless the referee types them; a custom monster is one stat line in the game's terms (success AC / partial AC,
// attack bonus, weapon die, morale, attributes), validated, and saved to the bestiary for reuse by name.
// Point 3: the text gives nothing to roll for a sheet, so /character create roll:true says so and saves nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "ta-monsters" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "body=2 hp=10 weapons=longsword:1d8" });
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;
const sheetOf = async (name: string) => JSON.parse((await db().combatant.findFirstOrThrow({ where: { name } })).sheet);
const stateOf = async (name: string) => JSON.parse((await db().combatant.findFirstOrThrow({ where: { name } })).state);

describe("The Third Age's monsters by the book, through Discord", () => {
  it("4 goblins: each rolls its hit points from HD 1-1 (1d8 − 1, at least 1) as it enters the fight", async () => {
    const r = await h.cmd("referee", "encounter start", { name: "Patrol", monsters: "4 goblins", surprise: false });
    const t = text(r.message);
    const lines = [...t.matchAll(/Goblin (\d): HD 1-1: 1d8 \[(\d)\] −1 = (-?\d+) → (\d+) HP/g)];
    expect(lines.map((m) => m[1])).toEqual(["1", "2", "3", "4"]);
    for (const m of lines) {
      expect(Number(m[4])).toBe(Math.max(1, Number(m[2]) - 1));
      expect((await sheetOf(`Goblin ${m[1]}`)).hp).toBe(Number(m[4]));
      expect(await stateOf(`Goblin ${m[1]}`)).toMatchObject({ hp: Number(m[4]), maxHp: Number(m[4]) });
    }
    // seed ta-monsters-2 (the encounter's): the four d8s roll 2, 2, 5, 2: 1, 1, 4 and 1 HP.
    expect(lines.map((m) => Number(m[2]))).toEqual([2, 2, 5, 2]);
    // The start is the record of those rolls; the roster is on the board below it.
    expect(text(await liveBoard(h))).toMatch(/\*\*Goblin 3\*\* `[█░ ]+` HP 4\/4/);
    // The rest is the preset: the text's goblin converted from the classic one.
    expect(await sheetOf("Goblin 1")).toMatchObject({
      hd: "1-1",
      successAC: 13,
      partialAC: 9,
      attackBonus: 0,
      morale: 7,
      weapons: [{ name: "Short sword", damage: "1d6" }],
    });
  });

  it("a custom monster as one stat line; hit points the referee types are kept, not rolled", async () => {
    const r = await h.cmd("referee", "encounter add", {
      monsters: "1 gnoll",
      stats: "HD 2 AC 14/10 AB +1 ATK flail 1d8/javelin 1d6 thrown ML 8 HP 11 BODY +1",
    });
    expect(r.ephemeral).toBe(false);
    expect(text(r.message)).not.toMatch(/Gnoll: HD/);
    expect(await sheetOf("Gnoll")).toMatchObject({
      hd: "2",
      hp: 11,
      successAC: 14,
      partialAC: 10,
      attackBonus: 1,
      morale: 8,
      body: 1,
      monster: true,
      weapons: [
        { name: "flail", damage: "1d8", kind: "melee" },
        { name: "javelin", damage: "1d6", kind: "thrown" },
      ],
    });
    expect(await stateOf("Gnoll")).toMatchObject({ hp: 11, maxHp: 11 });
    const help = await h.cmd("alice", "help", { topic: "third-age" });
    expect(text(help.message)).toMatch(/One stat line: `HD 4\+1 AC 14\/10 AB \+4 ATK club 1d10 ML 10 BODY \+2`/);
  });

  it("a stat line it cannot read says what to write, only to the referee, and adds nothing", async () => {
    const before = await db().combatant.count();
    const xp = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD 4+1 AC 14/10 XP 75" });
    expect(xp.ephemeral).toBe(true);
    expect(xp.message.content).toMatch(
      /"XP" is not a stat this line knows: use HD, HP, AC, AB, ATK, ML, BODY, DEX, MIND, SOUL, CHA, STA/,
    );
    const ac = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD 4+1 AC five ATK club 1d10" });
    expect(ac.ephemeral).toBe(true);
    expect(ac.message.content).toBe('AC is the success AC, or success/partial AC, e.g. `AC 13/9` (not "five").');
    const ml = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD 4+1 AC 14/10 ML 15" });
    expect(ml.ephemeral).toBe(true);
    expect(ml.message.content).toMatch(/nothing was saved[\s\S]*Morale must be between 2 and 12/);
    const unknown = await h.cmd("referee", "encounter add", { monsters: "1 dragon" });
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.message.content).toMatch(
      /"dragon" is not one of The Third Age's presets[\s\S]*stats: a stat line such as `HD 4\+1 AC 14\/10 AB \+4 ATK club 1d10 ML 10 BODY \+2`/,
    );
    expect(await db().combatant.count()).toBe(before);
  });

  it("the bestiary: saved by the referee, offered by autocomplete, reused by name with hit points rolled each time", async () => {
    const line = "Barrow wight HD 3 AC 15/11 AB +3 ATK claw 1d6 ML 12 SOUL +2";
    const no = await h.cmd("alice", "encounter bestiary", { stats: line });
    expect(no.ephemeral).toBe(true);
    expect(no.message.content).toMatch(/Only a referee/);
    const saved = await h.cmd("referee", "encounter bestiary", { stats: line });
    expect(text(saved.message)).toMatch(/^Saved to the bestiary: barrow wight/);
    expect(text(saved.message)).toMatch(/Hit points rolled for each one from its hit dice as it enters a fight\./);
    const choices = await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.referee!,
      name: "encounter",
      subcommand: "add",
      options: { monsters: "2 barrow" },
      focused: "monsters",
    });
    expect(choices).toContainEqual({ name: "2 barrow wight", value: "2 barrow wight" });
    const r = await h.cmd("referee", "encounter add", { monsters: "2 barrow wights" });
    const rolled = [...text(r.message).matchAll(/Barrow Wight (\d): HD 3: 3d8 \[([\d, ]+)\] = (\d+) → (\d+) HP/g)];
    expect(rolled.map((m) => m[1])).toEqual(["1", "2"]);
    for (const m of rolled) {
      expect(Number(m[3])).toBe(m[2]!.split(", ").reduce((a, b) => a + Number(b), 0));
      expect((await sheetOf(`Barrow Wight ${m[1]}`)).hp).toBe(Number(m[4]));
    }
    // seed ta-monsters-2, after the goblins' four d8s: 3d8 [2, 2, 7] = 11 and [6, 1, 6] = 13.
    expect(rolled.map((m) => Number(m[4]))).toEqual([11, 13]);
    expect(await sheetOf("Barrow Wight 1")).toMatchObject({
      hd: "3",
      successAC: 15,
      partialAC: 11,
      attackBonus: 3,
      morale: 12,
      soul: 2,
      weapons: [{ name: "claw", damage: "1d6" }],
    });
  });

  it("/verify replays the hit-point rolls with the rest of the encounter", async () => {
    const end = await h.cmd("referee", "encounter end");
    expect(text(end.message)).toMatch(/Seed \(revealed\): `ta-monsters-2`/);
    const v = await h.cmd("alice", "verify");
    expect(text(v.message)).toMatch(/Verified: every roll/);
  });

  // seed 000 gives no way to roll attributes or hit points (docs/rules/third-age.md, "Sheets").
  it("/character create roll:true: the text gives nothing to roll, it says so and saves nothing", async () => {
    const r = await h.cmd("bob", "character create", { name: "Brom", sheet: "body=1", roll: true });
    expect(r.ephemeral).toBe(true);
    // Not a dead end: a sheet to copy (the text's fields with their defaults).
    expect(r.message.content).toBe(
      "The Third Age gives nothing to roll for a sheet: type its fields, e.g. `body=0 dexterity=0 mind=0 soul=0 charisma=0 hp=6 successAC=12 attackBonus=0` (or leave out `roll` and fill the form).",
    );
    expect(await db().character.count({ where: { name: "Brom" } })).toBe(0);
    // Nothing typed: the short form opens instead.
    const form = await h.cmd("bob", "character create", { name: "Brom", roll: true });
    expect(form.modal?.title).toBe("Brom: The Third Age (1/4)");
    expect(h.local.validationErrors).toEqual([]);
  });

  it("a stat line that names its monster keeps the name; `monsters` gives how many", async () => {
    const knight = "Knight HD 3 AC 15/11 AB +3 ATK sword 1d8 ML 9";
    const r = await h.cmd("referee", "encounter start", { monsters: "2 standard", stats: knight, surprise: false });
    expect(r.ephemeral).toBeFalsy();
    const board = text(await liveBoard(h));
    expect(board).toMatch(/\*\*Foes\*\*\n\*\*Knight 1\*\*[^\n]*\n\*\*Knight 2\*\*/);
    expect(board).not.toMatch(/Standard/);
    expect(text(r.message)).not.toMatch(/Standard/);
    expect(await sheetOf("Knight 2")).toMatchObject({
      hd: "3",
      successAC: 15,
      partialAC: 11,
      attackBonus: 3,
      morale: 9,
    });
    // A count alone counts the stat line's kind.
    const more = await h.cmd("referee", "encounter add", { monsters: "two", stats: knight });
    expect(text(more.message)).toMatch(/Knight 3[\s\S]*Knight 4/);
    // Nameless stats still need a name from `monsters`; nothing is added.
    const nameless = await h.cmd("referee", "encounter add", { monsters: "2", stats: "HD 3 AC 15/11" });
    expect(nameless.ephemeral).toBe(true);
    expect(nameless.message.content).toMatch(/Name the monsters these stats are for/);
    expect(await db().combatant.count({ where: { name: { startsWith: "2" } } })).toBe(0);
    await h.cmd("referee", "encounter end");
  });
});
