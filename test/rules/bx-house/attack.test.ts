import { describe, expect, it } from "vitest";
import { bxHouse, planHouse, type HousePlan } from "../../../src/rules/systems/bx-house/index.js";
import { BX_DEFAULT_SETTINGS, sumMods } from "../../../src/rules/systems/bx/index.js";
import { isUnsupported } from "../../../src/rules/systems/types.js";
import { atk, faces, mon, pc, withConds } from "./helpers.js";
import { standing } from "../standing.js";

const S = { ...BX_DEFAULT_SETTINGS, variableDamage: true };
const plan = (...a: Parameters<typeof atk>): HousePlan => planHouse(atk(...a), S);
const toHit = (p: HousePlan) => sumMods(p.toHit);
/** Effects without the "has attacked this round" mark every attack leaves on its attacker. */
const noMark = (e: { addConditions?: string[] }[]) =>
  e.filter((x) => !x.addConditions?.some((c) => c === "attacked" || c.startsWith("attacking:")));

describe("bx-house: DEX and AC", () => {
  // seed 001, "COMBAT": DEX bonuses lower AC, not when relatively stationary
  it("DEX 16 lowers the defender's AC by 2; not when stationary or unaware", () => {
    const d = pc("d", { dex: 16, ac: 5 });
    expect(plan(pc("a"), d).target).toBe(19 - 3);
    expect(plan(pc("a"), withConds(d, "stationary")).target).toBe(19 - 5);
    expect(plan(pc("a"), withConds(d, "unaware")).target).toBe(19 - 5);
  });
});

describe("bx-house: to-hit and damage by class group", () => {
  const w = [{ name: "sword", damage: "1d8" }];
  // seed 001, "COMBAT" (Melee Attack / Melee Damage)
  it("fighter types add STR, thieves DEX, others +1 only at STR 16+", () => {
    expect(toHit(plan(pc("a", { class: "dwarf", str: 17, dex: 18, weapons: w }), mon("d")))).toBe(2);
    expect(toHit(plan(pc("a", { class: "pirate", str: 13, weapons: w }), mon("d")))).toBe(1);
    expect(toHit(plan(pc("a", { class: "thief", str: 18, dex: 16, weapons: w }), mon("d")))).toBe(2);
    expect(toHit(plan(pc("a", { class: "magic-user", str: 16, weapons: w }), mon("d")))).toBe(1);
    expect(toHit(plan(pc("a", { class: "cleric", str: 15, weapons: w }), mon("d")))).toBe(0);
    expect(sumMods(plan(pc("a", { class: "cleric", str: 18, weapons: w }), mon("d")).damageMods)).toBe(1);
    expect(sumMods(plan(pc("a", { class: "thief", str: 3, dex: 18, weapons: w }), mon("d")).damageMods)).toBe(3);
  });
  // seed 001, "COMBAT": swashbucklers (light armour, one-handed) may use DEX
  it("swashbuckler: DEX instead of STR only in light armour with a one-handed weapon", () => {
    const sw = { class: "fighter", swashbuckler: true, str: 9, dex: 17, armour: "light", weapons: w };
    expect(toHit(plan(pc("a", sw), mon("d")))).toBe(2);
    expect(toHit(plan(pc("a", { ...sw, armour: "heavy" }), mon("d")))).toBe(0);
    expect(toHit(plan(pc("a", { ...sw, weapons: [{ name: "greatsword", twoHanded: true }] }), mon("d")))).toBe(0);
  });
  // seed 001, "COMBAT" (Ranged Attack / Ranged Damage)
  it("ranged: DEX to hit; bows DEX damage; great bows STR; thrown by class; +1 short, −1 long", () => {
    const arms = [
      { name: "bow", kind: "missile", tags: ["bow"] },
      { name: "great bow", kind: "missile", tags: ["great bow"] },
      { name: "javelin", kind: "thrown" },
      { name: "crossbow", kind: "missile", tags: ["crossbow"] },
    ];
    const a = pc("a", { class: "fighter", str: 16, dex: 13, weapons: arms });
    const bow = plan(a, mon("d"), { range: "short" }, "bow");
    expect(toHit(bow)).toBe(2);
    expect(sumMods(bow.damageMods)).toBe(1);
    const gb = plan(a, mon("d"), { range: "long" }, "great bow");
    expect(toHit(gb)).toBe(1);
    expect(sumMods(gb.damageMods)).toBe(2);
    expect(sumMods(plan(a, mon("d"), {}, "javelin").damageMods)).toBe(2);
    expect(sumMods(plan(a, mon("d"), {}, "crossbow").damageMods)).toBe(0);
  });
});

