// Issue 20, point 2 for Castles & Crusades: the foes seed 003 names, their hit points rolled as each enters a
// fight (docs/rules/siege.md, "Monsters").
import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { bagOf, seeded } from "./helpers.js";

describe("siege: monsters by their hit dice", () => {
  // seed 003, "Melee Combat": "a 3d8 hit dice creature"; "Hit Points": at least 1 per level
  it("four orcs and an ettin roll their hit points, a d8 a hit die, on the fight's stream", () => {
    const dice = seeded("siege-monsters");
    const orcs = [1, 2, 3, 4].map(() => siege.rollMonster!(siege.presets.orc!, dice, {})!);
    const ettin = siege.rollMonster!(siege.presets.ettin!, dice, {})!;
    // seed "siege-monsters": the orcs' d8s are 1, 5, 5 and 8; the ettin's ten d8s total 42.
    expect(orcs.map((o) => o.sheet.hpMax)).toEqual([1, 5, 5, 8]);
    expect(orcs.map((o) => o.result.lines[0])).toEqual([
      "1d8 = 1 → 1 HP",
      "1d8 = 5 → 5 HP",
      "1d8 = 5 → 5 HP",
      "1d8 = 8 → 8 HP",
    ]);
    expect(ettin.result.lines).toEqual(["10d8 = 3 + 7 + 4 + 6 + 6 + 1 + 2 + 4 + 7 + 2 → 42 HP"]);
    expect(ettin.sheet.hpMax).toBe(42);
    // The dice log names each monster die a hit die, not a level.
    expect(ettin.result.rolls.map((r) => r.label).slice(0, 2)).toEqual([
      "hit points, hit die 1",
      "hit points, hit die 2",
    ]);
    expect(ettin.result.rules).toEqual(['seed 003, "Hit Points"']);
  });

  it("a monster whose line names its die rolls that die; typed hit points are kept", () => {
    const hill = siege.monster.parse({ level: 4, hitDie: 10 });
    expect(siege.rollMonster!(hill, bagOf(10, 1, 7, 3), {})!.result.lines).toEqual(["4d10 = 10 + 1 + 7 + 3 → 21 HP"]);
    expect(siege.rollMonster!(hill, bagOf(), { hpMax: 30 })).toBeNull();
    expect(() => siege.monster.parse({ level: 4, hitDie: 7 })).toThrow(/Hit die must be 4, 6, 8, 10 or 12/);
  });

  // seed 003, "Attack": "unless they possess a special ability allowing them to exceed the limitation"
  it("the text's foes keep their routines: the ettin's two clubs, the hippogriff's claws and beak", () => {
    expect(siege.presets.ettin).toMatchObject({
      attacks: 2,
      size: "large",
      weapons: [
        { name: "club", damage: "2d8" },
        { name: "club", damage: "3d6" },
      ],
    });
    expect(siege.presets.hippogriff!.weapons.map((w) => w.name)).toEqual(["claw", "claw", "beak"]);
    // seed 003, "Armor Class": "A person wearing normal clothing has a 10 armor class"
    expect(siege.presets["gnome merchant"]).toMatchObject({ ac: 10, size: "small", level: 1 });
  });
});
