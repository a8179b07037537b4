// Issue 42, points 35 and 29 (Basic/Expert, seed 002, and the house rules, seed 001, built on it): one load per
// character, on its sheet, read by the dungeon turn, the fight and the sheet alike; and the sheet shows the movement
// and the AC the fight uses. Through the local Discord; seeds are fixed (seedPrefix bx-one-load).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saying, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const say = saying(() => h, process.env.BX_E2E_DEBUG === "1");

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "bx-one-load" });
});
afterAll(() => h?.stop());

describe("B/X: the load /dungeon set gives is the one the fight reads", () => {
  // seed 002, "Option 2: Detailed Encumbrance": "Up to 400 coins | 120' (40')", "Up to 600 coins | 90' (30')",
  // "Up to 800 coins | 60' (20')"; "Outside of Melee": "Combatants can move up to their encounter movement rate each round."
  it("Garrick carries 420 coins (as docs/rules/dungeon.md gives): 90' a turn, and 30' a round in the fight; the sheet says the same", async () => {
    await say("referee", "campaign start", { system: "bx" });
    await say("referee", "campaign set", { option: "encumbrance", value: "detailed" });
    const made = await say("alice", "character create", {
      name: "Garrick",
      sheet: "class=fighter level=2 hp=14 ac=4 weapons=sword:1d8",
    });
    expect(text(made.message)).toMatch(/Movement: 120' \(40'\), 0 coins: up to 400/);
    const set = await say("referee", "dungeon set", { character: "Garrick", coins: 420 });
    expect(set.ephemeral).toBeFalsy();
    expect(text(set.message)).toContain(
      "Garrick carries 420 coins of weight (on Garrick's sheet: the dungeon turn and the fight both read it; `/character edit name:Garrick sheet:load=-` takes it back to what the sheet lists).",
    );
    expect(text(await say("referee", "dungeon status").then((r) => r.message))).toMatch(
      /90' this turn: the slowest is Garrick \(420 coins: up to 600\)/,
    );
    const sheet = text((await say("alice", "character show", { name: "Garrick" })).message);
    expect(sheet).toMatch(/Movement: 90' \(30'\), 420 coins: up to 600/);
    expect(sheet).toMatch(/Load: 420 coins of weight, as the referee set it \(at most 1,600\)/);
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const move = await say("alice", "declare", { action: "move" });
    expect(text(move.message)).toMatch(/Up to 30' this round \(round 1 of at most 60\)/);
  });

  it("set again during the fight (700 coins): the fight moves him by it at once; `load=-` goes back to what the sheet lists", async () => {
    const set = await say("referee", "dungeon set", { character: "Garrick", coins: 700 });
    expect(text(set.message)).toContain("The running fight (Encounter 1) moves Garrick by it at once.");
    // seed 002, "In Melee": "Retreat: … moving up to their full encounter movement rate" (60' a turn: 20').
    const retreat = await say("alice", "declare", { action: "retreat" });
    expect(text(retreat.message)).toMatch(/Retreat: up to 20'\./);
    await say("referee", "encounter end");
    const back = await say("referee", "character edit", { name: "Garrick", sheet: "load=- treasure=coin:100" });
    expect(text(back.message)).toMatch(/Movement: 120' \(40'\), 100 coins: up to 400/);
    expect(text(back.message)).toMatch(/Load: 100 coins · 100 coins of weight in all/);
    expect(text((await say("referee", "dungeon status")).message)).toMatch(
      /120' this turn: the slowest is Garrick \(100 coins: up to 400\)/,
    );
    await say("referee", "campaign end");
  });
});

describe("B/X house rules: the same load, and the AC the fight uses", () => {
  // seed 001, "MISC COMBAT RULES": "may move up to 1/2 of their Turn movement in a melee round AND attack";
  // seed 001, "COMBAT": the defender's DEX bonus to AC.
  it("Wren (DEX 16, AC 4 with shield) shows AC 2 as the goblins' attacks use it; with 420 coins, 90' a turn and 45' a melee round", async () => {
    await say("referee", "campaign start", { system: "bx-house" });
    await say("referee", "campaign set", { option: "encumbrance", value: "detailed" });
    const made = await say("alice", "character create", {
      name: "Wren",
      sheet: "class=fighter level=2 hp=14 dex=16 ac=4 shield=true weapons=sword:1d8",
    });
    expect(text(made.message)).toMatch(/AC: 2 \(4 with shield, DEX 16 -2\)/);
    await say("referee", "dungeon set", { character: "Wren", coins: 420 });
    expect(text((await say("alice", "character show")).message)).toMatch(/Movement: 90' \(30'\), 420 coins: up to 600/);
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const move = await say("alice", "declare", { action: "move" });
    expect(text(move.message)).toMatch(/Up to 45' and attack \(half the turn's movement\)/);
    const hit = await say("referee", "attack", { attacker: "Goblin 1", target: "Wren" });
    expect(text(hit.message)).toMatch(
      /needs 17 \(THAC0 19 \(classic monster table, HD 1-1\) against AC 2; defender's DEX -2\)/,
    );
    await say("referee", "encounter end");
    expect(h.local.validationErrors).toEqual([]);
  });
});
