// Issue 42 (B/X, seed 002): the rules behind points 1, 2, 3, 29 and 35, without Discord (the e2e files
// bx-saves-items, bx-sight and bx-one-load drive them through the local Discord).
import { describe, expect, it } from "vitest";
import {
  bx,
  createBx,
  damageTaken,
  encumberedRate,
  equipmentOf,
  loadOf,
  spellTarget,
} from "../../../src/rules/systems/bx/index.js";
import { createBxHouse, houseAcWords, houseSheetSchema } from "../../../src/rules/systems/bx-house/index.js";
import { faces, mon, pc } from "./helpers.js";

describe("saves tied to damage", () => {
  // seed 002, "Saving Throws Versus Poison": "the damage is not affected by the success or failure of the saving throw";
  // "Successful Saves": "A successful save against an effect that causes damage means that the damage is halved."
  it("Death or Poison never halves; the others halve on a success, rounded down", () => {
    expect(damageTaken(9, true, "death")).toBe(9);
    expect(damageTaken(9, false, "death")).toBe(9);
    expect(damageTaken(9, true, "breath")).toBe(4);
    expect(damageTaken(9, true, "paralysis")).toBe(4);
    expect(damageTaken(9, false, "spells")).toBe(9);
  });

  // seed 002, "Destruction of Items": killed by "a lightning bolt spell or a dragon's breath": the equipment is destroyed.
  it("a killing breath lists the equipment destroyed on the sheet; a wound, or poison, destroys nothing", () => {
    const who = pc("Mira", { hp: 6, armour: "light", shield: true, weapons: [{ name: "staff" }] });
    expect(equipmentOf(who.sheet)).toEqual(["staff", "light armour", "shield"]);
    const kill = bx.save({ who, kind: "breath", damage: 6 }, faces(2)) as {
      effects: { sheet?: unknown; note?: string; damage?: number }[];
    };
    expect(kill.effects[0]).toMatchObject({ damage: 6, sheet: { destroyed: ["staff", "light armour", "shield"] } });
    expect(kill.effects[0]!.note).toMatch(
      /^Mira is killed by a destructive attack: Mira's equipment is destroyed \(staff, light armour, shield\)/,
    );
    const wound = bx.save({ who, kind: "breath", damage: 5 }, faces(2)) as { effects: { sheet?: unknown }[] };
    expect(wound.effects[0]!.sheet).toBeUndefined();
    const poison = bx.save({ who, kind: "poison", damage: 20 }, faces(2)) as {
      effects: { sheet?: unknown; note?: string }[];
    };
    expect(poison.effects[0]).toEqual({ targetId: "Mira", damage: 20 });
  });
});

describe("a spell's target must be seen", () => {
  // seed 002, "Spell Casting": "the intended target … must be visible to the caster".
  it("the target is the combatant named after the last 'at' or 'on'; none when no combatant is named", () => {
    const g1 = mon("g1", {});
    const goblin = { ...g1, name: "Goblin 1" };
    const dorn = { ...pc("d"), name: "Dorn" };
    expect(spellTarget("Sleep at Goblin 1", [goblin, dorn])?.id).toBe("g1");
    expect(spellTarget("Hold Person on dorn", [goblin, dorn])?.id).toBe("d");
    expect(spellTarget("Light on the ceiling", [goblin, dorn])).toBeUndefined();
    expect(spellTarget("Sleep", [goblin])).toBeUndefined();
    expect(spellTarget(undefined, [goblin])).toBeUndefined();
  });
});

describe("one load, and the sheet shows what the fight uses", () => {
  // seed 002, "Option 2: Detailed Encumbrance": "Up to 600 coins | 90' (30')".
  it("the referee's load counts instead of the listed treasure; the sheet's Movement row says the rate", () => {
    const sheet = createBx().sheet.parse({ treasure: [{ kind: "coin", count: 100 }], load: 420 });
    expect(loadOf(sheet, "detailed").total).toBe(420);
    expect(encumberedRate(sheet, "detailed").perTurn).toBe(90);
    expect(new Map(createBx({ encumbrance: "detailed" }).describeSheet(sheet)).get("Movement")).toBe(
      "90' (30'), 420 coins: up to 600",
    );
    expect(new Map(bx.describeSheet(sheet)).get("Movement")).toBe("120' (40')");
  });

  // seed 001, "COMBAT": the defender's DEX bonus lowers its AC.
  it("the house sheet's AC is the fight's: DEX in it unless the sheet's AC includes it", () => {
    const s = houseSheetSchema.parse({ ac: 4, shield: true, dex: 16 });
    expect(houseAcWords(s)).toBe("2 (4 with shield, DEX 16 -2)");
    expect(houseAcWords({ ...s, acIncludesDex: true })).toBe("4 (with shield; DEX included)");
    expect(houseAcWords({ ...s, dex: 10 })).toBe("4 (with shield)");
    expect(new Map(createBxHouse().describeSheet(s)).get("AC")).toBe("2 (4 with shield, DEX 16 -2)");
  });
});
