import { describe, expect, it } from "vitest";
import {
  bx,
  canCastSpell,
  createBx,
  spellDisrupted,
  COMBAT_SEQUENCE,
  thac0Of,
} from "../../../src/rules/systems/bx/index.js";
import { isUnsupported } from "../../../src/rules/systems/types.js";
import { faces, mon, pc, seeded } from "./helpers.js";

const ok = <T>(x: T) => {
  if (isUnsupported(x)) throw new Error("unsupported");
  return x as Exclude<T, { unsupported: true }>;
};

describe("bx initiative", () => {
  const party = [
    pc("fighter"),
    pc("giant", { weapons: [{ name: "two-handed sword", twoHanded: true, damage: "1d10" }] }),
  ];
  const foes = [mon("orc1"), mon("orc2")];
  // seed 002, "Initiative": 1d6 per side, highest acts first
  it("the side with the higher d6 acts first", () => {
    const r = bx.initiative({ combatants: [...party, ...foes], method: "group", round: 1 }, faces(2, 5));
    expect(r.order).toEqual([["orc1", "orc2"], ["fighter"], ["giant"]]);
  });
  // seed 002, "Slow Weapons": two-handed melee weapons act last, as if they had lost
  it("a slow weapon acts after both sides even when its side won", () => {
    const r = bx.initiative({ combatants: [...party, ...foes], method: "group", round: 1 }, faces(6, 1));
    expect(r.order).toEqual([["fighter"], ["orc1", "orc2"], ["giant"]]);
    expect(r.rules).toContain('seed 002, "Slow Weapons"');
  });
  // seed 002, "Initiative": ties simultaneous or re-rolled, as the campaign sets
  it("ties: simultaneous by default, re-rolled when the campaign says so", () => {
    const sim = bx.initiative({ combatants: [party[0]!, ...foes], method: "group", round: 1 }, faces(4, 4));
    expect(sim.order).toEqual([["fighter", "orc1", "orc2"]]);
    const rr = createBx({ initiativeTies: "reroll" }).initiative(
      { combatants: [party[0]!, ...foes], method: "group", round: 1 },
      faces(4, 4, 3, 5),
    );
    expect(rr.order).toEqual([["orc1", "orc2"], ["fighter"]]);
  });
  // seed 002, "Individual Initiative (Optional Rule)": 1d6 each, modified by DEX; referee's modifier for monsters
  it("individual initiative with DEX", () => {
    const quick = pc("quick", { dex: 18 }); // +2
    const slowpoke = pc("slowpoke", { dex: 3 }); // −2
    const ogre = mon("ogre", { initiativeModifier: -1 });
    const r = bx.initiative({ combatants: [quick, slowpoke, ogre], method: "individual", round: 1 }, faces(1, 6, 5));
    // quick 3, slowpoke 4, ogre 4 → slowpoke & ogre together, then quick
    expect(r.order).toEqual([["slowpoke", "ogre"], ["quick"]]);
  });
  it("leaves out the dead; roundStart rolls anew and lists who cannot act", () => {
    const dead = mon("dead");
    dead.state.conditions.push("dead");
    const surprised = pc("sleepy");
    surprised.state.conditions.push("surprised");
    const r = bx.roundStart({ combatants: [surprised, dead, foes[0]!], method: "group", round: 2 }, faces(3, 2));
    expect(r.order).toEqual([["sleepy"], ["orc1"]]);
    expect(r.cannotAct).toEqual(["sleepy", "dead"]);
  });
  // seed 002, "Combat Sequence Per Round"
  it("lists the combat sequence", () => {
    expect(COMBAT_SEQUENCE[2]).toMatch(/monster morale, movement, missile attacks, spell casting, melee attacks/);
  });
});

