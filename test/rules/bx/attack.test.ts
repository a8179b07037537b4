import { describe, expect, it } from "vitest";
import { bx, bxPresets, createBx } from "../../../src/rules/systems/bx/index.js";
import { isUnsupported } from "../../../src/rules/systems/types.js";
import { atk, faces, mon, pc } from "./helpers.js";
import { standing } from "../standing.js";

describe("bx attack rolls", () => {
  // seed 002, "Attack Rolls": THAC0 − total = AC hit; hits when ≤ the foe's AC
  it("THAC0 19 against AC 6 needs 13: 13 hits, 12 misses", () => {
    const a = pc("a");
    const d = mon("d", { ac: 6, hp: 10 });
    const hit = standing(bx, atk(a, d), faces(13, 4));
    expect(hit.outcome).toBe("hit");
    expect(hit.final).toEqual([{ targetId: "d", damage: 4, damageKind: "normal" }]);
    const miss = standing(bx, atk(a, d), faces(12));
    expect(miss.outcome).toBe("miss");
    expect(miss.final).toEqual([]);
  });
  // seed 002, "Attack Rolls": STR modifies melee attack; and "Rolling for Damage": STR modifies melee damage
  it("STR 16 gives +2 to hit and damage in melee", () => {
    const a = pc("a", { str: 16 });
    const d = mon("d", { ac: 6, hp: 20 });
    const s = standing(bx, atk(a, d), faces(11, 3));
    expect(s.outcome).toBe("hit");
    expect(s.final[0]!.damage).toBe(5);
    expect(bx.attack.begin(atk(a, d), faces(10)).outcome).toBe("miss");
  });
  // seed 002, "Ascending Armor Class (Optional Rule)": total + attack bonus ≥ AAC
  it("ascending AC: bonus +1 against AAC 14 needs 13", () => {
    const a = pc("a", { acMode: "ascending", attackBonus: 1 });
    const d = mon("d", { aac: 14, hp: 20 });
    expect(bx.attack.begin(atk(a, d), faces(13, 1)).outcome).toBe("hit");
    expect(bx.attack.begin(atk(a, d), faces(12)).outcome).toBe("miss");
  });
  // seed 002, "1s and 20s" (attacks)
  it("natural 20 hits AC -10, natural 1 misses AC 9", () => {
    const a = pc("a");
    expect(bx.attack.begin(atk(a, mon("d", { ac: -10, hp: 20 })), faces(20, 2)).outcome).toBe("hit");
    expect(bx.attack.begin(atk(pc("b", { thac0: 5 }), mon("d", { ac: 9, hp: 20 })), faces(1)).outcome).toBe("miss");
  });
  // seed 002, "Missile Attacks" and "Range Modifiers": DEX, +1 short, −1 long
  it("missile: DEX and range modifiers", () => {
    const a = pc("a", { dex: 13, weapons: [{ name: "bow", kind: "missile", damage: "1d6" }] });
    const d = mon("d", { ac: 6, hp: 20 });
    // needs 13: 11 + DEX 1 + short 1 = 13
    expect(bx.attack.begin(atk(a, d, { range: "short" }, "bow"), faces(11, 2)).outcome).toBe("hit");
    // 13 + 1 − 1 = 13 at long range; 12 misses
    expect(bx.attack.begin(atk(a, d, { range: "long" }, "bow"), faces(13, 2)).outcome).toBe("hit");
    expect(bx.attack.begin(atk(a, d, { range: "long" }, "bow"), faces(12)).outcome).toBe("miss");
  });
  // seed 002, "Targets Behind Cover": complete cover cannot be hit; partial −1..−4
  it("cover: heavy −4, light −1, complete impossible (AC 9 needs 10)", () => {
    const a = pc("a", { weapons: [{ name: "bow", kind: "missile" }] });
    const d = mon("d", { ac: 9, hp: 20 });
    expect(bx.attack.begin(atk(a, d, { cover: "heavy" }, "bow"), faces(13)).outcome).toBe("miss");
    expect(bx.attack.begin(atk(a, d, { cover: "heavy" }, "bow"), faces(14, 1)).outcome).toBe("hit");
    expect(bx.attack.begin(atk(a, d, { cover: "light" }, "bow"), faces(11, 1)).outcome).toBe("hit");
    expect(bx.attack.begin(atk(a, d, { cover: "light" }, "bow"), faces(10)).outcome).toBe("miss");
    expect(() => bx.attack.begin(atk(a, d, { cover: "full" }, "bow"), faces(20))).toThrow(/complete cover/);
  });
  // seed 002, "In Melee": retreat — +2 against, shield ignored, no attack by the retreating
  it("retreating foe: +2 to hit and its shield ignored", () => {
    const a = pc("a");
    const d = mon("d", { ac: 5, shield: true, hp: 20 });
    d.state.conditions.push("retreating");
    // THAC0 19 vs AC 5+1 = 6 needs 13; +2 → natural 11 hits, 10 misses
    expect(bx.attack.begin(atk(a, d), faces(11, 1)).outcome).toBe("hit");
    expect(bx.attack.begin(atk(a, d), faces(10)).outcome).toBe("miss");
    expect(() => bx.attack.begin(atk(d, a), faces(10))).toThrow(/may not attack/);
  });
  // seed 002, "Invulnerabilities": hit but no damage rolled
  it("invulnerable monster: hit, no damage die", () => {
    const a = pc("a", { weapons: [{ name: "sword" }, { name: "sword +1", magic: 1 }] });
    const d = mon("wight", { ac: 5, hp: 20, hitOnlyBy: ["magic", "silver"] });
    const s = bx.attack.begin(atk(a, d, {}, "sword"), faces(18));
    expect(s.outcome).toBe("no effect");
    expect(s.result.rolls).toHaveLength(1);
    const m = standing(bx, atk(a, d, {}, "sword +1"), faces(18, 3));
    expect(m.outcome).toBe("hit");
    expect(m.final[0]!.damage).toBe(4);
  });
  // seed 002, "Rolling for Damage": PCs 1d6; minimum 1 on a hit; "Variable Weapon Damage (Optional Rule)"
  it("PC damage is 1d6 unless the variable damage option is on; at least 1", () => {
    const a = pc("a", { str: 3, weapons: [{ name: "sword", damage: "1d8" }] });
    const d = mon("d", { ac: 9, hp: 20 });
    const flat = standing(bx, atk(a, d), faces(20, 2));
    // The STR penalty the total takes is in the dice line, and so is the minimum: "1d6-3 (2) = -1 → 1 (at least 1)".
    expect(flat.result.rolls[1]).toMatchObject({
      notation: "1d6-3",
      total: -1,
      counts: { total: 1, why: "at least 1" },
    });
    expect(flat.final[0]!.damage).toBe(1); // 2 − 3 = −1 → 1
    const variable = standing(createBx({ variableDamage: true }), atk(a, d), faces(20, 8));
    expect(variable.result.rolls[1]).toMatchObject({ notation: "1d8-3", total: 5 });
    expect(variable.final[0]!.damage).toBe(5);
  });
  // seed 002, "Rolling for Damage": monsters deal the damage in their description
  it("monster damage from its attack: troll bite 1d10", () => {
    const troll = {
      id: "t",
      name: "troll",
      side: "foes" as const,
      kind: "monster" as const,
      sheet: bxPresets.troll!,
      state: bx.initialState(bxPresets.troll!),
    };
    const s = bx.attack.begin(atk(troll, pc("a", { hp: 20 }), {}, "bite"), faces(10, 9));
    expect(s.result.rolls[1]!.notation).toBe("1d10");
    expect(s.outcome).toBe("hit"); // THAC0 13 vs AC 9 needs 4
  });
  // seed 002, "Death" within an attack
  it("reports slain when damage reaches the defender's HP", () => {
    const s = bx.attack.begin(atk(pc("a"), mon("d", { hp: 3 })), faces(15, 3));
    expect(s.outcome).toBe("slain");
  });
});

