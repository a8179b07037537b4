// Monsters by the book in the B/X house rules (seed 001 over seed 002): the foes the
// text names as presets, their hit points rolled as each enters a fight, a custom
// monster as one stat line, and a sheet the rules fill in (docs/rules/bx-house.md, "Monsters").
import { describe, expect, it } from "vitest";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { createStream } from "../../../src/rules/dice/stream.js";
import { bxHouse, createBxHouse } from "../../../src/rules/systems/bx-house/index.js";
import { thac0Of } from "../../../src/rules/systems/bx/index.js";
import { attacksAgainstNormalMen, isNormalType } from "../../../src/rules/systems/bx-house/maneuvers.js";
import { faces, mon } from "./helpers.js";

const seeded = (seed: string) => new DiceBag(createStream(seed));
const preset = (name: string) => bxHouse.presets[name]!;

describe("bx-house: the foes the text names", () => {
  // seed 001, "MISC COMBAT RULES": goblins, orks, men, Animated Skeletons, a Troll with 6HD+3, a foe of ogre size;
  // "ENCOUNTER ORDER": the evil wizard's bugbear bodyguards; "MISC COMBAT RULES": the owlbear's crushing hug;
  // "Mass Combat": three hundred bandits in units of ten.
  it("has bx's presets and the bandit unit, each in B/X numbers", () => {
    expect(Object.keys(bxHouse.presets)).toEqual([
      "goblin",
      "orc",
      "skeleton",
      "troll",
      "ogre",
      "normal man",
      "kobold",
      "giant rat",
      "giant centipede",
      "bandit",
      "hobgoblin",
      "stirge",
      "zombie",
      "gnoll",
      "ghoul",
      "lizard man",
      "wolf",
      "bugbear",
      "dire wolf",
      "owlbear",
      "bandit unit",
    ]);
    expect(["kobold", "giant rat"].every((k) => isNormalType(preset(k)))).toBe(true);
    expect(preset("ghoul")).toMatchObject({ attacksPerRound: 3 });
    expect(preset("troll")).toMatchObject({ hd: "6+3", ac: 4, attacksPerRound: 3 });
    expect(attacksAgainstNormalMen(mon("t", preset("troll")))).toBe(6);
    expect(preset("bugbear")).toMatchObject({
      hd: "3+1",
      ac: 5,
      morale: 9,
      surprises: 3,
      weapons: [{ name: "weapon", damage: "2d4" }],
    });
    expect(preset("owlbear")).toMatchObject({ hd: "5", ac: 5, attacksPerRound: 3, size: "large" });
    // THAC0 by the classic monster table, as bx's: troll (6+3) 13, bugbear (3+1) 16, owlbear (5) 15, bandits (1) 19.
    expect(["troll", "bugbear", "owlbear", "bandit unit"].map((k) => thac0Of(preset(k)).value)).toEqual([
      13, 16, 15, 19,
    ]);
    expect(preset("bandit unit")).toMatchObject({ men: 10, hd: "1", hp: 35, ac: 6, morale: 8 });
    // "Normal Men (or creatures of basically that strength, i.e., goblins, kobolds, … orks, men…)"
    expect(["goblin", "orc", "normal man", "bandit unit"].every((k) => isNormalType(preset(k)))).toBe(true);
    expect(["troll", "ogre", "bugbear", "owlbear"].some((k) => isNormalType(preset(k)))).toBe(false);
  });
});

describe("bx-house: hit points as each one enters the fight", () => {
  // seed 001, "MISC COMBAT RULES": "The humanoids have an average of 3.5 hit points, because their hit points are determined by rolling a D6"
  // seed 001, "Mass Combat": "the referee rolls ten 6-sided dice and totals the score"
  it("a Normal Man rolls a d6 (its hit dice's −1 kept), a stronger monster d8s by its hit dice, a unit a d6 a man", () => {
    const bag = seeded("bx-house monsters");
    const roll = (k: string) => bxHouse.rollMonster!(preset(k), bag, {})!;
    const goblin = roll("goblin");
    expect(goblin.sheet.hp).toBe(2);
    expect(goblin.result.lines).toEqual(["HD 1-1 (a Normal Man's strength): 1d6 (3) − 1 = 2 HP"]);
    expect(goblin.result.rules).toEqual(['seed 001, "MISC COMBAT RULES"']);
    expect(roll("orc").result.lines).toEqual(["HD 1 (a Normal Man's strength): 1d6 (4) = 4 HP"]);
    expect(roll("normal man").sheet.hp).toBe(3);
    const troll = roll("troll");
    expect(troll.result.lines).toEqual(["HD 6+3: 6d8 (3, 7, 1, 6, 1, 5) + 3 = 26 HP"]);
    expect(roll("bugbear").sheet.hp).toBe(8);
    const unit = roll("bandit unit");
    expect(unit.sheet.hp).toBe(34);
    expect(unit.result.lines).toEqual(["10d6 = 34: the unit fights as one man."]);
  });

  it("a d6 of 1 less 1 is still 1 hit point; hit points the referee typed are kept", () => {
    expect(bxHouse.rollMonster!(preset("goblin"), faces(1), {})!.sheet.hp).toBe(1);
    expect(bxHouse.rollMonster!({ ...preset("troll"), hp: 40 }, faces(), { hp: 40 })).toBeNull();
    expect(bxHouse.rollMonster!({ ...preset("orc"), hp: 6 }, faces(), { hp: 6 })).toBeNull();
  });

  it("monsterHp listed keeps the presets' hit points, but a unit still rolls a d6 a man", () => {
    const listed = createBxHouse({ monsterHp: "listed" });
    expect(listed.rollMonster!(preset("ogre"), faces(), {})).toBeNull();
    expect(listed.rollMonster!(preset("goblin"), faces(), {})).toBeNull();
    expect(listed.rollMonster!(preset("bandit unit"), faces(1, 1, 1, 1, 1, 1, 1, 1, 1, 2), {})!.sheet.hp).toBe(11);
    const viaOption = bxHouse.campaignOptions!.configure!({ monsterHp: "listed" });
    expect(viaOption.rollMonster?.(preset("ogre"), faces(), {})).toBeNull();
  });
});