describe("bx-house: natural 1 and 20", () => {
  // seed 001, "MISC COMBAT RULES": natural 1 misses; d20 over the level is a critical fumble
  it("natural 1: fumble when the d20 is over the level, not when equal", () => {
    const a = pc("a", { level: 3 });
    const f = standing(bxHouse, atk(a, mon("d")), faces(1, 4));
    expect(f.outcome).toBe("fumble");
    expect(noMark(f.final)).toEqual([]);
    expect(bxHouse.attack.begin(atk(a, mon("d")), faces(1, 3)).outcome).toBe("miss");
  });
  // seed 001, "MISC COMBAT RULES": natural 20 hits; 1 point less per number needed over 20
  it("natural 20 needing 22 hits with 2 off the damage; a hit for 0 is possible", () => {
    const a = pc("a", { weapons: [{ name: "sword", damage: "1d6" }] });
    const d = mon("d", { ac: -3, hp: 20 }); // THAC0 19 − (−3) = 22
    const s = standing(bxHouse, atk(a, d), faces(20, 5));
    expect(s.outcome).toBe("hit");
    expect(noMark(s.final)).toEqual([{ targetId: "d", damage: 3, damageKind: "normal" }]);
    const zero = standing(bxHouse, atk(a, d), faces(20, 2));
    expect(zero.outcome).toBe("hit");
    expect(noMark(zero.final)).toEqual([]);
    expect(zero.result.lines.join(" ")).toMatch(/Damage .*: 0/);
  });
  // seed 001, "MISC COMBAT RULES": a critical unless only 19–20 could hit
  it("critical when the foe needed 18, not when it needed 19", () => {
    const a = pc("a");
    expect(bxHouse.attack.begin(atk(a, mon("d", { ac: 1, hp: 20 })), faces(20, 3)).outcome).toBe("critical hit"); // needs 18
    expect(bxHouse.attack.begin(atk(a, mon("d", { ac: 0, hp: 20 })), faces(20, 3)).outcome).toBe("hit"); // needs 19
  });
  it("natural 20 does not hit when magic is required and missing", () => {
    expect(bxHouse.attack.begin(atk(pc("a"), mon("d", { hitOnlyBy: ["magic"] })), faces(20)).outcome).toBe("miss");
  });
});

