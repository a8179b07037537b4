// Castles & Crusades, subdual damage and the long waits (issue 29, points 15, 11, 16 and 10): one point in five of a
// subdual blow is normal and never none; a weapon used to subdue, a monster whose line says its attack subdues; 24
// hours out when beaten to −10 by subdual damage; 24 hours of bed rest before the badly wounded heal.
// Seeds are fixed (seedPrefix siege-sub): the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const say = async (user: string, name: string, options: Record<string, unknown> = {}) => {
  const r = await h.cmd(user, name, options as never);
  if (r.ephemeral) throw new Error(`/${name} refused: ${r.message.content}`);
  // The bot's work after its answer (the board below it, the old one's deletion) is done before the next command.
  await h.app.bot.router.settled();
  return text(r.message);
};
/** The live board's text (its title, notes and roster), once the bot has posted it below the last answer. */
const board = async () => text(await liveBoard(h));
const sheetState = async (name: string) =>
  JSON.parse((await h.app.services.store.db.character.findFirstOrThrow({ where: { name } })).state) as Record<
    string,
    any
  >;

describe("Castles & Crusades: subdual damage and the long waits", () => {
  beforeAll(async () => {
    h = await startE2E({ users: ["referee", "alice", "bob", "carol"], seedPrefix: "siege-sub" });
    await h.cmd("referee", "campaign start", { system: "siege" });
    await h.cmd("alice", "character create", {
      name: "Una",
      sheet: "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
    });
    await h.cmd("bob", "character create", {
      name: "Bo",
      sheet: "class=fighter level=4 str=12 ac=13 hpMax=36 weapons=mace:1d6",
    });
    await h.cmd("carol", "character create", {
      name: "Cy",
      sheet: "class=cleric level=2 ac=12 hpMax=10 weapons=mace:1d6",
    });
  });
  afterAll(async () => h?.stop());

  // seed 003, "Subdual Damage": "All subdual damage delivers some normal damage. For every five points of subdual
  // damage inflicted, one point is considered normal damage."
  it("a subdual blow is one point in five normal, and never no normal damage at all", async () => {
    expect(await say("referee", "damage", { target: "Una", amount: 4, subdual: true })).toMatch(
      /Una takes 4 subdual damage: 3 subdual, 1 normal \(all subdual damage delivers some normal damage\)\.\nUna has 19\/20 HP and 3 subdual damage: knocked out after 16 more\./,
    );
    expect(await say("referee", "damage", { target: "Una", amount: 10, subdual: true })).toMatch(
      /Una takes 10 subdual damage: 8 subdual, 2 normal \(one point in five is real\)\.\nUna has 17\/20 HP and 11 subdual damage/,
    );
    expect(await sheetState("Una")).toMatchObject({ hp: 17, subdual: 11 });
  });

  // seed 003, "Subdual Damage": "An attacker can use weapons to deliver subdual damage … Minimally, these weapons
  // deliver one point of damage."; "If a monster's attack causes subdual rather than normal damage, the monster
  // description will note it."
  it("/attack subdue: a weapon deals subdual damage, at least 1; a monster's line marks its subdual attack", async () => {
    const start = await say("referee", "encounter start", {
      monsters: "1 brawler",
      stats: "HD 2 AC 12 ATK fist 1d4 subdual",
      surprise: false,
    });
    expect(start).toMatch(/Brawler: 2d8 = 6 \+ 1 → 7 HP/);
    const sheet = JSON.parse(
      (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Brawler" } })).sheet,
    );
    expect(sheet.weapons).toEqual([expect.objectContaining({ name: "fist", damage: "1d4", subdual: true })]);
    // "Minimally, these weapons deliver one point": a 1d2−4 (STR +1) blow to subdue is still 1.
    const odds = text((await h.cmd("alice", "odds", { target: "Brawler", weapon: "1d2-4", subdue: true })).message);
    expect(odds).toMatch(/damage 1d2-4 \+1: 1–1, average 1\.00 subdual/);
    await say("referee", "next");
    expect(await board()).toMatch(/round 1 · Bo to act/);
    // The referee's attacks out of turn (override) keep the test short; the turn order is not the point here.
    const fist = await say("referee", "attack", { attacker: "Brawler", target: "Una", override: true });
    expect(fist).toMatch(/\*\*fist\*\*: d20 16 \+ 2 \(BtH \+2\) = \*\*18\*\* vs AC 14 → hit, 1d4 = 2 subdual damage\./);
    expect(fist).toMatch(
      /Una takes 2 subdual damage: 1 subdual, 1 normal \(all subdual damage delivers some normal damage\)\./,
    );
    const blow = await say("referee", "attack", { attacker: "Una", target: "Brawler", subdue: true, override: true });
    expect(blow).toMatch(
      /\*\*longsword\*\*: d20 11 \+ 4 \(BtH \+3, STR \+1\) = \*\*15\*\* vs AC 12 → hit, 1d8 \(STR \+1\) = 2 subdual damage\./,
    );
    expect(blow).toMatch(/Brawler takes 2 subdual damage: 1 subdual, 1 normal/);
    await say("referee", "encounter end");
  });

  // seed 003, "Subdual Damage": "when a character reaches -10 hit points or more of subdual damage … they should be
  // considered unconscious for 24 hours and do not begin healing until gaining consciousness."
  it("beaten to −10 by subdual damage: 24 hours out and no healing, on the dungeon clock and by days of rest", async () => {
    await say("referee", "dungeon set", { chance: 0 });
    const ko = await say("referee", "damage", { target: "Bo", amount: 50, subdual: true });
    expect(ko).toMatch(
      /Bo takes 50 subdual damage: 40 subdual, 10 normal \(one point in five is real\)\.\nBo is beaten to -14 with subdual damage: unconscious for 24 hours, and no healing until conscious again/,
    );
    // 260 minutes of dungeon turns: still out, nothing healed (the issue's "fine" after 260 minutes).
    const t = await say("referee", "dungeon turn", { action: "rest", turns: 26 });
    expect(t).toMatch(
      /Bo is knocked out by subdual damage: 19 hours 40 minutes until they come to, and no healing until then\./,
    );
    expect(t).not.toMatch(/Bo recovers/);
    expect(await sheetState("Bo")).toMatchObject({
      hp: 26,
      subdual: 40,
      conditions: ["unconscious", "knocked out for 24 hours"],
    });
    const sheet = text((await h.cmd("bob", "character show", { name: "Bo" })).message);
    expect(sheet).not.toMatch(/fine/);
    expect(sheet).toMatch(/knocked out for 24 hours/);
    // The rest of the day: the 24 hours end, and the day of rest heals nothing (he was out for it).
    let day = "";
    for (let i = 0; i < 4; i++) day += await say("referee", "dungeon turn", { action: "rest", turns: i < 3 ? 36 : 10 });
    expect(day).toMatch(/Bo's 24 hours knocked out by subdual damage are over: healing begins/);
    expect(day).toMatch(
      /Bo was knocked out by subdual damage: the first 24 hours heal nothing; healing begins after them\./,
    );
    expect(day).not.toMatch(/Bo heals/);
    const after = await sheetState("Bo");
    expect(after.hp).toBe(26);
    expect(after.conditions).not.toContain("knocked out for 24 hours");
    // Healing has begun: 1 subdual point per 10 minutes from now on.
    expect(await say("referee", "dungeon turn", { action: "rest" })).toMatch(
      /Bo recovers 1 subdual damage over 10 minutes \(1 per 10 minutes\)/,
    );
  });

  // seed 003, "Hit Points": "At -1 to -6 hit points … Unless magically healed a character so wounded must rest 24 hours
  // before the process of healing begins."; "At -7 to -9 … Aid administered to the wounds stops the hit point loss …
  // After 24 hours have passed, the normal healing process as described for -1 to -6 hit points begins."
  it("the grievously wounded, and the mortally wounded once aided, heal nothing in the first 24 hours of rest", async () => {
    await say("referee", "encounter start", { monsters: "1 orc", surprise: false });
    expect(await say("referee", "damage", { target: "Cy", amount: 18 })).toMatch(/Cy is mortally wounded \(-8 HP\)/);
    await say("referee", "next");
    expect(await say("referee", "declare", { action: "aid", who: "Una", detail: "Cy" })).toMatch(
      /Una spends the round tending Cy's wounds: Cy loses no more HP\./,
    );
    const una = await sheetState("Una");
    await say("referee", "damage", { target: "Una", amount: una.hp + 3 });
    await say("referee", "encounter end");
    const rest = await say("referee", "dungeon rest", { days: 2, place: "town" });
    expect(rest).toMatch(
      /Una is below 0 HP: the first 24 hours of bed rest heal nothing; healing begins after them\.\nUna heals 1 HP over 1 day of rest \(day 2: 1 a day\): HP -3 → -2 of 20\./,
    );
    expect(rest).toMatch(
      /Cy is below 0 HP: the first 24 hours of bed rest heal nothing; healing begins after them\.\nCy heals 1 HP over 1 day of rest \(day 1: 1 a day\): HP -8 → -7 of 10\./,
    );
    expect((await sheetState("Una")).hp).toBe(-2);
    expect((await sheetState("Cy")).hp).toBe(-7);
  });
});
