import { describe, expect, it } from "vitest";
import { lifeGuard, ENEMY_TYPES } from "../../../src/rules/systems/life-guard/index.js";
import { faces, monster, pc } from "./helpers.js";

describe("Life & Guard sheets", () => {
  // seed 004, "Enemy Types"
  it.each([
    ["swarm", 3, 3, 3, 0],
    ["weak", 5, 5, 5, 0],
    ["standard", 7, 7, 7, 1],
    ["advanced", 9, 9, 9, 2],
    ["expert", 11, 11, 11, 3],
    ["legendary", 12, 12, 12, 4],
  ])("preset %s has Life %i, Guard %i, Morale %i, Armour %i", (key, life, guard, morale, armour) => {
    const p = lifeGuard.presets[key]!;
    expect([p.life, p.guard, p.morale, p.armour]).toEqual([life, guard, morale, armour]);
    expect(p.weapons).toHaveLength(1);
  });

  // seed 004, "Enemy Types" (damage die is our choice: one step per tier)
  it("preset damage dice climb d4, d4, d6, d8, d10, d12", () => {
    expect(Object.keys(ENEMY_TYPES)).toEqual(["swarm", "weak", "standard", "advanced", "expert", "legendary"]);
    expect(Object.keys(ENEMY_TYPES).map((k) => lifeGuard.presets[k]!.weapons[0]!.die)).toEqual([
      "d4",
      "d4",
      "d6",
      "d8",
      "d10",
      "d12",
    ]);
  });

  it("a PC sheet needs no fields: Life 10, Guard 3, Armour 0", () => {
    const s = lifeGuard.sheet.parse({});
    expect([s.life, s.guard, s.armour, s.morale, s.str, s.weapons.length, s.warband]).toEqual([
      10,
      3,
      0,
      7,
      10,
      0,
      false,
    ]);
  });

  it("errors name the field and the allowed range", () => {
    const r = lifeGuard.sheet.safeParse({ guard: 13 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Guard must be between 0 and 12");
    expect(lifeGuard.sheet.safeParse({ life: 0 }).error!.issues[0]!.message).toBe("Life must be between 1 and 20");
    expect(lifeGuard.sheet.safeParse({ armour: 5 }).error!.issues[0]!.message).toBe("Armour must be between 0 and 4");
    expect(lifeGuard.sheet.safeParse({ guard: 12, armour: 4, life: 20 }).success).toBe(true);
    const w = lifeGuard.sheet.safeParse({ weapons: [{ name: "Sword", die: "d7" }] });
    expect(w.error!.issues[0]!.message).toMatch(/^Die must be like d6/);
    const t = lifeGuard.sheet.safeParse({ weapons: [{ name: "Sword", tags: ["sharp"] }] });
    expect(t.error!.issues[0]!.message).toMatch(/^Weapon tags must be among: reach, ranged/);
  });

  it("a custom monster: Life, Guard, Morale, Armour, damage die, warband, type", () => {
    const m = lifeGuard.monster.parse({
      life: 4,
      guard: 2,
      morale: 6,
      armour: 1,
      damage: "2d6",
      warband: true,
      type: "Undead",
    });
    expect(m.weapons).toEqual([{ name: "Attack", die: "2d6", tags: [] }]);
    expect([m.warband, m.type]).toEqual([true, "undead"]);
    expect(lifeGuard.monster.safeParse({ morale: 13 }).error!.issues[0]!.message).toBe(
      "Morale must be between 2 and 12",
    );
  });

  it("initial state: full Life and Guard, enchantments as conditions; no rank stored", () => {
    const s = lifeGuard.initialState(
      lifeGuard.sheet.parse({ life: 8, guard: 4, weapons: [{ name: "Sword", die: "d8", enchantment: "Burning" }] }),
    );
    expect(s).toEqual({
      conditions: ["enchanted:sword:burning"],
      life: 8,
      lifeMax: 8,
      headWoundLoss: 0,
      guard: 4,
      guardMax: 4,
      scars: [],
    });
  });

  // seed 004, "Positioning": ranks correspond to weapon ranges — the first weapon gives the starting rank
  it("the starting rank comes from the first weapon; a placement or a move (a fight mark) wins", () => {
    const bow = pc("Ana", {
      weapons: [
        { name: "Bow", die: "d6", tags: ["ranged"] },
        { name: "Knife", die: "d4" },
      ],
    });
    const spear = pc("Bo", { weapons: [{ name: "Spear", die: "d8", tags: ["reach"] }] });
    expect([lifeGuard.view(bow).summary, lifeGuard.view(spear).summary, lifeGuard.view(pc("Cy")).summary]).toEqual([
      "Guard 3/3 · Life 10/10 · Ranged rank",
      "Guard 3/3 · Life 10/10 · Reach rank",
      "Guard 3/3 · Life 10/10 · Melee rank",
    ]);
    expect(lifeGuard.view({ ...bow, state: { ...bow.state, conditions: ["rank:melee"] } }).summary).toBe(
      "Guard 3/3 · Life 10/10 · Melee rank",
    );
    // damage never writes the rank onto the stored state
    expect("rank" in lifeGuard.applyDamage(bow, 1, faces()).state).toBe(false);
  });

  it("view shows Guard and Life, a fraction and a status", () => {
    const c = pc("Ana", { life: 8, guard: 4 }, { guard: 2, life: 6 });
    expect(lifeGuard.view(c)).toEqual({
      summary: "Guard 2/4 · Life 6/8 · Melee rank",
      fraction: 8 / 12,
      status: "wounded",
    });
    expect(lifeGuard.view(monster("orc", "standard", { conditions: ["out of action"] })).status).toBe("out of action");
  });

  it("describeSheet lists the fields in order", () => {
    const rows = lifeGuard.describeSheet(
      lifeGuard.sheet.parse({ weapons: [{ name: "Spear", die: "d8", tags: ["reach"] }], oils: ["undead"] }),
    );
    expect(rows.map((r) => r[0])).toEqual(["Life", "Guard", "Armour", "Morale", "STR · DEX · WIL", "Weapons", "Oils"]);
    expect(rows[5]![1]).toBe("Spear d8 (reach)");
  });
});