describe("bx-house: situational modifiers", () => {
  // seed 001, "MISC COMBAT RULES": untrained weapons attack as a Normal Man, D3/D4/D6
  it("untrained weapon: THAC0 20 and d4 for a medium weapon", () => {
    const a = pc("a", { thac0: 17, weapons: [{ name: "flail", damage: "1d8", trained: false }] });
    const p = plan(a, mon("d", { ac: 9 }));
    expect(p.target).toBe(11);
    expect(p.damage).toEqual({ count: 1, sides: 4, modifier: 0 });
  });
  // seed 001, "MISC COMBAT RULES": mounted +1 / −1, cancelled by polearms; high ground ±1
  it("mounted and high ground", () => {
    expect(toHit(plan(pc("a"), mon("d"), { mounted: true }))).toBe(1);
    expect(toHit(plan(pc("a"), withConds(mon("d"), "mounted")))).toBe(-1);
    expect(
      toHit(plan(pc("a", { weapons: [{ name: "halberd", tags: ["polearm"] }] }), withConds(mon("d"), "mounted"))),
    ).toBe(0);
    expect(toHit(plan(pc("a"), mon("d", { weapons: [{ name: "pike", tags: ["pike"] }] }), { mounted: true }))).toBe(0);
    expect(toHit(plan(pc("a"), mon("d"), { highGround: true }))).toBe(1);
    expect(toHit(plan(pc("a"), mon("d"), { lowGround: true }))).toBe(-1);
  });
  // seed 001, "MISC COMBAT RULES": more than 2 attackers +1 each; a shield against 2 only
  it("surrounded: +1 with 3 attackers, not with 2; shield only against the two it faces", () => {
    const d = pc("d", { ac: 4, shield: true });
    // Those who attacked d this round or the last carry "attacking:d".
    const o1 = withConds(mon("o1"), "attacking:d");
    const o2 = withConds(mon("o2"), "attacking:d");
    // The attack's begin pays the mark (below, "offers Parry…"), not its final effects.
    expect(plan(mon("a"), d).marks).not.toContainEqual({ targetId: "a", addConditions: ["attacking:d"] });
    expect(toHit(plan(mon("a"), d, {}, undefined, [o1]))).toBe(0);
    expect(toHit(plan(mon("a"), d, {}, undefined, [o1, o2]))).toBe(1);
    expect(toHit(plan(mon("a"), withConds(d, "back to wall"), {}, undefined, [o1, o2]))).toBe(0);
    // a third who joins: the shield is not usable against it; one of the first two: it is
    expect(plan(mon("a"), d, {}, undefined, [o1, o2]).target).toBe(19 - 5);
    expect(plan(o1, d, {}, undefined, [withConds(mon("a"), "attacking:d"), o2]).target).toBe(19 - 4);
  });
  // seed 001, "MISC COMBAT RULES": "Up to 6 combatants of around human size can surround and attack a human-sized character"
  it("six around a man-sized defender: a seventh newcomer is refused, one of the six is not; a large defender takes eight", () => {
    const six = ["o1", "o2", "o3", "o4", "o5", "o6"].map((id) => withConds(mon(id), "attacking:d"));
    expect(() => plan(mon("a"), pc("d"), {}, undefined, six)).toThrow(
      /d is already surrounded by 6 attackers, the most around a man-sized defender/,
    );
    expect(() =>
      plan(six[0]!, pc("d"), {}, undefined, [...six.slice(1), withConds(mon("a"), "attacking:d")]),
    ).not.toThrow();
    expect(() => plan(mon("a"), pc("d", { size: "large" }), {}, undefined, six)).not.toThrow();
  });
  // seed 001, "MISC COMBAT RULES": flanking +1, no shield, no DEX
  it("flanking: +1 and the defender loses shield and DEX", () => {
    const d = pc("d", { ac: 4, shield: true, dex: 16 });
    const p = plan(mon("a"), d, { flank: true });
    expect(toHit(p)).toBe(1);
    expect(p.target).toBe(19 - 5);
    expect(plan(mon("a"), d).target).toBe(19 - 2);
  });
  // seed 001, "MISC COMBAT RULES": attacks from behind; the following round
  it("from behind: +2, no shield or DEX, defender surprised; next round advantage / disadvantage", () => {
    const d = pc("d", { ac: 4, shield: true, dex: 16, hp: 20 });
    const s = standing(bxHouse, atk(mon("a"), d, { rear: true }), faces(12, 3));
    expect(s.outcome).toBe("hit"); // 12 + 2 = 14 ≥ 19 − 5
    expect(s.final).toContainEqual({
      targetId: "d",
      addConditions: ["surprised", "rear-attacked"],
      note: "d is surprised: it cannot return the attack this round, and attacks at disadvantage next round",
    });
    expect(s.final).toContainEqual({ targetId: "a", addConditions: ["behind:d"] });
    // the following round: the attacker (marked behind:d) has advantage; the marks stay until their lifetime ends
    const next = standing(
      bxHouse,
      atk(withConds(mon("a"), "behind:d"), withConds(d, "rear-attacked")),
      faces(3, 17, 4),
    );
    expect(next.result.rolls[0]!.notation).toBe("2d20kh1");
    expect(next.outcome).toBe("hit"); // 17 ≥ 19 − (4 − 2 DEX): shield and DEX are back
    expect(next.final.some((e) => e.removeConditions?.includes("rear-attacked"))).toBe(false);
    // another attacker gets no advantage against it
    expect(bxHouse.attack.begin(atk(mon("b"), withConds(d, "rear-attacked")), faces(3)).result.rolls[0]!.notation).toBe(
      "1d20",
    );
    const back = bxHouse.attack.begin(atk(withConds(d, "rear-attacked"), mon("a")), faces(15, 3));
    expect(back.result.rolls[0]!.notation).toBe("2d20kl1");
    expect(back.outcome).toBe("miss");
  });
  // seed 001, "MISC COMBAT RULES": backstab — only the first attack gets the thief's bonuses
  it("backstab: +4 and double damage on the first attack only", () => {
    const t = pc("t", { class: "thief" });
    const p = plan(t, mon("d"), { rear: true });
    expect(toHit(p)).toBe(6);
    expect(p.multiplier).toBe(2);
    const p2 = planHouse({ ...atk(t, mon("d"), { rear: true }), attackIndex: 1 }, S);
    expect(toHit(p2)).toBe(2);
    expect(p2.multiplier).toBe(1);
  });
  // seed 001, "MISC COMBAT RULES": Florentine — advantage, roll which weapon hit, +1 AC against melee
  it("Florentine: advantage, which weapon hit, +1 AC in defence", () => {
    const a = pc("a", {
      weapons: [
        { name: "sword", damage: "1d8" },
        { name: "dagger", damage: "1d4" },
      ],
    });
    const s = standing(bxHouse, atk(a, mon("d", { hp: 20 }), { twoWeapons: true }), faces(4, 12, 2, 3));
    expect(s.outcome).toBe("hit");
    expect(s.result.rolls.map((r) => r.notation)).toEqual(["2d20kh1", "1d2", "1d4"]);
    expect(s.final[0]).toEqual({ targetId: "d", damage: 3, damageKind: "normal" });
    expect(plan(mon("x"), pc("d", { florentine: true, ac: 5 })).target).toBe(19 - 4);
    expect(
      plan(mon("x", { weapons: [{ name: "bow", kind: "missile" }] }), pc("d", { florentine: true, ac: 5 })).target,
    ).toBe(19 - 5);
  });
  // seed 001, "MISC COMBAT RULES": cover −2 / −4 / −6
  it("cover: 25% −2, 50% −4, 75% −6", () => {
    const a = pc("a", { weapons: [{ name: "sling", kind: "missile" }] });
    expect(toHit(plan(a, mon("d"), { cover: "light" }))).toBe(-2);
    expect(toHit(plan(a, mon("d"), { cover: "partial" }))).toBe(-4);
    expect(toHit(plan(a, mon("d"), { cover: "heavy" }))).toBe(-6);
    expect(() => plan(a, mon("d"), { cover: "full" })).toThrow(/complete cover/);
  });
  // seed 001, "MISC COMBAT RULES": crossbows fire every other round
  it("crossbow: marks the shot, refuses while reloading", () => {
    const a = pc("a", { weapons: [{ name: "crossbow", kind: "missile", tags: ["crossbow"] }] });
    const s = standing(bxHouse, atk(a, mon("d")), faces(2));
    expect(s.final).toContainEqual({
      targetId: "a",
      addConditions: ["reloading"],
      note: "crossbows fire every other round",
    });
    expect(() => bxHouse.attack.begin(atk(withConds(a, "reloading"), mon("d")), faces(10))).toThrow(
      /every other round/,
    );
  });
});