describe("bx spell casting", () => {
  // seed 002, "Disrupting Spells"
  it("a caster who lost initiative and is hit (or fails a save) before acting loses the spell", () => {
    expect(spellDisrupted({ casterLostInitiative: true, hitBeforeActing: true }).disrupted).toBe(true);
    expect(
      spellDisrupted({ casterLostInitiative: true, hitBeforeActing: false, failedSaveBeforeActing: true }).disrupted,
    ).toBe(true);
    expect(spellDisrupted({ casterLostInitiative: false, hitBeforeActing: true }).disrupted).toBe(false);
    expect(spellDisrupted({ casterLostInitiative: true, hitBeforeActing: false }).disrupted).toBe(false);
  });
  // seed 002, "Spell Casting": freedom, sole action, no movement, line of sight
  it("lists why a spell cannot be cast", () => {
    expect(canCastSpell({})).toEqual([]);
    expect(
      canCastSpell({ gagged: true, movedThisRound: true, otherActionThisRound: true, targetVisible: false }),
    ).toHaveLength(4);
    expect(canCastSpell({ targetVisible: false, spellNeedsNoSight: true })).toEqual([]);
  });
});

describe("bx encounter tables", () => {
  // classic B/X surprise (not in seed 002; see docs): 1–2 on d6
  it("surprise on 1–2 per side", () => {
    const r = ok(bx.surprise({ party: [pc("a")], foes: [mon("b")] }, faces(2, 3)));
    expect(r.surprised).toEqual({ party: true, foes: false });
    // The referee's penalty −1 to the foes' roll: they are surprised on 1–3; a bonus +2 to the party's: never.
    const m = ok(bx.surprise({ party: [pc("a")], foes: [mon("b")], modifiers: { foes: -1, party: 2 } }, faces(1, 3)));
    expect(m.surprised).toEqual({ party: false, foes: true });
    expect(m.lines.slice(0, 2)).toEqual([
      "Party: rolled 1: cannot be surprised (surprised on 1–2, bonus +2 → never).",
      "Foes: rolled 3, surprised on 1–2, penalty -1 → on 1–3: surprised.",
    ]);
  });
  // standard reaction table: 2 | 3–5 | 6–8 | 9–11 | 12
  it("reaction bands on both sides of every edge", () => {
    const band = (a: number, b: number, modifier = 0) => ok(bx.reaction({ modifier }, faces(a, b))).reaction;
    expect(band(1, 1)).toBe("Hostile, attacks");
    expect(band(1, 2)).toBe("Hostile");
    expect(band(2, 3)).toBe("Hostile");
    expect(band(3, 3)).toBe("Uncertain");
    expect(band(4, 4)).toBe("Uncertain");
    expect(band(4, 5)).toBe("Indifferent");
    expect(band(5, 6)).toBe("Indifferent");
    expect(band(6, 6)).toBe("Friendly");
    expect(band(6, 6, -1)).toBe("Indifferent");
    expect(ok(bx.reaction({ leader: pc("bard", { cha: 18 }) }, faces(5, 6))).reaction).toBe("Friendly");
  });
  // seed 002, "Monster Morale (Optional Rule)": 2d6 > morale fails
  it("morale: equal holds, one above breaks; 12 never checks; 2 never fights", () => {
    const orcs = [mon("orc", { morale: 8 })];
    expect(ok(bx.morale({ who: orcs }, faces(4, 4))).holds).toBe(true);
    expect(ok(bx.morale({ who: orcs }, faces(4, 5))).holds).toBe(false);
    expect(ok(bx.morale({ who: orcs, modifier: 1 }, faces(4, 5))).holds).toBe(true);
    const skel = ok(bx.morale({ who: [mon("skeleton", { morale: 12 })] }, faces()));
    expect(skel.holds).toBe(true);
    expect(skel.rolls).toEqual([]);
    expect(ok(bx.morale({ who: [], rating: 2 }, faces())).holds).toBe(false);
    expect(() => bx.morale({ who: [{ ...pc("a"), kind: "retainer" }] }, faces())).toThrow(/rating/);
  });
  // classic B/X loyalty: 2d6 > loyalty deserts, equal hesitates
  it("loyalty: lower stays, equal hesitates, higher deserts", () => {
    expect(ok(bx.loyalty({ loyalty: 7 }, faces(3, 3))).outcome).toBe("stays");
    expect(ok(bx.loyalty({ loyalty: 7 }, faces(3, 4))).outcome).toBe("hesitates");
    expect(ok(bx.loyalty({ loyalty: 7 }, faces(4, 4))).outcome).toBe("deserts");
  });
  it("starting loyalty: 7 + employer's CHA adjustment, or the sheet's", () => {
    expect(bx.startingLoyalty(pc("a", { cha: 3 }))).toBe(4);
    expect(bx.startingLoyalty(pc("a", { cha: 12 }))).toBe(7);
    expect(bx.startingLoyalty(pc("a", { cha: 13 }))).toBe(8);
    expect(bx.startingLoyalty(pc("a", { cha: 18 }))).toBe(10);
    expect(bx.startingLoyalty(undefined)).toBe(7);
    expect(bx.startingLoyalty(pc("a", { cha: 18 }), pc("r", { loyalty: 9 }).sheet)).toBe(9);
  });
});

