import { describe, expect, it } from "vitest";
import { lifeGuard, statLine, STAT_LINE_EXAMPLE } from "../../../src/rules/systems/life-guard/index.js";
import { RuleError } from "../../../src/rules/systems/types.js";
import { has } from "../../../src/rules/systems/define.js";
import { readSheetInput } from "../../../src/play/sheets.js";

/** The stat line as the monster schema reads it, the way /encounter add and /encounter bestiary read it. */
const sheetOf = (line: string) => lifeGuard.monster.parse(readSheetInput(statLine(line).fields, lifeGuard.monster));
const refused = (line: string) => {
  try {
    statLine(line);
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    return (e as Error).message;
  }
  throw new Error(`"${line}" was read`);
};

describe("Life & Guard foes by the book", () => {
  // seed 004, "Enemy Types" and "Warbands": every foe the text names is a preset
  it("the presets are the six enemy types and the warband", () => {
    expect(Object.keys(lifeGuard.presets)).toEqual([
      "swarm",
      "weak",
      "standard",
      "advanced",
      "expert",
      "legendary",
      "warband",
    ]);
  });

  // seed 004, "Warbands": no numbers given; one warband has one Standard fighter's numbers
  it("the warband is a Standard enemy fighting as one", () => {
    const w = lifeGuard.presets.warband!;
    expect([w.life, w.guard, w.morale, w.armour, w.weapons[0]!.die, w.warband]).toEqual([7, 7, 7, 1, "d6", true]);
    expect(Object.values(lifeGuard.presets).filter((p) => p.warband)).toHaveLength(1);
  });

  // seed 004, "Enemy Types": Life and Guard are fixed by the type, nothing is rolled
  it("nothing is rolled for a foe or a new sheet: no rollMonster, no fillSheet", () => {
    expect(lifeGuard.rollMonster).toBeUndefined();
    expect(has(lifeGuard, "fill")).toBeUndefined();
  });
});

describe("a foe as one stat line", () => {
  // seed 004, "Enemy Types": the columns Life, Guard, Morale, Armour
  it("reads the table's columns, the attack, and the name in front", () => {
    expect(statLine("Brute Life 3 Guard 2 Morale 7 Armour 1 Attack d6")).toEqual({
      name: "Brute",
      fields: "life=3 guard=2 morale=7 armour=1 damage=d6",
    });
    const s = sheetOf("Brute Life 3 Guard 2 Morale 7 Armour 1 Attack d6");
    expect([s.life, s.guard, s.morale, s.armour, s.weapons]).toEqual([
      3,
      2,
      7,
      1,
      [{ name: "Attack", die: "d6", tags: [] }],
    ]);
    expect(statLine(STAT_LINE_EXAMPLE).name).toBeNull();
  });

  // seed 004, "Enemy Types": an enemy type in brackets gives the row's numbers; the line's own win
  it("(Advanced) fills Life 9, Guard 9, Morale 9, Armour 2 and d8; Life 10 overrides", () => {
    expect(statLine("Ogre (Advanced) Life 10")).toEqual({
      name: "Ogre",
      fields: "life=10 guard=9 morale=9 armour=2 damage=d8",
    });
    expect(statLine("(legendary)").fields).toBe("life=12 guard=12 morale=12 armour=4 damage=d12");
  });

  // seed 004, "Movement" (reach, thrown), "Oils" (a type of monster), "Warbands", "Actions and Modifiers" (flying)
  it("named attacks with a tag, GRD, Type for oils, Warband and Flying", () => {
    const s = sheetOf("Harpies GRD 4 Life 5 Attack talons d6 / spear d8 reach Type beast Warband Flying");
    expect(s.weapons).toEqual([
      { name: "talons", die: "d6", tags: [] },
      { name: "spear", die: "d8", tags: ["reach"] },
    ]);
    expect([s.guard, s.life, s.type, s.warband, s.flying, s.slayImmune]).toEqual([4, 5, "beast", true, true, false]);
    // what the line leaves out is a Standard enemy's (the schema's defaults)
    expect([s.morale, s.armour]).toEqual([7, 1]);
    expect(sheetOf("Wraith Life 6, Damage 2d6, Slay-immune").slayImmune).toBe(true);
  });

  it("refuses what it cannot read, naming it", () => {
    expect(refused("Ogre HP 19 Guard 4")).toMatch(
      /^"HP" is not a stat this line knows: use Life, Guard, Morale, Armour, Attack/,
    );
    expect(refused("Ogre Life 9 AC 5")).toMatch(/^"AC" is not a stat this line knows/);
    expect(refused("Ogre Life nine")).toBe('Life must be a whole number, e.g. `Life 7` (not "nine").');
    expect(refused("Ogre Life 9 Armour")).toBe("Armour needs a value, e.g. `Armour 7`.");
    expect(refused("Ogre Attack d7")).toMatch(/^"d7" is not a die of this game: d2, d3, d4, d6, d8, d10 or d12/);
    expect(refused("Ogre Attack club")).toMatch(/^An attack is its damage die/);
    expect(refused("Ogre Attack club d8 sharp")).toMatch(/^"sharp" is neither a weapon tag \(reach, ranged/);
    expect(refused("Ogre (Huge) Life 9")).toMatch(
      /^"\(Huge\)" is not an enemy type: in brackets write one of \(Swarm\), \(Weak\)/,
    );
    expect(refused("Ogre Life 9 Life 10")).toBe("Life is given twice in the stat line: give it once.");
    expect(refused("Ogre 9")).toMatch(/^"Ogre" is not a stat this line knows/);
    expect(refused("Ogre")).toMatch(/^A stat line reads like `Life 9 Guard 4/);
  });
});
