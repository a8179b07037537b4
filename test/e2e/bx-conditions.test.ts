// Issue 30, points 6 and 7: conditions the texts' rules read, set by the referee through the local Discord.
// Seeds are fixed (campaign e2e-1, encounters e2e-2…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E, saying } from "../helpers/e2e.js";

let h: E2E;
const say = saying(() => h, process.env.BX_E2E_DEBUG === "1");

beforeAll(async () => {
  h = await startE2E();
});
afterAll(() => h?.stop());

describe("B/X: a gagged, bound or silenced caster", () => {
  // seed 002, "Spell Casting": "A spellcaster cannot cast spells if gagged, bound, or in an area of magical silence."
  it("the referee gags Mira: her spell is refused; silenced after declaring, her turn casts nothing", async () => {
    await say("referee", "campaign start", { system: "bx" });
    await say("bob", "character create", { name: "Mira", sheet: "class=magic-user level=3 hp=9 ac=9" });
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const gag = await say("referee", "condition add", { target: "Mira", condition: "gagged" });
    expect(gag.ephemeral).toBeFalsy();
    expect(text(gag.message)).toMatch(/Mira: gagged, until removed/);
    const refused = await say("bob", "declare", { action: "spell", detail: "Sleep" });
    expect(refused.ephemeral).toBe(true);
    expect(text(refused.message)).toMatch(
      /Mira cannot cast a spell: The caster must be able to speak and move their hands \(not gagged, bound or in magical silence\)/,
    );
    await say("referee", "condition remove", { target: "Mira", condition: "gagged" });
    const ok = await say("bob", "declare", { action: "spell", detail: "Sleep" });
    expect(text(ok.message)).toMatch(/Mira prepares Sleep/);
    await say("referee", "condition add", { target: "Mira", condition: "silenced" });
    let board = await say("referee", "next");
    for (let i = 0; i < 4 && !/Mira's turn/.test(text(board.message)); i++) board = await say("referee", "next");
    expect(text(board.message)).toMatch(
      /Mira's turn: the spell \(Sleep\) cannot be cast\. The caster must be able to speak/,
    );
    expect(text(board.message)).not.toMatch(/spell goes off/);
    await say("referee", "encounter end");
    await say("referee", "campaign end");
  });
});

describe("House rules: defenders who lose DEX, and outdoors", () => {
  // seed 001, "COMBAT": "DEX bonuses are not applied to the defender's AC if … relatively stationary"
  it("Wren (DEX 16) keeps her DEX against one goblin; unaware, she loses it against the next", async () => {
    await say("referee", "campaign start", { system: "bx-house" });
    await say("alice", "character create", {
      name: "Wren",
      sheet: "class=fighter level=1 hp=8 ac=6 dex=16 weapons=sword:1d8",
    });
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    await say("referee", "next");
    const first = await say("referee", "attack", { attacker: "Goblin 1", target: "Wren" });
    expect(text(first.message)).toMatch(
      /needs 15 \(THAC0 19 \(classic monster table, HD 1-1\) against AC 4; defender's DEX -2\)/,
    );
    const set = await say("referee", "condition add", { target: "Wren", condition: "unaware" });
    expect(text(set.message)).toMatch(/Wren: unaware: no DEX bonus to AC, this round/);
    const second = await say("referee", "attack", { attacker: "Goblin 2", target: "Wren" });
    expect(text(second.message)).not.toMatch(/defender's DEX/);
    expect(text(second.message)).toMatch(/needs 13 \(THAC0 19 \(classic monster table, HD 1-1\) against AC 6\)/);
    expect(text(second.message)).toMatch(/Wren is unaware: no DEX bonus to AC\./);
    await say("referee", "encounter end");
  });

  // seed 001, "ENCOUNTER ORDER": "10 - 30 feet in- doors or underground or 10 - 30 yards outdoors"; "2D6(x 10 ft indoors or 10 yds outdoors)"
  it("an encounter started outdoors measures the distance in yards; one underground in feet", async () => {
    const out = await say("referee", "encounter start", { monsters: "2 goblins", surprise: false, outdoors: true });
    expect(text(out.message)).toMatch(/Distance: \d+ yards/);
    expect(text(out.message)).toMatch(/2d6 = \d+ × 10 = \d+ yards/);
    await say("referee", "encounter end");
    const under = await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    expect(text(under.message)).toMatch(/Distance: \d+ feet/);
    await say("referee", "encounter end");
    expect(h.local.validationErrors).toEqual([]);
  });
});
