// seed 002, "Attack Rolls": "Look up the result in the attack matrix row for the attacker's THAC0
// (see Combat Tables)"; the text does not print the tables. Without a THAC0 on the sheet, the
// classic B/X tables give it: monsters by hit dice, characters by class and level (docs/rules/bx.md).
import { describe, expect, it } from "vitest";
import { bx, classThac0, monsterThac0, thac0Of } from "../../../src/rules/systems/bx/index.js";
import { bxHouse } from "../../../src/rules/systems/bx-house/index.js";
import { atk, faces, mon, pc } from "./helpers.js";
import * as house from "../bx-house/helpers.js";

describe("THAC0 by the classic B/X tables", () => {
  it("monsters by hit dice: each band of the classic monster attack table", () => {
    const rows: [string, number][] = [
      ["1/2", 19],
      ["1-1", 19],
      ["1", 19],
      ["1+1", 18],
      ["2", 18],
      ["2+1", 17],
      ["3", 17],
      ["3+1", 16],
      ["4", 16],
      ["4+1", 15],
      ["5", 15],
      ["5+2", 14],
      ["6", 14],
      ["6+3", 13],
      ["7", 13],
      ["7+1", 12],
      ["8", 12],
      ["9", 12],
      ["9+1", 11],
      ["11", 11],
      ["12", 10],
      ["13", 10],
      ["14", 9],
      ["15", 9],
      ["16", 8],
      ["17", 8],
      ["18", 7],
      ["19", 7],
      ["20", 6],
      ["21", 6],
      ["21+1", 5],
      ["25", 5],
    ];
    expect(rows.map(([hd]) => [hd, monsterThac0(hd)])).toEqual(rows);
  });

  it("characters by class and level: fighters and demi-humans every 3 levels, clerics and thieves every 4, magic-users every 5", () => {
    const at = (cls: string, levels: number[]) => levels.map((l) => classThac0(cls, l));
    expect(at("fighter", [1, 3, 4, 6, 7, 9, 10, 12, 13, 15])).toEqual([19, 19, 17, 17, 14, 14, 12, 12, 10, 10]);
    expect(at("cleric", [1, 4, 5, 8, 9, 12, 13, 16])).toEqual([19, 19, 17, 17, 14, 14, 12, 12]);
    expect(at("thief", [4, 5, 9, 13])).toEqual([19, 17, 14, 12]);
    expect(at("magic-user", [1, 5, 6, 10, 11, 15])).toEqual([19, 19, 17, 17, 14, 14]);
    // Demi-humans follow the fighters' table up to their highest level (dwarf 12, elf 10, halfling 8).
    expect(at("dwarf", [7, 12, 14])).toEqual([14, 12, 12]);
    expect(at("elf", [9, 10, 12])).toEqual([14, 12, 12]);
    expect(at("halfling", [6, 8, 10])).toEqual([17, 14, 14]);
    expect(at("normal man", [1])).toEqual([20]);
    expect(at("witch-hunter", [3])).toEqual([null]);
  });

  it("the sheet says which table gave the number, and a typed THAC0 wins", () => {
    expect(thac0Of(bx.monster.parse({ hd: "4+1" }))).toEqual({ value: 15, source: "classic monster table, HD 4+1" });
    expect(thac0Of(bx.sheet.parse({ class: "fighter", level: 7 }))).toEqual({
      value: 14,
      source: "classic fighter table, level 7",
    });
    expect(thac0Of(bx.sheet.parse({ class: "Magic-User", level: 6 }))).toEqual({
      value: 17,
      source: "classic magic-user table, level 6",
    });
    expect(thac0Of(bx.sheet.parse({ class: "halfling", level: 9 })).source).toBe(
      "classic halfling table, level 9, as level 8, its highest",
    );
    expect(thac0Of(bx.monster.parse({ class: "normal man", hd: "1/2" }))).toEqual({
      value: 20,
      source: "classic table, a Normal Man",
    });
    expect(thac0Of(bx.sheet.parse({ class: "witch-hunter" }))).toEqual({
      value: 19,
      source: "no classic table for \"witch-hunter\": a level 1 fighter's, set the sheet's thac0",
    });
    expect(thac0Of(bx.sheet.parse({ class: "fighter", level: 7, thac0: 16 }))).toEqual({ value: 16, source: null });
    expect(thac0Of(bx.monster.parse({ hd: "4+1", thac0: 12 }))).toEqual({ value: 12, source: null });

    expect(bx.describeSheet(bx.sheet.parse({ class: "fighter", level: 7 }))).toContainEqual([
      "Attack",
      "THAC0 14 (classic fighter table, level 7)",
    ]);
    expect(bx.describeSheet(bx.sheet.parse({ class: "fighter", level: 7, thac0: 16 }))).toContainEqual([
      "Attack",
      "THAC0 16 (the sheet's own)",
    ]);
    expect(bx.describeSheet(bx.sheet.parse({ class: "fighter", level: 7, acMode: "ascending" }))).toContainEqual([
      "Attack",
      "attack bonus +5 (classic fighter table, level 7)",
    ]);
  });

  it("a custom HD 4+1 monster attacks with THAC0 15: a d20 of 10 hits AC 5, 9 misses", () => {
    const ogre = mon("ogre", { hd: "4+1", ac: 5, weapons: [{ name: "club", damage: "1d10" }] });
    const dorn = pc("Dorn", { ac: 5, hp: 30 });
    const hit = bx.attack.begin(atk(ogre, dorn), faces(10, 4));
    expect(hit.outcome).toBe("hit");
    expect(hit.result.lines[0]).toBe(
      "ogre attacks Dorn with club (melee): d20 10 = 10; needs 10 (THAC0 15 (classic monster table, HD 4+1) against AC 5).",
    );
    expect(bx.attack.begin(atk(ogre, dorn), faces(9)).outcome).toBe("miss");
  });

  it("the house rules inherit it: a 7th-level fighter on the fighter's table, the sheet's own THAC0 wins", () => {
    const f7 = house.pc("Una", { class: "fighter", level: 7, weapons: [{ name: "sword", damage: "1d8" }] });
    const gob = house.mon("gob", { hd: "1", ac: 5, hp: 30 });
    expect(bxHouse.attack.begin(house.atk(f7, gob), house.faces(10, 3)).result.lines[0]).toMatch(
      /needs 9 \(THAC0 14 \(classic fighter table, level 7\) against AC 5\)/,
    );
    const own = house.pc("Una", { class: "fighter", level: 7, thac0: 12, weapons: [{ name: "sword", damage: "1d8" }] });
    expect(bxHouse.attack.begin(house.atk(own, gob), house.faces(10, 3)).result.lines[0]).toMatch(
      /needs 7 \(THAC0 12 against AC 5\)/,
    );
    const owlbear = house.mon("owl beast", { hd: "5", ac: 5, weapons: [{ name: "claw", damage: "1d8" }] });
    expect(
      bxHouse.attack.begin(house.atk(owlbear, house.pc("Dorn", { ac: 9, hp: 30 })), house.faces(10, 3)).result.lines[0],
    ).toMatch(/needs 6 \(THAC0 15 \(classic monster table, HD 5\) against AC 9\)/);
    expect(bxHouse.describeSheet(f7.sheet)).toContainEqual(["Attack", "THAC0 14 (classic fighter table, level 7)"]);
  });
});
