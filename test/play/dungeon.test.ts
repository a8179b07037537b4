import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { testServices, actor } from "../helpers/services.js";
import { setOption, startCampaign } from "../../src/play/campaigns/index.js";
import { createCharacter } from "../../src/play/characters/index.js";
import { advanceTurns, dungeonStatus } from "../../src/play/dungeon/index.js";
import { changeEffect, changeLight } from "../../src/play/dungeon/light.js";
import { setDungeon } from "../../src/play/dungeon/set.js";
import { startWandering } from "../../src/play/dungeon/wandering.js";
import { endEncounter, startEncounter } from "../../src/play/encounters/index.js";
import { nextTurn, rollInitiative } from "../../src/play/encounters/turns.js";
import { hireRetainer } from "../../src/play/retainers/index.js";
import { remaining } from "../../src/rules/dungeon/index.js";

// Group initiative: two groups a round. The Third Age declares movement in melee before each round's initiative
// (seed 000, "Combat Steps"), so each new round takes three /next (second group, the round's end, the round's start):
// nine /next start three new rounds after the first: 1 + 3 = 4 rounds on the clock.
const ROUNDS = 4;

let s: Awaited<ReturnType<typeof testServices>>;
const ref = actor("ref");
const alice = actor("alice");
const bob = actor("bob");

beforeEach(async () => {
  s = await testServices();
  await startCampaign(s, ref, { system: "third-age", name: "Barrow" });
  await createCharacter(s, alice, { name: "Alda", sheet: "charisma=2 hp=10" });
  await createCharacter(s, bob, { name: "Brom", sheet: "hp=8" });
});
afterEach(async () => s.cleanup());

