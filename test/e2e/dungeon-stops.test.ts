// Issue 20, point 7: a multi-turn advance stops at the turn something needs the
// referee. Alda's torch burns 6 turns (a ruling: the text has no light rules, so the classic 6 turns); `/dungeon turn turns:10`
// stops on turn 6 when the last light goes out, and says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "charisma=1 hp=10" });
});
afterAll(() => h?.stop());

describe("dungeon turns that stop when they should", () => {
  it("ten turns asked: the advance stops on turn 6 when the last light goes out", async () => {
    await h.cmd("alice", "dungeon light", { action: "light" });
    // seed e2e-1 (the campaign's): the checks of turns 1–6 roll 4, 5, 6, 3, 4, 6: nothing comes.
    const r = await h.cmd("referee", "dungeon turn", { turns: 10 });
    const t = text(r.message);
    expect(t).toMatch(/^Turns 1–6: stopped, the last light went out/);
    expect(t).toMatch(/🌑 Darkness: the last light has gone out\./);
    expect(t).toMatch(
      /⏸️ Advancing stopped on turn 6: the last light went out\. 4 turns not passed: look, then \/dungeon turn again\./,
    );
    expect(t).toMatch(/Time: Turn 6 /);
    // Already dark, the referee may go on: nothing new stops the next advance before a monster or hunger.
    const on = text((await h.cmd("referee", "dungeon turn", { turns: 2 })).message);
    expect(on).toMatch(/^Turns 7–8/);
  });
});
