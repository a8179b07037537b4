// Issue 30, point 1: THAC0 from the classic B/X tables. Seed 002, "Attack Rolls": "Look up the result
// in the attack matrix row for the attacker's THAC0 (see Combat Tables)", tables the text does not
// print (docs/rules/bx.md, "THAC0"). A monster attacks by its hit dice (HD 4+1: the "4+ to 5" band,
// THAC0 15), a character by class and level (a 7th-level fighter: THAC0 14), and a THAC0 typed on the
// sheet wins; the sheet says which table gave the number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Una", sheet: "class=fighter level=7 hp=40 ac=5 weapons=sword:1d8" },
    { user: "bob", name: "Dorn", sheet: "class=fighter level=7 hp=40 ac=5 thac0=12 weapons=sword:1d8" },
  ]);
});
afterAll(() => h?.stop());

describe("THAC0 by hit dice, by class and level, or the sheet's own", () => {
  it("a 7th-level fighter's sheet shows THAC0 14 from the fighter table; a typed THAC0 is the sheet's own", async () => {
    const una = text((await h.cmd("alice", "character show", { name: "Una" })).message);
    expect(una).toMatch(/Attack: THAC0 14 \(classic fighter table, level 7\)/);
    const dorn = text((await h.cmd("bob", "character show", { name: "Dorn" })).message);
    expect(dorn).toMatch(/Attack: THAC0 12 \(the sheet's own\)/);
  });

  it("a sheet the rules filled follows its level: created at 1st, edited to 7th, it reads the 7th-level row", async () => {
    const made = text(
      (await h.cmd("mallory", "character create", { name: "Pell", sheet: "class=fighter level=1", roll: true }))
        .message,
    );
    expect(made).toMatch(/Attack: THAC0 19 \(classic fighter table, level 1\)/);
    expect(made).toMatch(
      /Filled by the rules: Strength, Intelligence, Wisdom, Dexterity, Constitution, Charisma, Hit points · every other value is the player's own/,
    );
    const edited = text((await h.cmd("mallory", "character edit", { name: "Pell", sheet: "level=7" })).message);
    expect(edited).toMatch(/Attack: THAC0 14 \(classic fighter table, level 7\)/);
  });

  it("a custom HD 4+1 monster attacks with THAC0 15, the fighter with 14, the typed sheet with 12", async () => {
    const start = await h.cmd("referee", "encounter start", {
      monsters: "Ogre brute",
      stats: "HD 4+1 AC 5 ATK club 1d10 ML 10",
      surprise: false,
    });
    expect(start.ephemeral).toBeFalsy();
    await h.cmd("referee", "initiative");
    const ogre = text(
      (await h.cmd("referee", "attack", { attacker: "Ogre Brute", target: "Una", override: true })).message,
    );
    expect(ogre).toMatch(
      /Ogre Brute attacks Una with club \(melee\): d20 \d+ = \d+; needs 10 \(THAC0 15 \(classic monster table, HD 4\+1\) against AC 5\)/,
    );
    const una = text(
      (await h.cmd("referee", "attack", { attacker: "Una", target: "Ogre Brute", override: true })).message,
    );
    expect(una).toMatch(/needs 9 \(THAC0 14 \(classic fighter table, level 7\) against AC 5\)/);
    const dorn = text(
      (await h.cmd("referee", "attack", { attacker: "Dorn", target: "Ogre Brute", override: true })).message,
    );
    expect(dorn).toMatch(/needs 7 \(THAC0 12 against AC 5\)/);
    const odds = text((await h.cmd("referee", "odds", { attacker: "Ogre Brute", target: "Dorn" })).message);
    expect(odds).toMatch(/Needs 10 on d20 \(THAC0 15 \(classic monster table, HD 4\+1\) against AC 5\)/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
