// Issue 42, point 3 (Basic/Expert, seed 002): a spell's target must be visible to the caster. The referee marks a
// combatant unseen (/condition), and a spell aimed at it is refused, when declared and when it would go off. Through
// the local Discord; seeds are fixed (seedPrefix bx-sight).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardReader, saying, startE2E, text, type E2E } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
const { board } = boardReader(() => h, DEBUG);

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "bx-sight" });
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("alice", "character create", {
    name: "Tamsin",
    sheet: "class=cleric level=2 hp=11 ac=9 weapons=mace:1d6",
  });
  await h.cmd("bob", "character create", { name: "Dorn", sheet: "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8" });
});
afterAll(() => h?.stop());

const REFUSAL = (target: string) =>
  `Tamsin cannot aim a spell at ${target}: ${target} is unseen, and the intended target must be visible to the caster (Basic/Expert · Spell Casting, "Line of sight"). A spell whose description says otherwise is declared without naming the target.`;

describe("B/X: a spell's target must be seen", () => {
  // seed 002, "Spell Casting": "Line of sight: Unless noted in a spell's description, the intended target (a specific
  // monster, character, object, or area of effect) must be visible to the caster."
  it("the referee marks Goblin 1 unseen: Hold Person at Goblin 1 is refused, at Goblin 2 it is declared", async () => {
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const mark = await say("referee", "condition add", { target: "Goblin 1", condition: "unseen" });
    expect(mark.ephemeral).toBeFalsy();
    expect(text(mark.message)).toMatch(/^Goblin 1 is unseen\n/);
    expect(await board()).toMatch(/\*\*Goblin 1\*\*.*unseen \(no spell can be aimed at it\) this encounter/);
    const refused = await say("alice", "declare", { action: "spell", detail: "Hold Person at Goblin 1" });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toBe(REFUSAL("Goblin 1"));
    expect(await board()).not.toMatch(/declared: Cast a spell/);
    const ok = await say("alice", "declare", { action: "spell", detail: "Hold Person at Goblin 2" });
    expect(ok.ephemeral).toBeFalsy();
    expect(text(ok.message)).toMatch(/^Tamsin prepares Hold Person at Goblin 2/);
    // A spell that names no combatant (an area, or one the description lets her cast unseen) is not held to it.
    expect(await board()).toMatch(/\*\*Tamsin\*\*.*declared: Cast a spell \(Hold Person at Goblin 2\)/);
  });

  it("Goblin 2 is marked unseen before Tamsin's turn: on her turn the spell is not cast, and says why", async () => {
    await say("referee", "condition add", { target: "Goblin 2", condition: "unseen" });
    let said = "";
    for (let i = 0; i < 4 && !/Tamsin's turn/.test(said); i++) said += text((await say("referee", "next")).message);
    expect(said).toContain(`Tamsin's turn: the spell (Hold Person at Goblin 2) is not cast. ${REFUSAL("Goblin 2")}`);
    expect(said).not.toMatch(/goes off/);
    // Once the referee ends it, a spell at Goblin 2 may be declared again (next round).
    const seen = await say("referee", "condition remove", { target: "Goblin 2", condition: "unseen" });
    expect(text(seen.message)).toMatch(/^Goblin 2 is no longer unseen\n/);
    await say("referee", "encounter end");
    expect(h.local.validationErrors).toEqual([]);
  });
});