describe("dungeon turns", () => {
  it("only a referee advances turns; each moves the clock 60 rounds and records the actions", async () => {
    await expect(advanceTurns(s, alice, {})).rejects.toThrow(/Only a referee/);
    const r = await advanceTurns(s, ref, { actions: "search, listen" });
    expect(r.view.rounds).toBe(60);
    expect(r.turns[0]!.result.lines[0]).toBe("Declared: search, listen.");
    expect(r.view.state.actions).toEqual([{ turn: 1, actions: ["search", "listen"] }]);
    await expect(advanceTurns(s, ref, { turns: 0 })).rejects.toThrow(/1 to 36/);
    const db = s.store.db;
    expect(await db.roll.count({ where: { purpose: { startsWith: "dungeon turn" } } })).toBe(r.turns.length);
  });

  it("a torch lit by its holder warns the turn before it goes out, then darkness", async () => {
    await expect(changeLight(s, bob, { action: "light", holder: "Alda" })).rejects.toThrow(/to decide/);
    const lit = await changeLight(s, alice, { action: "light" });
    expect(lit.lines).toEqual(["Alda lights a torch: 6 turns of light."]);
    await setDungeon(s, ref, { chance: 0 });
    const five = await advanceTurns(s, ref, { turns: 5 });
    expect(five.turns[4]!.result.lines).toContain("⚠️ Alda's torch gutters: it goes out within the next turn.");
    const six = await advanceTurns(s, ref, {});
    expect(six.turns[0]!.result.lines).toEqual(
      expect.arrayContaining(["Alda's torch goes out.", "🌑 Darkness: the last light has gone out."]),
    );
    expect((await dungeonStatus(s, bob)).state.lights).toEqual([]);
  });

  it("encounter rounds burn light too, and turns wait for the encounter to end", async () => {
    await changeLight(s, alice, { action: "light", holder: "Alda" });
    await startEncounter(s, ref, { monsters: "1 goblin", surprise: false });
    await expect(advanceTurns(s, ref, {})).rejects.toThrow(/End it with \/encounter end/);
    await rollInitiative(s, ref);
    for (let i = 0; i < 9; i++) await nextTurn(s, ref);
    await endEncounter(s, ref);
    const st = await dungeonStatus(s, ref);
    // Initiative starts round 1 and every new round adds one: the torch lit at round 0 has burnt that long.
    expect(st.rounds).toBe(ROUNDS);
    expect(remaining(st.state.lights[0]!, st.rounds)).toBe(360 - ROUNDS);
  });

  it("spells and effects count down and end", async () => {
    await expect(changeEffect(s, alice, { name: "Light", turns: 2 })).rejects.toThrow(/Only a referee/);
    await changeEffect(s, ref, { name: "Light", turns: 2 });
    await setDungeon(s, ref, { chance: 0 });
    const r = await advanceTurns(s, ref, { turns: 2 });
    expect(r.turns[1]!.result.lines).toContain("Light ends.");
    expect(r.view.state.effects).toEqual([]);
  });

  it("set: table entries must be the system's presets; options go to the campaign", async () => {
    await expect(setDungeon(s, ref, { table: "2d4 dragons" })).rejects.toThrow(/not one of The Third Age's presets/);
    await expect(setDungeon(s, alice, { table: "1 ogre" })).rejects.toThrow(/Only a referee/);
    const v = await setDungeon(s, ref, { table: "2d4 goblins; 1 ogre", interval: 2, torch: 3, rations: 10, water: 10 });
    expect(v.view.state.table).toEqual(["2d4 goblins", "1 ogre"]);
    expect(v.view.settings).toMatchObject({ wanderingEvery: 2, torchTurns: 3 });
    expect(v.view.nextCheck).toBe(2);
    expect(v.view.state.supplies).toMatchObject({ rations: 10, water: 10 });
  });

  it("the party eats each day: two characters and a retainer", async () => {
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda" });
    await setDungeon(s, ref, { chance: 0, rations: 10, water: 2 });
    const r = await advanceTurns(s, ref, { turns: 36 });
    expect(r.view.rounds).toBe(36 * 60);
    expect(r.view.party.map((m) => m.name)).toEqual(["Alda", "Brom", "Hob"]);
    // Not a day yet: 36 turns are 6 hours.
    expect(r.view.state.supplies.rations).toBe(10);
  });

  it("a wandering monster from the table, its reaction, and a button that starts one encounter", async () => {
    await setDungeon(s, ref, { table: "2d4 goblins; 1 ogre", chance: 6 });
    const r = await advanceTurns(s, ref, { turns: 3 });
    expect(r.turns.length).toBe(1);
    expect(r.skipped).toBe(2);
    expect(r.wandering).toMatchObject({ turn: 1, started: false });
    // seed-1 (the campaign's): check 1d6 = 2 (6 in 6), table 1d2 = 1, 2d4 (2, 2) = 4; reaction 2d10 [6, 10] + Alda's Charisma 2 = 18.
    expect(r.turns[0]!.result.lines.slice(1)).toEqual([
      "Turn 1: wandering-monster check 1d6 = 2 (6 in 6) → a wandering monster comes.",
      "Wandering table 1d2 = 1: 2d4 goblins.",
      "Number appearing 2d4 (2, 2) = 4.",
    ]);
    expect(r.wandering).toMatchObject({ monsters: "4 goblins", reaction: "Uninterested" });
    expect(r.reaction?.lines[0]).toBe("Reaction roll 2d10 [6, 10] +2 = 18 (Alda's Charisma +2)");
    await expect(startWandering(s, alice, r.wandering!.id)).rejects.toThrow(/Only a referee/);
    const ev = await startWandering(s, ref, r.wandering!.id);
    expect(ev.fight.rows.filter((x) => x.side === "foes").map((x) => x.name)).toEqual([
      "Goblin 1",
      "Goblin 2",
      "Goblin 3",
      "Goblin 4",
    ]);
    expect(ev.notes).toContain("Their reaction (rolled at the wandering check): Uninterested.");
    await expect(startWandering(s, ref, r.wandering!.id)).rejects.toThrow(
      /encounter has been started already: nothing was changed/,
    );
    expect(await s.store.db.encounter.count()).toBe(1);
  });

  it("a wandering monster left behind: its button is stale after the next turn", async () => {
    await setDungeon(s, ref, { table: "1 ogre", chance: 6 });
    const r = await advanceTurns(s, ref, {});
    await setDungeon(s, ref, { chance: 0 });
    await advanceTurns(s, ref, {});
    await expect(startWandering(s, ref, r.wandering!.id)).rejects.toThrow(
      /A later dungeon turn has passed since this wandering monster came, so it no longer waits: nothing was changed\. If it should still come, \/encounter start brings it in\./,
    );
  });

  it("two presses at once start one encounter", async () => {
    await setDungeon(s, ref, { table: "1 ogre", chance: 6 });
    const r = await advanceTurns(s, ref, {});
    const all = await Promise.allSettled([
      startWandering(s, ref, r.wandering!.id),
      startWandering(s, ref, r.wandering!.id),
    ]);
    expect(all.filter((x) => x.status === "fulfilled").length).toBe(1);
    expect(await s.store.db.encounter.count()).toBe(1);
  });

  it("isolation: another channel's campaign has its own clock", async () => {
    await advanceTurns(s, ref, {});
    const other = actor("ref", { channelId: "c2" });
    await expect(dungeonStatus(s, other)).rejects.toThrow(/no campaign/);
    await startCampaign(s, other, { system: "bx" });
    expect((await dungeonStatus(s, other)).rounds).toBe(0);
  });
});

describe("resting for a turn", () => {
  it("restores what the system says rest restores: Third Age stamina (docs/rules/third-age.md)", async () => {
    await setOption(s, ref, "wanderingChance", "0");
    const db = s.store.db;
    const c = await db.character.findFirstOrThrow({ where: { name: "Alda" } });
    const spent = { ...JSON.parse(c.state), stamina: 0 };
    await db.character.update({ where: { id: c.id }, data: { state: JSON.stringify(spent) } });
    const walk = await advanceTurns(s, ref, { actions: "search" });
    expect(walk.rested).toEqual([]);
    expect(JSON.parse((await db.character.findUniqueOrThrow({ where: { id: c.id } })).state).stamina).toBe(0);
    const r = await advanceTurns(s, ref, { actions: "rest" });
    const after = JSON.parse((await db.character.findUniqueOrThrow({ where: { id: c.id } })).state);
    expect(after.stamina).toBe(after.maxStamina);
    expect(r.rested.join(" ")).toMatch(/Stamina 0 → \d after a turn of rest/);
  });
});
