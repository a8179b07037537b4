import { describe, expect, it } from "vitest";
import { thirdAge } from "../../../src/rules/systems/third-age/index.js";
import { monsterSchema, partialAC, sheetSchema, staminaPool } from "../../../src/rules/systems/third-age/sheet.js";
import { pc } from "./helpers.js";

const firstError = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues[0];

describe("Third Age sheet", () => {
  it("creates a sheet from no fields with documented defaults", () => {
    const s = sheetSchema.parse({});
    expect(s).toMatchObject({
      body: 0,
      dexterity: 0,
      mind: 0,
      soul: 0,
      charisma: 0,
      hp: 6,
      successAC: 12,
      attackBonus: 0,
      monster: false,
    });
    // choice: partial AC = success AC − 4
    expect(partialAC(s)).toBe(8);
    // choice: stamina = max(1, 1 + Body)
    expect(staminaPool(s)).toBe(1);
    expect(staminaPool(sheetSchema.parse({ body: 2 }))).toBe(3);
    expect(staminaPool(sheetSchema.parse({ body: -3 }))).toBe(1);
    expect(staminaPool(sheetSchema.parse({ body: 2, stamina: 5 }))).toBe(5);
    expect(staminaPool(monsterSchema.parse({}))).toBe(0);
  });

  it("names the field and its range in errors", () => {
    expect(firstError(sheetSchema.safeParse({ body: 4 }))?.message).toBe("Body must be between -3 and 3");
    expect(firstError(sheetSchema.safeParse({ charisma: -4 }))?.message).toBe("Charisma must be between -3 and 3");
    expect(firstError(sheetSchema.safeParse({ mind: 1.5 }))?.message).toBe(
      "Mind must be a whole number between -3 and 3",
    );
    expect(firstError(sheetSchema.safeParse({ hp: 0 }))?.message).toBe("HP must be between 1 and 999");
    expect(firstError(sheetSchema.safeParse({ successAC: 12, partialAC: 13 }))?.message).toBe(
      "Partial AC must be at most Success AC (12)",
    );
    expect(firstError(sheetSchema.safeParse({ weapons: [{ name: "Sword", damage: "d" }] }))?.message).toBe(
      "Weapon damage must be dice like 1d8, 1d6+1 or 2d4",
    );
    expect(firstError(monsterSchema.safeParse({ morale: 13 }))?.message).toBe("Morale must be between 2 and 12");
  });

  // seed 000, "Languages"
  it("allows one extra language per point of Mind above 0", () => {
    expect(sheetSchema.safeParse({ mind: 2, languages: ["Elvish", "Dwarvish"] }).success).toBe(true);
    const r = sheetSchema.safeParse({ mind: 1, languages: ["Elvish", "Dwarvish"] });
    expect(firstError(r)?.message).toBe("Languages: a Mind of 1 allows 1 extra language besides the common tongue");
    expect(firstError(sheetSchema.safeParse({ mind: 0, languages: ["Elvish"] }))?.message).toBe(
      "Languages: a Mind of 0 allows 0 extra languages besides the common tongue",
    );
    expect(firstError(sheetSchema.safeParse({ mind: 3, languages: ["Klingon"] }))?.path).toEqual(["languages", 0]);
    const ill = thirdAge.describeSheet(sheetSchema.parse({ mind: -3 }));
    expect(ill.find(([k]) => k === "Languages")?.[1]).toBe("Common (illiterate)");
    const two = thirdAge.describeSheet(sheetSchema.parse({ mind: -2 }));
    expect(two.find(([k]) => k === "Languages")?.[1]).toBe("Common");
  });

  it("has valid monster presets with both ACs, HP, attack bonus, damage and morale", () => {
    for (const [name, p] of Object.entries(thirdAge.presets)) {
      expect(name).toBe(name.toLowerCase());
      expect(monsterSchema.parse(p)).toEqual(p);
      expect(p.morale).toBeDefined();
      expect(p.weapons.length).toBeGreaterThan(0);
      expect(partialAC(p)).toBeLessThan(p.successAC);
    }
    expect(thirdAge.presets.goblin).toMatchObject({ hp: 3, successAC: 13, partialAC: 9, attackBonus: 0, morale: 7 });
    expect(thirdAge.presets.ogre).toMatchObject({
      hp: 19,
      successAC: 14,
      partialAC: 10,
      attackBonus: 4,
      morale: 10,
      body: 2,
    });
  });

  it("gives initial state and a view", () => {
    const c = pc("ann", { hp: 8, body: 1 });
    expect(thirdAge.initialState(c.sheet)).toEqual({ conditions: [], hp: 8, maxHp: 8, stamina: 2, maxStamina: 2 });
    expect(thirdAge.view({ ...c, state: { ...c.state, hp: 4 } })).toEqual({
      summary: "HP 4/8 · Stamina 2/2",
      fraction: 0.5,
      status: "wounded",
    });
    // 3/10 HP and no stamina left is not "fine": it says both.
    expect(thirdAge.view({ ...c, state: { ...c.state, hp: 3, stamina: 0 } }).status).toBe("wounded, out of stamina");
    expect(thirdAge.view({ ...c, state: { ...c.state, stamina: 0 } }).status).toBe("out of stamina");
    expect(thirdAge.view(c).status).toBe("");
    expect(thirdAge.view({ ...c, state: { ...c.state, hp: 0, conditions: ["unconscious"] } }).status).toBe(
      "unconscious",
    );
    expect(thirdAge.attributes).toEqual(["Body", "Dexterity", "Mind", "Soul", "Charisma"]);
  });

  it("describes the sheet", () => {
    const rows = thirdAge.describeSheet(
      sheetSchema.parse({ body: 1, dexterity: -1, weapons: [{ name: "Axe", damage: "1d6", proficient: false }] }),
    );
    expect(rows[0]).toEqual(["Attributes", "Body +1 · Dexterity -1 · Mind +0 · Soul +0 · Charisma +0"]);
    expect(rows).toContainEqual(["AC", "Success 12 · Partial 8"]);
    expect(rows).toContainEqual(["Weapons", "Axe 1d6 — not proficient"]);
  });
});
