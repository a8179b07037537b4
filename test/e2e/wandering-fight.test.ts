// Issue 41, point 6: from the dungeon into a fight. The dead stay out of it, and its end lists under
// "Fell" only who fell in it. The Third Age (seed 000), fixed seeds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable(
    "third-age",
    [
      { user: "alice", name: "Alda", sheet: "charisma=1 hp=10" },
      { user: "bob", name: "Brom", sheet: "hp=8" },
      { user: "carol", name: "Cora", sheet: "hp=6" },
    ],
    { users: ["referee", "alice", "bob", "carol", "mallory"] },
  );
});
afterAll(() => h?.stop());

describe("the dead never join a fight", () => {
  it("Brom, dead since the last fight, stays out of the next; Cora, unconscious, comes in down", async () => {
    // seed 000 is silent on death: a character dies at −max HP (docs/rules/third-age.md).
    expect(text((await h.cmd("referee", "damage", { target: "Brom", amount: 16 })).message)).toMatch(/Brom takes 16 damage: HP 8 → -8, dead\./);
    expect(text((await h.cmd("referee", "damage", { target: "Cora", amount: 7 })).message)).toMatch(/Cora takes 7 damage: HP 6 → -1, unconscious/);
    const start = await h.cmd("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    expect(start.ephemeral).toBeFalsy();
    const t = text(start.message);
    expect(t).toMatch(/Brom is dead and stays out of the fight\./);
    expect(t).toMatch(/Alda/);
    expect(t).toMatch(/Cora/);
    const rows = await h.app.services.store.db.combatant.findMany({ select: { name: true } });
    expect(rows.map((r) => r.name).sort()).toEqual(["Alda", "Cora", "Goblin"]);
  });

  it("nobody brings a dead character in: /encounter join says why and changes nothing", async () => {
    const no = await h.cmd("referee", "encounter join", { character: "Brom" });
    expect(no.ephemeral).toBe(true);
    expect(no.message.content).toBe("Brom is dead: the dead do not join a fight. Nothing was changed.");
    const own = await h.cmd("bob", "encounter join");
    expect(own.message.content).toBe("Brom is dead: the dead do not join a fight. Nothing was changed.");
    expect(await h.app.services.store.db.combatant.count({ where: { name: "Brom" } })).toBe(0);
  });

  it("the end lists under Fell only who fell in this fight; Cora came in down", async () => {
    expect(text((await h.cmd("referee", "damage", { target: "Goblin", amount: 9 })).message)).toMatch(/Goblin takes 9 damage: HP \d+ → 0, dead\./);
    const end = text((await h.cmd("referee", "encounter end")).message);
    expect(end).toMatch(/\nFell: Goblin \(dead\)\n/);
    expect(end).toMatch(/\nDown before it began: Cora \(unconscious\)\n/);
    expect(end).toMatch(/\nStill standing: Alda\b/);
    expect(end).not.toMatch(/Brom/);
  });
});
