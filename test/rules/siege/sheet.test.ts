import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { attributeModifier, parseDice } from "../../../src/rules/systems/siege/sheet.js";

describe("siege sheets", () => {
  it("is registered with the interface fields", () => {
    expect(siege.id).toBe("siege");
    expect(siege.attributes).toEqual(["Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma"]);
    expect(siege.situations).toContain("charge");
  });

  it("fills defaults from the class: prime, BtH, HP", () => {
    const s = siege.sheet.parse({ class: "Fighter", level: 3, con: 13 });
    expect(s.primes).toEqual(["str"]);
    expect(s.bth).toBe(3);
    expect(s.hpMax).toBe(3 * 6 + 3 * 1);
    const w = siege.sheet.parse({ class: "wizard", level: 4 });
    expect(w.primes).toEqual(["int"]);
    expect(w.bth).toBe(2);
    expect(w.ac).toBe(10);
    expect(w.shield).toBe("none");
    expect(w.size).toBe("medium");
    expect(w.move).toBe(30);
  });

  it("names the field and the range in errors", () => {
    const r = siege.sheet.safeParse({ str: 2 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Strength must be between 3 and 25");
    expect(siege.sheet.safeParse({ dex: 26 }).error!.issues[0]!.message).toBe("Dexterity must be between 3 and 25");
    expect(siege.sheet.safeParse({ level: 0 }).error!.issues[0]!.message).toBe("Level must be between 1 and 30");
    expect(siege.sheet.safeParse({ ac: 0 }).error!.issues[0]!.message).toBe("AC must be between 1 and 40");
    expect(siege.sheet.safeParse({ shield: "tower" }).error!.issues[0]!.message).toBe(
      "Shield must be none, small, medium or large",
    );
    expect(siege.sheet.safeParse({ weapons: [{ name: "axe", damage: "lots" }] }).error!.issues[0]!.message).toBe(
      "Weapon damage must be a dice expression like 1d8 or 2d4+1",
    );
  });

  it("a parsed sheet parses again unchanged", () => {
    const s = siege.sheet.parse({ class: "rogue", level: 2, dex: 17 });
    expect(siege.sheet.parse(s)).toEqual(s);
    const m = siege.monster.parse({ level: 3, ac: 14 });
    expect(siege.monster.parse(m)).toEqual(m);
  });

  // seed 003, "Melee Combat": a monster's BtH equals its hit dice
  it("a monster's BtH defaults to its hit dice", () => {
    const m = siege.monster.parse({ level: 3 });
    expect(m.bth).toBe(3);
    expect(m.class).toBe("monster");
    expect(m.primes).toEqual(["str", "dex", "con"]);
    expect(m.hpMax).toBe(14);
  });

  // The foes seed 003 names ("Surprise", "Charging", "Hit Points", "Cover", "Weapon Damage", "Grappling",
  // "Situational Modifiers"), and the goblin and ogre kept: docs/rules/siege.md, "Monsters".
  it("has the nine presets with HD = BtH", () => {
    expect(Object.keys(siege.presets).sort()).toEqual([
      "constrictor snake",
      "ettin",
      "gnome merchant",
      "goblin",
      "golem",
      "hippogriff",
      "lion",
      "ogre",
      "orc",
    ]);
    for (const p of Object.values(siege.presets)) {
      expect(p.bth).toBe(p.level);
      expect(siege.monster.parse(p)).toEqual(p);
    }
    expect(siege.presets.ogre!.size).toBe("large");
    expect(siege.presets.ettin!.level).toBe(10);
  });

  it("attribute modifiers by the C&C table, both sides of every band", () => {
    const table: [number, number][] = [
      [1, -4],
      [2, -3],
      [3, -3],
      [4, -2],
      [5, -2],
      [6, -1],
      [8, -1],
      [9, 0],
      [12, 0],
      [13, 1],
      [15, 1],
      [16, 2],
      [17, 2],
      [18, 3],
      [19, 3],
      [20, 4],
      [21, 4],
      [22, 5],
      [25, 6],
    ];
    for (const [score, m] of table) expect([score, attributeModifier(score)]).toEqual([score, m]);
  });

  it("parses damage dice", () => {
    expect(parseDice("1d8")).toEqual({ count: 1, sides: 8, modifier: 0 });
    expect(parseDice("2d4+1")).toEqual({ count: 2, sides: 4, modifier: 1 });
    expect(parseDice("d6-1")).toEqual({ count: 1, sides: 6, modifier: -1 });
    expect(parseDice("3")).toEqual({ count: 0, sides: 1, modifier: 3 });
    expect(() => parseDice("sword")).toThrow(/not a damage roll/);
  });

  it("describes a sheet", () => {
    const d = siege.describeSheet(
      siege.sheet.parse({
        class: "fighter",
        level: 2,
        str: 16,
        shield: "medium",
        weapons: [{ name: "longsword", damage: "1d8" }],
      }),
    );
    expect(d[0]).toEqual(["Class / level", "fighter 2"]);
    expect(d[1]![1]).toContain("STR 16 (+2)*");
    expect(d[3]).toEqual(["AC", "10 (+1 medium shield vs 2)"]);
    expect(d[5]).toEqual(["Weapons", "longsword 1d8 (melee)"]);
  });
});