describe("bx-house: a custom monster as one stat line", () => {
  it("reads B/X's line; several attacks are that many a round; MEN makes a unit, #AT sets the attacks", () => {
    expect(bxHouse.statLine!("Ogre brute HD 4+1 AC 5 ATK club 1d10 ML 10")).toEqual({
      name: "Ogre brute",
      fields: 'hd=4+1 ac=5 weapons="club:1d10" morale=10',
    });
    expect(bxHouse.statLine!("Troll HD 6+3 AC 4 ATK claw 1d6/claw 1d6/bite 1d10 ML 10").fields).toBe(
      'hd=6+3 ac=4 weapons="claw:1d6|claw:1d6|bite:1d10" morale=10 attacksPerRound=3',
    );
    // seed 001, "Mass Combat": "units of ten … fought as one man"
    expect(bxHouse.statLine!("Bandits MEN 10 HD 1 AC 6 ATK 1d6 ML 8")).toEqual({
      name: "Bandits",
      fields: 'hd=1 ac=6 weapons="attack:1d6" morale=8 men=10',
    });
    expect(bxHouse.statLine!("Lizard Men HD 2 AC 5 ATK bite 1d6 #AT 2")).toEqual({
      name: "Lizard Men",
      fields: 'hd=2 ac=5 weapons="bite:1d6" attacksPerRound=2',
    });
    expect(bxHouse.statLineExample).toBe("HD 4+1 AC 5 ATK 1d10 ML 10");
  });

  it("refuses what it cannot read, naming it and the house's own words", () => {
    expect(() => bxHouse.statLine!("HD 4+1 AC 5 XP 75")).toThrow(
      /"XP" is not a stat this line knows: use HD, .*The house rules also read MEN \(men in a unit\) and #AT/,
    );
    expect(() => bxHouse.statLine!("Bandits MEN ten HD 1")).toThrow(
      'MEN needs a whole number from 2 to 100, e.g. `MEN 10` (not "ten").',
    );
    expect(() => bxHouse.statLine!("HD 1 #AT 0")).toThrow(/#AT needs a whole number from 1 to 10/);
    expect(() => bxHouse.statLine!("a big ogre")).toThrow(/A stat line reads like/);
  });
});

describe("bx-house: a sheet the rules fill in", () => {
  // seed 001, "COMBAT": "Fighters(INCLUDING Rangers, Barbarians, Dwarves, Hobbits, Paladins, and Pirates)"
  it("a ranger rolls B/X's abilities and a fighter's hit die, and attacks on the fighter's table", () => {
    const f = bxHouse.fillSheet!({ class: "ranger", level: 2 }, seeded("bx-house sheet"))!;
    expect(f.fields).toEqual({ str: 11, int: 13, wis: 15, dex: 12, con: 13, cha: 13, hp: 14 });
    expect(f.filled).toEqual(["str", "int", "wis", "dex", "con", "cha", "hp"]);
    // THAC0 is not stored: the sheet reads the fighter's table at its level, and follows the level when it changes.
    const sheet = bxHouse.sheet.parse({ class: "ranger", level: 2, ...f.fields });
    expect(thac0Of(sheet)).toEqual({ value: 19, source: "classic fighter table, level 2" });
    expect(thac0Of({ ...sheet, level: 7 }).value).toBe(14);
    expect(f.result.lines[0]).toBe(
      "A ranger is a fighter type (fighters include rangers, barbarians, dwarves, hobbits, paladins and pirates): a fighter's hit die and attack table.",
    );
    expect(f.result.lines[2]).toBe("Hit points, fighter 2d8 + 1 CON each (at least 1 a die): (5 + 1) + (7 + 1) = 14.");
    expect(f.result.rules[0]).toBe('seed 001, "COMBAT"');
  });

  it("a thief or a magic-user is B/X's own; a class with no table asks for hit points and THAC0", () => {
    const thief = bxHouse.fillSheet!(
      { class: "thief", level: 1, con: 10 },
      faces(1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3),
    )!;
    expect(thief.fields.hp).toBe(3);
    expect(thief.result.lines[0]).toMatch(/^Abilities, 3d6 in order/);
    const witch = bxHouse.fillSheet!({ class: "witch-hunter", hp: 7, thac0: 19 }, seeded("x"))!;
    expect(witch.result.lines).toContain('"witch-hunter" has no classic table here: give hp and thac0 yourself.');
    expect(witch.filled).not.toContain("hp");
  });
});
