import { describe, expect, it } from "vitest";
import { bxRollMonster, bxStatLine, hitDiceRoll } from "../../../src/rules/systems/bx/stats.js";
import { bxPresets } from "../../../src/rules/systems/bx/monsters.js";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";

const bag = (...faces: number[]) => new DiceBag(scriptedFaces(faces));

// seed 002 is silent on rolling monster hit points: docs/rules/bx.md, "Monsters by their hit dice".
describe("B/X monsters by their hit dice", () => {
  it("reads hit dice: 4+1, 1-1, 1/2", () => {
    expect(hitDiceRoll("4+1")).toEqual({ count: 4, sides: 8, modifier: 1 });
    expect(hitDiceRoll("1-1")).toEqual({ count: 1, sides: 8, modifier: -1 });
    expect(hitDiceRoll("1/2")).toEqual({ count: 1, sides: 4, modifier: 0 });
  });

  it("rolls d8s per hit die plus the bonus, at least 1; typed hit points are kept", () => {
    const ogre = bxRollMonster(bxPresets.ogre!, bag(3, 8, 1, 5), {})!;
    expect(ogre.sheet.hp).toBe(18);
    expect(ogre.result.lines).toEqual(["HD 4+1: 4d8 (3, 8, 1, 5) + 1 = 18 HP"]);
    expect(bxRollMonster(bxPresets.goblin!, bag(1), {})!.sheet.hp).toBe(1);
    expect(bxRollMonster(bxPresets.ogre!, bag(3), { hp: 30 })).toBeNull();
  });

  it("reads one stat line in module terms, the name in front", () => {
    expect(bxStatLine("Ogre brute HD 4+1 AC 5 ATK 1d10 ML 10")).toEqual({
      name: "Ogre brute",
      fields: 'hd=4+1 ac=5 weapons="attack:1d10" morale=10',
    });
    expect(bxStatLine("HD 6+3 AC 4 ATK claw 1d6/claw 1d6/bite 1d10 MV 120").fields).toBe(
      'hd=6+3 ac=4 weapons="claw:1d6|claw:1d6|bite:1d10" movement=120',
    );
    expect(() => bxStatLine("HD 4+1 AC 5 XP 75")).toThrow(/"XP" is not a stat this line knows/);
    expect(() => bxStatLine("a big ogre")).toThrow(/A stat line reads like/);
    expect(() => bxStatLine("HD 1 ATK club")).toThrow(/An attack is its damage dice/);
  });
});
