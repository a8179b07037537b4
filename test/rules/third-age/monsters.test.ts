import seedrandom from "seedrandom";
import { describe, expect, it } from "vitest";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { hitDice, PRESETS, statLine, thirdAge } from "../../../src/rules/systems/third-age/index.js";
import { monsterSchema } from "../../../src/rules/systems/third-age/sheet.js";
import { bag } from "./helpers.js";

const seeded = (seed: string) => {
  const prng = seedrandom(seed);
  return new DiceBag({ next: () => prng() });
};

// seed 000, "When to make an attribute roll": "hide from a patrol of goblins" is the one foe the text names;
// "Morale and Loyalty": "most monsters have a morale rating". The rest: docs/rules/third-age.md, "Monsters".
describe("The Third Age's presets", () => {
  it("the goblin of the text, converted from the classic goblin (HD 1-1, AC 6, d6, morale 7)", () => {
    expect(PRESETS.goblin).toMatchObject({
      hd: "1-1",
      hp: 3,
      successAC: 13,
      partialAC: 9,
      attackBonus: 0,
      morale: 7,
      weapons: [{ name: "Short sword", damage: "1d6" }],
    });
  });

  it("every preset has hit dice, a morale rating, and its listed hp is the average of its hit dice, rounded down", () => {
    expect(Object.keys(PRESETS)).toEqual([
      "goblin",
      "kobold",
      "orc",
      "skeleton",
      "zombie",
      "wolf",
      "bandit",
      "ogre",
      "troll",
    ]);
    for (const p of Object.values(PRESETS)) {
      const h = hitDice(p.hd!)!;
      expect(p.hp).toBe(Math.floor(h.count * ((h.sides + 1) / 2) + h.modifier));
      expect(p.morale).toBeGreaterThanOrEqual(2);
      expect(p.partialAC).toBe(p.successAC - 4);
    }
  });
});

// seed 000 is silent on monsters' hit points: a d8 per hit die, as in the classic material it converts
// ("Converting Saving Throws"); docs/rules/third-age.md, "Monsters".
describe("monsters' hit points rolled from their hit dice", () => {
  it("reads hit dice: 4+1, 1-1, 1/2", () => {
    expect(hitDice("4+1")).toEqual({ count: 4, sides: 8, modifier: 1 });
    expect(hitDice("1-1")).toEqual({ count: 1, sides: 8, modifier: -1 });
    expect(hitDice("1/2")).toEqual({ count: 1, sides: 4, modifier: 0 });
    expect(hitDice("four")).toBeUndefined();
  });

  it('four goblins from seed "goblins": 1d8 − 1 each, at least 1', () => {
    const b = seeded("goblins");
    const four = [1, 2, 3, 4].map(() => thirdAge.rollMonster!(PRESETS.goblin!, b, {})!);
    expect(four.map((g) => g.result.lines[0])).toEqual([
      "HD 1-1: 1d8 [1] −1 = 0 → 1 HP (at least 1)",
      "HD 1-1: 1d8 [1] −1 = 0 → 1 HP (at least 1)",
      "HD 1-1: 1d8 [7] −1 = 6 → 6 HP",
      "HD 1-1: 1d8 [8] −1 = 7 → 7 HP",
    ]);
    expect(four.map((g) => g.sheet.hp)).toEqual([1, 1, 6, 7]);
    expect(b.log.map((r) => r.notation)).toEqual(["1d8-1", "1d8-1", "1d8-1", "1d8-1"]);
  });

  it('an ogre from seed "ogre": 4d8 + 1; the state starts at the rolled hp', () => {
    const r = thirdAge.rollMonster!(PRESETS.ogre!, seeded("ogre"), {})!;
    expect(r.result.lines).toEqual(["HD 4+1: 4d8 [1, 2, 7, 2] +1 = 13 → 13 HP"]);
    expect(r.result.title).toBe("Hit points: 13");
    expect(thirdAge.initialState(monsterSchema.parse(r.sheet))).toMatchObject({ hp: 13, maxHp: 13 });
  });

  it("keeps the hit points the referee typed, and a monster without hit dice keeps its own", () => {
    const b = bag([4]);
    expect(thirdAge.rollMonster!(PRESETS.ogre!, b, { hp: 30 })).toBeNull();
    expect(thirdAge.rollMonster!(monsterSchema.parse({ hp: 7 }), b, {})).toBeNull();
    expect(b.remaining()).toBe(1);
    expect(thirdAge.rollMonster!(PRESETS.kobold!, b, {})!.result.lines).toEqual(["HD 1/2: 1d4 [4] = 4 → 4 HP"]);
  });

  it("refuses hit dice it cannot roll on a sheet", () => {
    expect(monsterSchema.safeParse({ hd: "lots" }).error?.issues[0]?.message).toBe(
      "HD must look like 1, 1/2, 4+1 or 1-1",
    );
  });
});

// seed 000, "Attack Rolls" (success AC, partial AC, weapon die), "Morale and Loyalty" (morale rating),
// the attributes; docs/rules/third-age.md, "Monsters": one stat line.
describe("a custom monster as one stat line", () => {
  it("reads the Third Age's terms, the name in front", () => {
    expect(statLine("Ogre brute HD 4+1 AC 14/10 AB +4 ATK club 1d10 ML 10 BODY +2")).toEqual({
      name: "Ogre brute",
      fields: 'hd=4+1 successAC=14 partialAC=10 attackBonus=4 weapons="club:1d10" morale=10 body=2',
    });
    expect(statLine("HD 1 AC 13 ATK sword 1d8/shortbow 1d6 ranged ML 8 HP 6 DEX +1 STA 1")).toEqual({
      name: null,
      fields: 'hd=1 successAC=13 weapons="sword:1d8|shortbow:1d6:ranged" morale=8 hp=6 dexterity=1 stamina=1',
    });
  });

  it("names may hold attribute words; capitals or a number make them stats", () => {
    expect(statLine("Mind flayer HD 8+4 AC 16 ATK soul blade 1d8 MIND +3 soul −1")).toEqual({
      name: "Mind flayer",
      fields: 'hd=8+4 successAC=16 weapons="soul blade:1d8" mind=3 soul=-1',
    });
  });

  it("says what it could not read", () => {
    expect(() => statLine("HD 4+1 AC 14 XP 75")).toThrow(
      /^"XP" is not a stat this line knows: use HD, HP, AC, AB, ATK, ML, BODY, DEX, MIND, SOUL, CHA, STA/,
    );
    expect(() => statLine("a big ogre")).toThrow(/^A stat line reads like `HD 4\+1 AC 14\/10/);
    expect(() => statLine("HD 4+1 AC five")).toThrow(
      'AC is the success AC, or success/partial AC, e.g. `AC 13/9` (not "five").',
    );
    expect(() => statLine("HD x AC 12")).toThrow('HD is hit dice like 1, 1/2, 4+1 or 1-1, e.g. `HD 2+1` (not "x").');
    expect(() => statLine("HD 1 AB 1.5")).toThrow('AB is a whole number, e.g. `AB +2` (not "1.5").');
    expect(() => statLine("HD 1 ATK club")).toThrow(/^An attack is a weapon's damage dice/);
    expect(() => statLine("HD 2 ML")).toThrow("ML needs a value, e.g. `ML 8`.");
  });
});