describe("bx-house: charging", () => {
  // seed 001, "MISC COMBAT RULES" (CHARGING ATTACKS)
  it("+2 and double damage, once per turn, first attack only, no DEX", () => {
    const a = pc("a", { class: "thief", dex: 16, weapons: [{ name: "sword", damage: "1d6" }] });
    const p = plan(a, mon("d"), { charge: true });
    expect(toHit(p)).toBe(2); // DEX +2 dropped, charge +2
    expect(p.multiplier).toBe(2);
    expect(p.marks).toContainEqual({
      targetId: "a",
      addConditions: ["charging", "charged"],
      note: "charged: no DEX bonus to AC this round; no other charge this turn",
    });
    expect(() => plan(withConds(a, "charged"), mon("d"), { charge: true })).toThrow(/once per 10-minute turn/);
    expect(planHouse({ ...atk(a, mon("d"), { charge: true }), attackIndex: 1 }, S).multiplier).toBe(1);
    // the charger has no DEX bonus to AC; its target keeps its own
    expect(plan(mon("x"), withConds(pc("c", { dex: 18, ac: 5 }), "charging")).target).toBe(19 - 5);
    expect(plan(a, pc("t", { dex: 18, ac: 5 }), { charge: true }).target).toBe(19 - 2);
  });
  it("set spears: +2 and double damage against a charger", () => {
    const spear = pc("a", { weapons: [{ name: "spear", tags: ["spear"] }] });
    const p = plan(withConds(spear, "spear set"), withConds(mon("d"), "charging"));
    expect(toHit(p)).toBe(2);
    expect(p.multiplier).toBe(2);
    // a spear not set (not declared before initiative) gets nothing
    expect(plan(spear, withConds(mon("d"), "charging")).multiplier).toBe(1);
  });
  it("mounted lance charge: 2d6 × 2 against man-sized, 3d6 × 2 against large", () => {
    const a = pc("a", { weapons: [{ name: "lance", damage: "1d6", tags: ["lance"] }] });
    const man = plan(a, mon("d"), { charge: true, mounted: true });
    expect(man.damage).toEqual({ count: 2, sides: 6, modifier: 0 });
    expect(man.multiplier).toBe(2);
    expect(plan(a, mon("d", { size: "large" }), { charge: true, mounted: true }).damage.count).toBe(3);
  });
});

