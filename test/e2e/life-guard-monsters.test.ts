// Issue 20, point 2, for Life & Guard (seed 004): every foe the text names is a preset
// (the six rows of "Enemy Types" and the Warband of "Warbands"); their Life and Guard are
// the table's, fixed, never rolled; a custom foe is one stat line in the table's own
// columns, validated, and can be saved to the campaign's bestiary for reuse by name with
// autocomplete. Point 3: the text rolls nothing for a new character, so roll:true says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "life-guard" });
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;
const sheetOf = async (name: string) => JSON.parse((await db().combatant.findFirstOrThrow({ where: { name } })).sheet);

describe("Life & Guard foes by the book", () => {
  // seed 004, "Enemy Types": Standard is Life 7, Guard 7; "Warbands": one warband fights as one
  it("4 standard and a warband: each shows the table's Guard and Life, and nothing is rolled for them", async () => {
    const r = await h.cmd("referee", "encounter start", { monsters: "4 standard, a warband", surprise: false });
    // The start is the record (the distance rolled); the roster is on the board below it.
    const record = text(r.message);
    const t = text(await liveBoard(h));
    const rows = [...t.matchAll(/\*\*Standard (\d)\*\* `█+` Guard (\d+)\/(\d+) · Life (\d+)\/(\d+) · Melee rank/g)];
    expect(rows.map((m) => m[1])).toEqual(["1", "2", "3", "4"]);
    for (const m of rows) expect(m.slice(2).map(Number)).toEqual([7, 7, 7, 7]);
    expect(t).toMatch(/\*\*Warband\*\* `█+` Guard 7\/7 · Life 7\/7 · warband · Melee rank/);
    expect(t).not.toMatch(/Hit points/);
    expect(record).not.toMatch(/Hit points/);
    // seed e2e-2 (the encounter's): the only roll is the encounter distance, 2d6 (6, 5) × 3 metres, the text's unit.
    expect(record).toMatch(/The sides meet 33 metres apart/);
    // The text gives no distance: the bot's default names no other book.
    expect(record).not.toMatch(/B\/X/);
    expect(t).not.toMatch(/B\/X/);
    const rolls = await db().roll.findMany({ where: { encounterId: { not: null } } });
    expect(rolls.map((x) => x.purpose)).toEqual([expect.stringMatching(/distance/)]);
    expect(await sheetOf("Warband")).toMatchObject({
      life: 7,
      guard: 7,
      morale: 7,
      armour: 1,
      warband: true,
      weapons: [{ die: "d6" }],
    });
  });

  // seed 004, "Enemy Types": an enemy type in brackets gives the row; the referee's own number wins
  it("a stat line in the game's terms: (Standard) with Life 9 and a reach spear", async () => {
    const r = await h.cmd("referee", "encounter add", {
      monsters: "2 sentries",
      stats: "(Standard) Life 9 Attack spear d8 reach",
    });
    const t = text(r.message);
    expect(t).toMatch(/\*\*Sentry 1\*\* `█+` Guard 7\/7 · Life 9\/9 · Reach rank/);
    expect(t).toMatch(/\*\*Sentry 2\*\* `█+` Guard 7\/7 · Life 9\/9 · Reach rank/);
    expect(await sheetOf("Sentry 2")).toMatchObject({
      life: 9,
      guard: 7,
      morale: 7,
      armour: 1,
      weapons: [{ name: "spear", die: "d8", tags: ["reach"] }],
    });
  });

  it("a stat line it cannot read says what to write, and adds nothing", async () => {
    const before = await db().combatant.count();
    const hp = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "Life 9 HP 19" });
    expect(hp.ephemeral).toBe(true);
    expect(hp.message.content).toMatch(
      /^"HP" is not a stat this line knows: use Life, Guard, Morale, Armour, Attack \(or Damage\), Type/,
    );
    const die = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "Life 9 Attack club d7" });
    expect([die.ephemeral, die.message.content]).toEqual([
      true,
      expect.stringMatching(/^"d7" is not a die of this game/),
    ]);
    const range = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "Life 40 Guard 9" });
    expect([range.ephemeral, range.message.content]).toEqual([
      true,
      expect.stringMatching(/nothing was saved[\s\S]*Life must be between 1 and 30/),
    ]);
    const troll = await h.cmd("referee", "encounter add", { monsters: "1 troll" });
    expect(troll.message.content).toMatch(
      /presets or the campaign's bestiary \(swarm, weak, standard, advanced, expert, legendary, warband\)\. For anything else give custom `stats`, e\.g\. stats: a stat line such as `Life 9 Guard 4 Morale 8 Armour 2 Attack club d8`/,
    );
    expect(await db().combatant.count()).toBe(before);
  });

  it("the bestiary: saved by the referee, offered by autocomplete, reused by name", async () => {
    const bad = await h.cmd("referee", "encounter bestiary", { stats: "Ghoul (Weak) Armour one" });
    expect([bad.ephemeral, bad.message.content]).toEqual([
      true,
      'Armour must be a whole number, e.g. `Armour 7` (not "one").',
    ]);
    expect(await db().character.count({ where: { kind: "monster" } })).toBe(0);
    const saved = await h.cmd("referee", "encounter bestiary", {
      stats: "Ghoul (Weak) Armour 1 Attack claws d6 Type undead",
    });
    expect(text(saved.message)).toMatch(/^Saved to the bestiary: ghoul\nTyped: life 5 · guard 5 · morale 5 · armour 1/);
    expect(text(saved.message)).toMatch(
      /Each one enters a fight with these numbers: Life & Guard rolls no hit points for monsters\./,
    );
    const choices = await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.referee!,
      name: "encounter",
      subcommand: "add",
      options: { monsters: "3 gh" },
      focused: "monsters",
    });
    expect(choices).toContainEqual({ name: "3 ghoul", value: "3 ghoul" });
    const r = await h.cmd("referee", "encounter add", { monsters: "3 ghouls" });
    const rows = [...text(r.message).matchAll(/\*\*Ghoul (\d)\*\* `█+` Guard 5\/5 · Life 5\/5 · Melee rank/g)];
    expect(rows.map((m) => m[1])).toEqual(["1", "2", "3"]);
    expect(await sheetOf("Ghoul 3")).toMatchObject({
      life: 5,
      guard: 5,
      morale: 5,
      armour: 1,
      type: "undead",
      weapons: [{ name: "claws", die: "d6" }],
    });
    expect(h.local.validationErrors).toEqual([]);
  });

  // seed 004 gives no roll for a character's sheet (docs/rules/life-guard.md, "Sheets")
  it("/character create roll:true says the text rolls nothing, and creates nothing", async () => {
    const r = await h.cmd("alice", "character create", { name: "Wren", sheet: "life=6 guard=3", roll: true });
    expect([r.ephemeral, r.message.content]).toEqual([
      true,
      "Life & Guard gives nothing to roll for a sheet: type its fields, e.g. `life=10 guard=3 armour=0 morale=7 str=10 dex=10 wil=10` (or leave out `roll` and fill the form).",
    ]);
    expect(await db().character.count({ where: { kind: "pc" } })).toBe(0);
  });
});
