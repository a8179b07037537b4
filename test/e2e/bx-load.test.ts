// Issue 30, points 5 and 12: what a B/X character carries, and how far it moves in a fight, through the local Discord.
// Seeds are fixed (campaign e2e-1, encounters e2e-2…).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, buttons, menuOptions, liveBoard, type E2E, saying } from "../helpers/e2e.js";

let h: E2E;
const say = saying(() => h, process.env.BX_E2E_DEBUG === "1");

beforeAll(async () => {
  h = await startE2E();
});
afterAll(() => h?.stop());

describe("B/X: the sheet's load and the movement it leaves", () => {
  // seed 002, "Tracking Encumbrance": "Coin (any type) | 1", "Gem | 1", "Potion | 10", "Staff | 40";
  // "Option 2": "Miscellaneous adventuring gear … may be counted as 80 coins of weight."
  it("the sheet lists treasure and gear and totals the load in coins", async () => {
    await say("referee", "campaign start", { system: "bx" });
    await say("referee", "campaign set", { option: "encumbrance", value: "detailed" });
    const mira = await say("bob", "character create", {
      name: "Mira",
      sheet: "class=magic-user level=3 hp=9 ac=9 treasure=gems:5|potion:2 gear=true equipment=50",
    });
    expect(text(mira.message)).toMatch(
      /Load: 5 gems, 2 potions \(25\); equipment 130 \(with 80 of adventuring gear\) · 155 coins of weight in all \(at most 1,600\)/,
    );
    const dorn = await say("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8 treasure=coin:700",
    });
    expect(text(dorn.message)).toMatch(/Load: 700 coins · 700 coins of weight in all \(at most 1,600\)/);
    const bad = await say("alice", "character create", { name: "Odd", sheet: "treasure=spoon:3" });
    expect(bad.ephemeral).toBe(true);
    expect(text(bad.message)).toMatch(/Treasure must be one of coin, gem, jewellery, potion, rod, scroll, staff, wand/);
  });

  // seed 002, "Option 2: Detailed Encumbrance": "Up to 800 coins | 60' (20')"; "In Melee": retreat "up to the character's full encounter movement rate"
  it("Dorn with 700 coins: 60' a turn in the dungeon, 20' a round when he moves or retreats in the fight", async () => {
    const status = await say("referee", "dungeon status");
    expect(text(status.message)).toMatch(/60' this turn: the slowest is Dorn \(700 coins: up to 800\)/);
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const move = await say("alice", "declare", { action: "move" });
    expect(text(move.message)).toMatch(/Up to 20' this round \(round 1 of at most 60\)/);
    const retreat = await say("alice", "declare", { action: "retreat" });
    expect(text(retreat.message)).toMatch(/Retreat: up to 20'\. No attack this round/);
    const withdraw = await say("alice", "declare", { action: "withdrawal" });
    expect(text(withdraw.message)).toMatch(/Fighting withdrawal: back up to 10'/);
    // Mira carries 155 coins: up to 400, the full 40'.
    const mira = await say("bob", "declare", { action: "move" });
    expect(text(mira.message)).toMatch(/Up to 40' this round/);
    await say("referee", "encounter end");
  });

  // seed 002, "Tracking Encumbrance": "Characters carrying more than this cannot move."
  it("over 1,600 coins the character cannot move in the fight", async () => {
    await say("alice", "character edit", { name: "Dorn", sheet: "treasure=coin:700|staff:30" });
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const stuck = await say("alice", "declare", { action: "move" });
    expect(stuck.ephemeral).toBe(true);
    expect(text(stuck.message)).toMatch(
      /Dorn cannot move: 1900 coins is over the 1,600-coin maximum load: cannot move/,
    );
    await say("referee", "encounter end");
    await say("referee", "campaign end");
  });
});

describe("House rules: movement in a melee round", () => {
  // seed 001, "MISC COMBAT RULES": "may move up to 1/2 of their Turn movement in a melee round AND attack";
  // "Spellcasters may move up to 10 feet while casting normally."
  it("Wren moves half her 120' turn (60') and may attack; with 700 coins under detailed encumbrance, half of 60'; Mira moves 10' while casting", async () => {
    await say("referee", "campaign start", { system: "bx-house" });
    await say("alice", "character create", {
      name: "Wren",
      sheet: "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8 treasure=coin:700",
    });
    await say("bob", "character create", { name: "Sable", sheet: "class=magic-user level=3 hp=9 ac=9" });
    const start = await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    // The start is the record; the declarations are offered on the board below it (its buttons, then its menu).
    expect(buttons(start.message)).toEqual([]);
    const board = await liveBoard(h);
    expect(buttons(board).map((b) => b.label)).toContain("Roll initiative ▶");
    expect([...buttons(board), ...menuOptions(board)].map((b) => b.label)).not.toContain("Move (encounter rate)");
    const move = await say("alice", "declare", { action: "move" });
    expect(text(move.message)).toMatch(/Up to 60' and attack \(half the turn's movement\)/);
    expect(text(move.message)).toMatch(/Wren declares Move \(half the turn's movement\)/);
    const spell = await say("bob", "declare", { action: "spell", detail: "Sleep" });
    expect(text(spell.message)).toMatch(/the caster may move up to 10' while casting/);
    await say("referee", "next");
    const hit = await say("alice", "attack", { target: "Goblin 1" });
    expect(text(hit.message)).toMatch(/Wren attacks Goblin 1/);
    await say("referee", "encounter end");
    await say("referee", "campaign set", { option: "encumbrance", value: "detailed" });
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const slow = await say("alice", "declare", { action: "move" });
    expect(text(slow.message)).toMatch(/Up to 30' and attack \(half the turn's movement\)/);
    await say("referee", "encounter end");
    expect(h.local.validationErrors).toEqual([]);
  });
});