describe("bx attack state machine", () => {
  // seed 002, "Attacking": bx has no defender reactions: only "Take it"
  it("offers only Take it to the defender, then is done", () => {
    const input = atk(pc("a"), mon("d", { ac: 6, hp: 20 }), { charge: true, range: "short" });
    const s = bx.attack.begin(input, faces(15, 2));
    expect(s.phase).toBe("reactions");
    expect(s.options).toEqual([
      { id: "take", label: "Take it", by: "d", cost: "no cost", rule: 'seed 002, "Attack Rolls"' },
    ]);
    expect(s.ignored).toEqual(["charge", "range"]);
    expect(() => bx.attack.react(s, "parry", input, faces())).toThrow(/no longer open/);
    const done = bx.attack.react(s, "take", input, faces());
    expect(done.phase).toBe("done");
    expect(done.options).toEqual([]);
    // Nothing applies while the attack waits; taking it (or the lapse) hands over the damage, once.
    expect([s.pay, s.final, s.followup]).toEqual([[], [], []]);
    expect(done.final).toEqual([{ targetId: "d", damage: 2, damageKind: "normal" }]);
    expect(() => bx.attack.react(done, "take", input, faces())).toThrow(/already resolved/);
    const lapsed = bx.attack.lapse(s, input, faces());
    expect(lapsed.phase).toBe("done");
    expect(lapsed.final).toEqual([{ targetId: "d", damage: 2, damageKind: "normal" }]);
    expect(bx.attack.lapse(lapsed, input, faces()).final).toEqual([]);
    expect(JSON.parse(JSON.stringify(s.data))).toEqual(s.data);
  });
  it("refuses an unknown weapon with the sheet's choices", () => {
    const a = pc("a", { weapons: [{ name: "mace" }] });
    expect(() => bx.attack.begin(atk(a, mon("d"), {}, "axe"), faces(10))).toThrow(/one of mace/);
  });
  // odds: seed 002, "Attack Rolls" and "1s and 20s"
  it("odds: needs 13 → 40%, damage 1d6 spread", () => {
    const o = bx.odds!(atk(pc("a"), mon("d", { ac: 6 })));
    if (isUnsupported(o)) throw new Error();
    expect(o.lines[0]).toMatch(/40%/);
    expect(o.lines[1]).toMatch(/1: 16.7%/);
    const o2 = bx.odds!(atk(pc("a"), mon("d", { ac: -10 })));
    if (isUnsupported(o2)) throw new Error();
    expect(o2.lines[0]).toMatch(/ 5%/);
  });
});
