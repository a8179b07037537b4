// Issue 20, point 5: the referee asks for rolls. /save and /check addressed to
// several players (or the party): one message, one Roll button per player; each
// press rolls that player's own save from their sheet (seed 002, "Saving Throws"),
// the message collects who passed; the hidden variant shows only who rolled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, buttons, text, until, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("alice", "character create", {
    name: "Mira",
    sheet: "class=cleric level=2 wis=15 hp=9 ac=5 thac0=19 weapons=mace:1d6",
  });
  await h.cmd("bob", "character create", {
    name: "Dorn",
    sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8",
  });
});
afterAll(() => h?.stop());

const ephemeralFor = (interactionId: string) => () =>
  h.local
    .channelMessages(h.channelId)
    .find((m) => m.interaction_metadata?.id === interactionId && (m.flags & 64) === 64);

describe("the referee asks the party for a save", () => {
  it("one message with a Roll button per player; each press rolls that player's own save and the message collects who passed", async () => {
    const call = await h.cmd("referee", "save", { kind: "spells", players: "party" });
    expect(text(call.message)).toMatch(/The referee asks: .*saving throw: spells/);
    expect(buttons(call.message).map((b) => b.label)).toEqual(["Roll: Mira", "Roll: Dorn"]);
    const [mira, dorn] = buttons(call.message);

    // Only the player (or a referee) presses a player's button: nothing is rolled.
    const wrong = await h.press("bob", call.message.id, mira!.id);
    await until(() => !!ephemeralFor(wrong.interactionId)());
    expect(ephemeralFor(wrong.interactionId)()!.content).toMatch(/Mira rolls it/);
    expect(await h.app.services.store.db.roll.count({ where: { purpose: { startsWith: "save" } } })).toBe(0);

    await h.press("alice", call.message.id, mira!.id);
    expect(text(call.message)).toMatch(/Mira\*\*: .*save vs/i);
    expect(buttons(call.message).map((b) => b.label)).toEqual(["Roll: Dorn"]);
    // Mira's button is gone: she rolls once.

    await h.press("bob", call.message.id, dorn!.id);
    expect(buttons(call.message)).toEqual([]);
    // Fixed seeds: Mira rolls 13 against her 15 (cleric 2), Dorn 15 against his 16 (fighter 3).
    expect(text(call.message)).toMatch(/0 of 2 passed/);
    expect(text(call.message)).toMatch(
      /❌ \*\*Mira\*\*: save vs Spells, Rods, or Staves fails — Rolled 13 against 15 \(classic B\/X cleric table, level 2\)/,
    );
    expect(text(call.message)).toMatch(
      /❌ \*\*Dorn\*\*: save vs Spells, Rods, or Staves fails — Rolled 15 against 16 \(classic B\/X fighter table, level 3\)/,
    );
    expect(text(call.message)).toMatch(/Everyone has rolled/);
    expect(await h.app.services.store.db.roll.count({ where: { purpose: { startsWith: "save" } } })).toBe(2);
  });

  it("a hidden check: the message shows who rolled, the player learns only that it is made, the referee reads the results", async () => {
    const call = await h.cmd("referee", "check", {
      attribute: "wis",
      players: `<@${h.users.alice}>, Dorn`,
      hidden: true,
    });
    expect(text(call.message)).toMatch(/WIS check \(hidden\)|Wis.* check \(hidden\)/i);
    const roll = buttons(call.message).find((b) => b.label === "Roll: Mira")!;
    const p = await h.press("alice", call.message.id, roll.id);
    await until(() => !!ephemeralFor(p.interactionId)());
    expect(ephemeralFor(p.interactionId)()!.content).toMatch(/referee has the result/);
    expect(text(call.message)).toMatch(/Mira\*\*: rolled/);
    expect(text(call.message)).not.toMatch(/passes|fails|✅|❌/);
    const results = buttons(call.message).find((b) => b.label === "Results (referee)")!;
    const refused = await h.press("alice", call.message.id, results.id);
    await until(() => !!ephemeralFor(refused.interactionId)());
    expect(ephemeralFor(refused.interactionId)()!.content).toMatch(/Only a referee/);
    const r = await h.press("referee", call.message.id, results.id);
    expect(r.ephemeral).toBe(true);
    expect(text(r.message)).toMatch(/[✅❌] \*\*Mira\*\*/);
    expect(text(r.message)).toMatch(/⏳ \*\*Dorn\*\*: waiting/);
    expect(await h.app.services.store.db.roll.count({ where: { hidden: true } })).toBeGreaterThan(0);
  });

  it("bad input is refused with what to do, and nothing is asked", async () => {
    const before = await h.app.services.store.db.rollCall.count();
    const noone = await h.cmd("referee", "save", { players: "Nobody" });
    expect(noone.ephemeral).toBe(true);
    expect(noone.message.content).toMatch(/No character named "Nobody"/);
    const player = await h.cmd("alice", "save", { players: "party" });
    expect(player.message.content).toMatch(/Only a referee/);
    const hidden = await h.cmd("alice", "save", { hidden: true });
    expect(hidden.message.content).toMatch(/`hidden` goes with `players`/);
    expect(await h.app.services.store.db.rollCall.count()).toBe(before);
  });
});
