// Issue 30, point 8: a save tied to a damage roll, through the local Discord. The referee's flow: the dragon
// breathes, the referee rolls each target's save with the breath's damage (/save character:… damage:…), and the
// bot halves it on a success and takes it off the target's hit points. Seeds are fixed (campaign e2e-1, encounters e2e-2…).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E, saying, until } from "../helpers/e2e.js";

let h: E2E;
const say = saying(() => h, process.env.BX_E2E_DEBUG === "1");

beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("alice", "character create", {
    name: "Dorn",
    sheet: "class=fighter level=3 hp=30 ac=4 weapons=sword:1d8",
  });
  await h.cmd("bob", "character create", { name: "Mira", sheet: "class=magic-user level=3 hp=20 ac=9" });
});
afterAll(() => h?.stop());

describe("B/X: a successful save halves the damage", () => {
  // seed 002, "Successful Saves": "A successful save against an effect that causes damage means that the damage is halved."
  it("the referee gives 24 breath damage with Dorn's save: a success takes 12 off his hit points, and the board follows", async () => {
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const r = await say("referee", "save", { character: "Dorn", kind: "breath", damage: "24", modifier: 20 });
    expect(r.ephemeral).toBeFalsy();
    expect(text(r.message)).toMatch(/Dorn: save vs Breath Attacks succeeds/);
    expect(text(r.message)).toMatch(/Saved: the damage is halved, 24 → 12 \(rounded down\), and Dorn takes it\./);
    expect(text(r.message)).toMatch(/Dorn takes 12 damage: HP 30 → 18/);
    // The board follows the answer, with Dorn's hit points.
    await until(() =>
      [...h.local.channelMessages(h.channelId)].some((m) => !m.deleted && /\*\*Dorn\*\* `\S+` HP 18\/30/.test(text(m))),
    );
  });

  // seed 002, "Rolling a Saving Throw": "Lower: A result of less than the saving throw value is a failure" (the full damage).
  it("rolled damage and a failed save: Mira takes it all; a player cannot tie damage to a save", async () => {
    const r = await say("referee", "save", { character: "Mira", kind: "spells", damage: "3d6", modifier: -20 });
    expect(text(r.message)).toMatch(/Mira: save vs Spells, Rods, or Staves fails/);
    const full = /Failed: Mira takes the full (\d+) damage\./.exec(text(r.message));
    expect(full).not.toBeNull();
    expect(text(r.message)).toMatch(/damage 3d6: 3d6 \(\d+, \d+, \d+\) = \*\*\d+\*\*/);
    expect(text(r.message)).toMatch(new RegExp(`Mira takes ${full![1]} damage: HP 20 → ${20 - Number(full![1])}`));
    const mine = await say("bob", "save", { kind: "spells", damage: "3d6" });
    expect(mine.ephemeral).toBe(true);
    expect(text(mine.message)).toMatch(/referee/i);
    const bad = await say("referee", "save", { character: "Mira", kind: "spells", damage: "lots" });
    expect(bad.ephemeral).toBe(true);
    expect(text(bad.message)).toMatch(/`damage` is dice like 6d6 or 3d8\+2, or a number like 24/);
    await say("referee", "encounter end");
    expect(h.local.validationErrors).toEqual([]);
  });
});