describe("bx sheets and presets", () => {
  it("creates a sheet from nothing and names the field on a bad value", () => {
    const s = bx.sheet.parse({});
    expect(s).toMatchObject({ class: "fighter", level: 1, hp: 6, ac: 9 });
    expect(s.thac0).toBeUndefined();
    expect(thac0Of(s)).toEqual({ value: 19, source: "classic fighter table, level 1" });
    const bad = bx.sheet.safeParse({ str: 19 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe("STR must be between 3 and 18");
    expect(bx.sheet.safeParse({ ac: 11 }).error!.issues[0]!.message).toBe("AC must be between -10 and 10");
  });
  it("has the classic presets", () => {
    // The six of issue 20 and the foes a referee meets first (issue 30), all classic B/X stat lines.
    expect(Object.keys(bx.presets).sort()).toEqual([
      "bandit",
      "bugbear",
      "dire wolf",
      "ghoul",
      "giant centipede",
      "giant rat",
      "gnoll",
      "goblin",
      "hobgoblin",
      "kobold",
      "lizard man",
      "normal man",
      "ogre",
      "orc",
      "owlbear",
      "skeleton",
      "stirge",
      "troll",
      "wolf",
      "zombie",
    ]);
    expect(bx.presets.troll).toMatchObject({ ac: 4, hd: "6+3", hp: 30, morale: 10, attacks: 3 });
    // The presets' THAC0 is the classic monster table's, as for any monster: troll 13, ogre 15, goblin 19, Normal Man 20.
    expect(
      ["troll", "ogre", "goblin", "orc", "skeleton", "normal man"].map((k) => thac0Of(bx.presets[k]!).value),
    ).toEqual([13, 15, 19, 19, 19, 20]);
    expect(bx.presets.goblin!.saves).toEqual({ death: 14, wands: 15, paralysis: 16, breath: 17, spells: 18 });
    expect(
      bx.view({
        id: "x",
        name: "x",
        side: "foes",
        kind: "monster",
        sheet: bx.presets.ogre!,
        state: bx.initialState(bx.presets.ogre!),
      }),
    ).toEqual({ summary: "HP 19/19", fraction: 1, status: "" });
    expect(bx.describeSheet(bx.presets.orc!)[0]).toEqual(["Class", "orc (HD 1)"]);
  });
  it("a seeded bag gives the same attack twice", () => {
    const a = bx.attack.begin(
      { attacker: pc("a"), defender: mon("d", { hp: 30 }), others: [], situation: {} },
      seeded("seed-1"),
    );
    const b = bx.attack.begin(
      { attacker: pc("a"), defender: mon("d", { hp: 30 }), others: [], situation: {} },
      seeded("seed-1"),
    );
    expect(a).toEqual(b);
  });
});
