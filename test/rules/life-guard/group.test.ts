import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/rules/systems/types.js";
import {
  areaOfEffectTargets,
  blastTargetCount,
  moveRank,
  resolveBlast,
  resolveGroupAttack,
} from "../../../src/rules/systems/life-guard/index.js";
import { faces, monster, pc } from "./helpers.js";

describe("several attackers on one foe", () => {
  // seed 004, "Attacks": roll all damage dice, keep the single highest; actions declared before resolved
  it("rolls every declared attack in order and keeps the single highest", () => {
    const ana = pc("Ana", { weapons: [{ name: "Sword", die: "d8" }] });
    const bo = pc("Bo", { weapons: [{ name: "Axe", die: "d10" }] });
    const cy = pc("Cy", { weapons: [{ name: "Club", die: "d6" }] });
    const orc = monster("orc");
    const r = resolveGroupAttack(
      { defender: orc, others: [], attacks: [{ attacker: ana }, { attacker: bo }, { attacker: cy }] },
      faces(5, 7, 6),
    );
    expect(r.totals).toEqual([
      { attackerId: "Ana", total: 5 },
      { attackerId: "Bo", total: 7 },
      { attackerId: "Cy", total: 6 },
    ]);
    expect(r.keptAttackerId).toBe("Bo");
    expect(r.effects).toEqual([{ targetId: "orc", damage: 7, damageKind: "normal", note: "Axe: 7 damage" }]);
    expect(r.rolls.map((x) => x.notation)).toEqual(["1d8", "1d10", "1d6"]);
    expect(r.lines[1]).toBe("Keep the single highest: 7 (Bo).");
    expect(r.rules).toContain('seed 004, "Attacks"');
  });

  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons and armour"
  it("an enchanted armour is rolled once for a group's blow, and that Armour goes with the kept damage", () => {
    const ana = pc("Ana", { weapons: [{ name: "Sword", die: "d8" }] });
    const bo = pc("Bo", { weapons: [{ name: "Axe", die: "d10" }] });
    const knight = pc("Knight", { armour: 2, armourEnchantment: "warding" }, {}, "foes");
    // The armour's 2d6 (3, 4) = 7 first, then Ana's d8 5 and Bo's d10 9: 9 − 7 = 2.
    const r = resolveGroupAttack(
      { defender: knight, others: [], attacks: [{ attacker: ana }, { attacker: bo }] },
      faces(3, 4, 5, 9),
    );
    expect(r.rolls.map((x) => x.notation)).toEqual(["2d6", "1d8", "1d10"]);
    expect(r.lines).toContain("Knight's enchanted armour (warding): 2d6 = 7, Armour 7 for this hit.");
    expect(r.effects[0]).toMatchObject({ targetId: "Knight", damage: 9, armour: 7 });
    expect(r.kept.plan).toMatchObject({ armour: 7, soaked: 7, dealt: 2 });
  });

  // seed 004, "Attacks": ties keep the first declared
  it("a tie keeps the first declared; everyone's spent enchantment is spent", () => {
    const ana = pc("Ana", { weapons: [{ name: "Sword", die: "d8" }] });
    const bo = pc("Bo", { weapons: [{ name: "Wand", die: "d4", enchantment: "frozen" }] });
    const r = resolveGroupAttack(
      {
        defender: monster("orc"),
        others: [],
        attacks: [{ attacker: ana }, { attacker: bo, situation: { enchanted: true } }],
      },
      faces(4, 1, 3),
    );
    expect(r.keptAttackerId).toBe("Ana");
    expect(r.effects).toEqual([
      { targetId: "orc", damage: 4, damageKind: "normal", note: "Sword: 4 damage" },
      { targetId: "Bo", removeConditions: ["enchanted:wand:frozen"], note: "Wand: Enchantment spent" },
    ]);
  });

  it("one action each: an attacker declared twice is refused", () => {
    const ana = pc("Ana");
    expect(() =>
      resolveGroupAttack(
        { defender: monster("orc"), others: [], attacks: [{ attacker: ana }, { attacker: ana }] },
        faces(1, 1),
      ),
    ).toThrow(RuleError);
  });
});

describe("blast and areas of effect", () => {
  // seed 004, "Actions and Modifiers": Blast — roll separately for each target; d6 when unsure
  it("a blast rolls separately for each target", () => {
    const mage = pc("Mage", { weapons: [{ name: "Fireball", die: "d6", tags: ["blast"] }] });
    const r = resolveBlast(
      { attacker: mage, targets: [monster("a"), monster("b", "weak")], others: [], situation: { mode: "spell" } },
      faces(6, 2),
    );
    expect(r.calcs.map((c) => [c.defenderId, c.total])).toEqual([
      ["a", 6],
      ["b", 2],
    ]);
    expect(r.effects.map((e) => [e.targetId, e.damage])).toEqual([
      ["a", 6],
      ["b", 2],
    ]);
    expect(blastTargetCount(faces(4)).count).toBe(4);
  });

  // seed 004, "Movement": areas of effect affect the entire battlefield
  it("an area of effect takes everyone able on the battlefield, of both sides", () => {
    const all = [
      pc("Ana"),
      monster("orc"),
      monster("dead", "weak", { conditions: ["dead"] }),
      pc("Far", {}, { conditions: ["field:bridge"] }),
    ];
    expect(areaOfEffectTargets(all).map((c) => c.id)).toEqual(["Ana", "orc", "Far"]);
    // The first battlefield has no mark; the others are named by theirs.
    expect(areaOfEffectTargets(all, "").map((c) => c.id)).toEqual(["Ana", "orc"]);
    expect(areaOfEffectTargets(all, "bridge").map((c) => c.id)).toEqual(["Far"]);
  });

  // seed 004, "Movement": moving between adjacent ranks costs the action
  it("moving one rank costs the action; two ranks at once is refused; other battlefields from Ranged", () => {
    expect(moveRank("melee", "reach")).toMatchObject({ to: "reach", costsAction: true });
    expect(() => moveRank("melee", "ranged")).toThrow(/one rank at a time/);
    expect(moveRank("ranged", "another battlefield").to).toBe("another battlefield");
    expect(() => moveRank("reach", "another battlefield")).toThrow(RuleError);
  });
});
