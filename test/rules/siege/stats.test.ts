// Issue 20, point 2 for Castles & Crusades: a custom monster in one line (docs/rules/siege.md, "A monster in one line").
import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";

describe("siege: a monster in one line", () => {
  it("reads C&C's words, the name in front", () => {
    expect(siege.statLine!("Ogre HD 4 (d8) AC 16 ATK club 2d8 SIZE large")).toEqual({
      name: "Ogre",
      fields: 'level=4 hitDie=8 ac=16 weapons="club:2d8" size=large',
    });
    expect(
      siege.statLine!(
        "Hill ogre HD 4d10 AC 16 ATK club 2d8 BTH +5 MOVE 30 ft. SAVES P INT Low ALIGNMENT Chaotic Evil XP 90",
      ),
    ).toEqual({
      name: "Hill ogre",
      fields: 'level=4 hitDie=10 ac=16 weapons="club:2d8" bth=5 move=30 primes=str|dex|con',
    });
  });

  // seed 003, "Attack": several attacks a round are the monster's routine, used in turn
  it("several attacks, as Monsters & Treasure or as a slash list, are that many attacks a round", () => {
    expect(siege.statLine!("Owlbear HD 5 AC 15 ATK 2 claws 1d6, bite (2d6) SIZE L SPECIAL hug").fields).toBe(
      'level=5 ac=15 weapons="claw:1d6|claw:1d6|bite:2d6" attacks=3 size=large',
    );
    expect(siege.statLine!("HD 6 AC 16 ATK claw 1d4/claw 1d4/bite 2d6 HP 40 STR 18 SAVES N").fields).toBe(
      'level=6 ac=16 weapons="claw:1d4|claw:1d4|bite:2d6" attacks=3 hpMax=40 str=18 primes=-',
    );
  });

  // seed 003, "Subdual Damage": "If a monster's attack causes subdual rather than normal damage, the monster description will note it."
  it("an attack marked subdual is the weapon's subdual field", () => {
    expect(siege.statLine!("Brawler HD 2 AC 12 ATK 2 fists 1d4 subdual, kick (1d6)").fields).toBe(
      'level=2 ac=12 weapons="fist:1d4::::::true|fist:1d4::::::true|kick:1d6" attacks=3',
    );
    expect(siege.statLine!("HD 1 AC 11 ATK sap 1d3 (subdual)").fields).toBe(
      'level=1 ac=11 weapons="sap:1d3::::::true"',
    );
  });

  it("says what it could not read", () => {
    const bad = (line: string) => () => siege.statLine!(line);
    expect(bad("HD four AC 16")).toThrow(
      'HD is the number of hit dice, with the die if it is not a d8: `HD 4`, `HD 4 (d10)` or `HD 4d10` (not "four").',
    );
    expect(bad("HD 4 (d7) AC 16")).toThrow("A hit die is a d4, d6, d8, d10 or d12 (not d7).");
    expect(bad("HD 4 AC sixteen")).toThrow('AC needs a number, e.g. `AC 16` (not "sixteen").');
    expect(bad("HD 4 AC 16 ATK club")).toThrow(/An attack is its name and damage dice/);
    expect(bad("Ogre HD 4 AC 16 THAC0 15")).toThrow(/Castles & Crusades has no THAC0: a monster's BtH is its hit dice/);
    expect(bad("HD 4 AC 16 ML 9")).toThrow(/monsters have no morale score/);
    expect(bad("HD 4 AC 16 SIZE enormous")).toThrow(/SIZE is one of tiny, small, medium, large, huge, gargantuan/);
    expect(bad("HD 4 AC 16 AC 15")).toThrow("The line gives AC twice: keep one.");
    expect(bad("a big ogre")).toThrow(/A monster's line reads like `HD 4 \(d8\) AC 16 ATK club 2d8 SIZE large`/);
  });
});