describe("bx-house: parry", () => {
  // seed 001, "MISC COMBAT RULES": parry — +2 defence that round, no attacks
  it("offers Parry when it would change the outcome; pressing it re-resolves at +2 AC and costs the attack", () => {
    const a = mon("a");
    const d = pc("d", { ac: 5, hp: 20, weapons: [{ name: "sword" }] });
    const input = atk(a, d);
    const s = bxHouse.attack.begin(input, faces(15, 4)); // needs 14: hit; parried needs 16
    expect(s.outcome).toBe("hit");
    expect(s.options.map((o) => [o.id, o.by])).toEqual([
      ["parry", "d"],
      ["take", "d"],
    ]);
    // Waiting for the answer, the attacker already stands around the defender (seed 001, "Up to 6 combatants … can surround").
    expect([s.pay, s.final, s.followup]).toEqual([[{ targetId: "a", addConditions: ["attacking:d"] }], [], []]);
    const p = bxHouse.attack.react(s, "parry", input, faces());
    expect(p.phase).toBe("done");
    expect(p.outcome).toBe("miss");
    // The parry's price (no attack this round) is the press's own cost; the miss it makes leaves only the attack's marks.
    expect(p.pay).toEqual([{ targetId: "d", addConditions: ["parrying"], note: "parried: no attack this round" }]);
    expect(noMark(p.final)).toEqual([]);
    const again = bxHouse.attack.react(s, "parry", input, faces());
    expect([again.pay, again.final]).toEqual([p.pay, p.final]);
    expect(() => bxHouse.attack.react(p, "parry", input, faces())).toThrow(/already resolved/);
    const t = bxHouse.attack.react(s, "take", input, faces());
    expect(t.pay).toEqual([]);
    expect(noMark(t.final)).toEqual([{ targetId: "d", damage: 4, damageKind: "normal" }]);
  });
  it("no Parry against missiles, from behind, on a miss, or after the defender attacked", () => {
    const d = pc("d", { ac: 5, hp: 20, weapons: [{ name: "sword" }] });
    const ids = (s: { options: { id: string }[] }) => s.options.map((o) => o.id);
    expect(
      ids(bxHouse.attack.begin(atk(mon("a", { weapons: [{ name: "bow", kind: "missile" }] }), d), faces(15, 1))),
    ).toEqual(["take"]);
    expect(ids(bxHouse.attack.begin(atk(mon("a"), d, { rear: true }), faces(15, 1)))).toEqual(["take"]);
    expect(ids(bxHouse.attack.begin(atk(mon("a"), d), faces(5)))).toEqual(["take"]);
    expect(ids(bxHouse.attack.begin(atk(mon("a"), withConds(d, "attacked")), faces(15, 1)))).toEqual(["take"]);
    // a defender already parrying gets the +2 without pressing
    expect(bxHouse.attack.begin(atk(mon("a"), withConds(d, "parrying")), faces(15)).outcome).toBe("miss");
    expect(() => bxHouse.attack.begin(atk(withConds(d, "parrying"), mon("a")), faces(15))).toThrow(/parrying/);
  });
  it("lapse makes the attack final without the parry", () => {
    const input = atk(mon("a"), pc("d", { ac: 5, hp: 20, weapons: [{ name: "sword" }] }), {
      charge: true,
      enchanted: true,
    });
    const s = bxHouse.attack.begin(input, faces(15, 4));
    expect(s.ignored).toEqual(["enchanted"]);
    const l = bxHouse.attack.lapse(s, input, faces());
    expect(l.phase).toBe("done");
    expect(l.pay).toEqual([]);
    expect(l.final[0]).toEqual({ targetId: "d", damage: 8, damageKind: "normal" });
    expect(bxHouse.attack.lapse(l, input, faces()).final).toEqual([]);
  });
});

describe("bx-house: empty hands and subdual", () => {
  // seed 001, "MISC COMBAT RULES" (Empty Hand Attacks)
  it("d4; one real point for every 2 dice (2 at STR 16–18); surprise doubles the dice", () => {
    const a = pc("a", { str: 10 });
    const d = mon("d", { hp: 10 });
    const first = standing(bxHouse, atk(a, d, {}, "fist"), faces(15, 3));
    expect(noMark(first.final)).toEqual([{ targetId: "d", damage: 3, damageKind: "subdual", note: "empty-hand die" }]);
    const d2 = { ...d, state: { ...d.state, emptyHandDice: 1 } };
    const second = standing(bxHouse, atk(a, d2, {}, "fist"), faces(15, 3));
    expect(noMark(second.final)).toEqual([
      { targetId: "d", damage: 2, damageKind: "subdual", note: "empty-hand die" },
      { targetId: "d", damage: 1, damageKind: "normal" },
    ]);
    const strong = standing(bxHouse, atk(pc("s", { str: 16 }), d2, {}, "fist"), faces(15, 3));
    expect(strong.final[1]).toEqual({ targetId: "d", damage: 2, damageKind: "normal" });
    const surprise = bxHouse.attack.begin(atk(a, d, { rear: true }, "fist"), faces(15, 2, 4));
    expect(surprise.result.rolls[1]!.notation).toBe("2d4");
    const pulled = standing(bxHouse, atk(a, d2, {}, "fist (pulled)"), faces(15, 3));
    expect(noMark(pulled.final)).toEqual([{ targetId: "d", damage: 3, damageKind: "subdual", note: "empty-hand die" }]);
  });
  it("temporary damage knocks out at 0 and counts dice; recovery per turn", async () => {
    const { recoverSubdual } = await import("../../../src/rules/systems/bx-house/index.js");
    const d = mon("d", { hp: 5, hd: "2" });
    const r1 = bxHouse.applyDamage(d, 3, faces(), "subdual");
    expect(r1.state).toMatchObject({ subdual: 3, emptyHandDice: 1, hp: 5, conditions: [] });
    const r2 = bxHouse.applyDamage({ ...d, state: r1.state }, 2, faces(), "subdual");
    expect(r2.state.conditions).toEqual(["unconscious"]);
    expect(bxHouse.view({ ...d, state: r2.state }).summary).toBe("HP 5/5 (5 temporary)");
    const rec = recoverSubdual({ ...d, state: r2.state }, 1);
    expect(rec).toEqual({ subdual: 3, conditions: [], recovered: 2 });
  });
});

describe("bx-house: odds", () => {
  it("advantage and the natural-20 reduction", () => {
    const o = bxHouse.odds!(atk(pc("a"), mon("d", { ac: 6 }), { twoWeapons: true }));
    if (isUnsupported(o)) throw new Error();
    expect(o.lines[0]).toMatch(/64% to hit with advantage/);
    const o2 = bxHouse.odds!(atk(pc("a", { weapons: [{ name: "club", damage: "1d4" }] }), mon("d", { ac: -3 })));
    if (isUnsupported(o2)) throw new Error();
    expect(o2.lines[1]).toMatch(/Only a natural 20 hits, with 2 off/);
    expect(o2.lines[2]).toMatch(/^Damage on a hit: 0: 50%/);
  });
});
