import { describe, expect, it } from "vitest";
import { bxHouse, createBxHouse, encounterDistance } from "../../../src/rules/systems/bx-house/index.js";
import { atk, faces, mon, pc, withConds } from "./helpers.js";
import type { Combatant } from "../../../src/rules/systems/types.js";
import type { HouseSheet } from "../../../src/rules/systems/bx-house/index.js";
import { standing } from "../standing.js";
import type { Mark } from "../../../src/rules/marks.js";

type HC = Combatant<HouseSheet>;
const ctx = (others: HC[] = [], phase: "declare" | "act" = "act") => ({ round: 1, declared: [], others, phase });
const declare = (who: HC, id: string, others: HC[] = [], dice = faces(), detail?: string) =>
  bxHouse.round.declare({ who, id, others, round: 1, declared: [], ...(detail ? { detail } : {}) }, dice);
const apply = (c: HC, effects: { targetId: string; addConditions?: Mark[]; removeConditions?: Mark[] }[]): HC => {
  let conds = [...c.state.conditions];
  for (const e of effects.filter((x) => x.targetId === c.id))
    conds = [...conds.filter((x) => !e.removeConditions?.includes(x)), ...(e.addConditions ?? [])];
  return { ...c, state: { ...c.state, conditions: conds } };
};

describe("bx-house: declarations", () => {
  // seed 001, "MISC COMBAT RULES" (CHARGING ATTACKS): "no more than once per 10 minute Turn"
  it("charge: declared before initiative, marks charging (this round) and charged (this turn); not twice a turn", () => {
    const a = pc("a", { movement: 120 });
    expect(bxHouse.round.declarations(a, ctx([], "declare")).map((d) => d.id)).toContain("charge");
    const d = declare(a, "charge");
    expect(d.effects).toEqual([{ targetId: "a", addConditions: ["charging", "charged"] }]);
    expect(bxHouse.words.conditions.charged).toEqual({ label: "has charged this turn", lasts: "turn" });
    expect(bxHouse.words.conditions.charging!.lasts).toBe("round");
    expect(() => declare(withConds(a, "charged"), "charge")).toThrow(/once per 10-minute turn/);
  });
  // seed 001, "MISC COMBAT RULES": set spears get +2, double damage, and strike first against unmounted chargers
  it("a set spear strikes the charger first, at +2 and double damage", () => {
    const spear = apply(
      pc("p", { weapons: [{ name: "spear", damage: "1d6", tags: ["spear"] }] }),
      declare(pc("p", { weapons: [{ name: "spear", tags: ["spear"] }] }), "set spear").effects,
    );
    expect(() => declare(pc("x"), "set spear")).toThrow(/no spear or pike/);
    const orc = apply(mon("orc", { hp: 20 }), declare(mon("orc"), "charge").effects);
    const ini = bxHouse.initiative({ combatants: [orc, spear], method: "individual", round: 2 }, faces(6, 3)); // the orc rolls higher, the set spear still strikes first
    expect(ini.order).toEqual([["p"], ["orc"]]);
    expect(ini.lines).toContain("Spears set against the charge strike first: p.");
    const s = standing(bxHouse, atk(spear, orc), faces(10, 4));
    expect(s.result.lines[0]).toMatch(/spear set against a charge \+2/);
    expect(s.final[0]).toEqual({ targetId: "orc", damage: 8, damageKind: "normal" }); // 4 × 2
  });
  // seed 001, "MISC COMBAT RULES": "Melee combatants may parry - gives +2 to defense on that round but no attacks are possible"
  it("parry declared: no attacks this round", () => {
    const d = declare(pc("a"), "parry");
    expect(d.effects).toEqual([{ targetId: "a", addConditions: ["parrying"] }]);
    expect(bxHouse.round.allowance(withConds(pc("a"), "parrying"), ctx())).toMatchObject({
      attacks: 0,
      why: "parrying: no attacks are possible",
    });
  });
  // seed 001, "MISC COMBAT RULES": retreat: "roll an initiative die(D6)… Add each combatant's DEX bonus"
  it("retreat: d6 + DEX each; the foes who roll higher get a parting shot (one attack more)", () => {
    const orc = mon("orc");
    const gob = mon("gob");
    const r = declare(pc("a"), "retreat", [orc, gob], faces(3, 5, 2));
    expect(r.lines).toEqual([
      "a: 3.",
      "orc: 5 — a parting shot at +2, shield not counted.",
      "gob: 2 — no parting shot.",
    ]);
    // The roll is kept for its round (issue 30: withdrawing and declaring again must not reroll it).
    expect(r.effects).toEqual([
      { targetId: "a", addConditions: ["retreating", expect.stringMatching(/^kept:retreat\|/)] },
      { targetId: "orc", addConditions: ["parting shot"] },
    ]);
    expect(bxHouse.round.allowance(withConds(orc, "parting shot"), ctx())).toMatchObject({ attacks: 2 });
    expect(bxHouse.round.allowance(withConds(pc("a"), "retreating"), ctx())).toMatchObject({ attacks: 0 });
  });
  // seed 001, "EVASION AND PURSUIT": "roll on Monster Reaction Table to see if they will pursue"
  it("flee: the retreat roll, then 2d6 for pursuit; pursued and slower means fleeing, else fled", () => {
    const wolf = mon("wolf", { movement: 180 });
    const caught = declare(pc("a", { movement: 120 }), "flee", [wolf], faces(4, 2, 3, 3));
    expect(caught.effects).toContainEqual({ targetId: "a", addConditions: ["fleeing"] });
    expect(caught.lines).toContain(
      "Running at 120' against 180': caught in 1 round; the pursuers attack at +2 each round until a turns and re-engages.",
    );
    const away = declare(pc("a"), "flee", [mon("o")], faces(4, 2, 6, 5));
    expect(away.effects).toContainEqual({ targetId: "a", addConditions: ["fled"] });
    // fleeing: food or treasure, obstacles
    const f = withConds(pc("a"), "fleeing");
    expect(bxHouse.round.declarations(f, ctx([wolf])).map((d) => d.id)).toEqual(
      expect.arrayContaining(["drop food", "drop treasure", "obstacle"]),
    );
    expect(declare(f, "drop treasure", [mon("o")], faces(3)).effects).toEqual([
      { targetId: "a", removeConditions: ["fleeing"], addConditions: ["fled"] },
    ]);
    expect(declare(f, "obstacle", [mon("o")], faces(2), "doorway").effects).toEqual([]);
    expect(declare(f, "obstacle", [mon("o")], faces(2), "secret door").effects).toEqual([
      { targetId: "a", removeConditions: ["fleeing"], addConditions: ["fled"] },
    ]);
    // seed 001, "Retreat": "until the one fleeing turns and re-engages" (issue 30): it fights again
    expect(bxHouse.round.allowance(f, ctx([wolf])).attacks).toBe(0);
    const back = declare(f, "re-engage", [wolf]);
    expect(back.effects).toEqual([{ targetId: "a", removeConditions: ["fleeing", "retreating"] }]);
    expect(bxHouse.round.allowance(pc("a"), ctx([wolf])).attacks).toBe(1);
  });
  // seed 001, "MISC COMBAT RULES": running; elves and hobbits fire on the run
  it("running leaves no attack; only elves and hobbits may fire on the run", () => {
    expect(declare(pc("a"), "run").effects).toEqual([{ targetId: "a", addConditions: ["running"] }]);
    expect(bxHouse.round.allowance(withConds(pc("a"), "running"), ctx()).attacks).toBe(0);
    expect(() =>
      declare(pc("a", { weapons: [{ name: "bow", kind: "missile", tags: ["bow"] }] }), "fire on the run"),
    ).toThrow(/Only elves/);
    expect(
      declare(pc("e", { class: "elf", weapons: [{ name: "bow", kind: "missile", tags: ["bow"] }] }), "fire on the run")
        .effects,
    ).toEqual([{ targetId: "e", addConditions: ["on the run"] }]);
  });
  // seed 001, "MISC COMBAT RULES": disarm — "If a disarm is attempted and the to-hit roll is successful, the target must make a Save vs Paralysis"
  it("disarm rides on the next hit: the target saves vs paralysis at once", () => {
    const a = apply(
      pc("a", { weapons: [{ name: "sword" }] }),
      declare(pc("a", { weapons: [{ name: "sword" }] }), "disarm").effects,
    );
    expect(a.state.conditions).toEqual(["maneuver:disarm"]);
    const d = mon("d", { hp: 20, weapons: [{ name: "axe" }], saves: { paralysis: 14 } });
    const s = standing(bxHouse, atk(a, d), faces(15, 2, 9));
    expect(s.result.lines.join(" ")).toMatch(/d is disarmed/);
    expect(s.final).toContainEqual({ targetId: "d", addConditions: ["disarmed"] });
    expect(s.final).toContainEqual({ targetId: "a", removeConditions: ["maneuver:disarm"] });
  });
  // seed 001, "MISC COMBAT RULES": grappling
  it("grapple: a hit grapples; breaking free rolls HD d6s against the grapplers'", () => {
    const o = apply(mon("o", { hp: 20 }), declare(mon("o"), "grapple").effects);
    const hero = pc("hero", { level: 3, hp: 20 });
    // The hit grapples with no weapon damage, and the contest is rolled on it (issue 30): the orc's 1d6 5 against the hero's 3d6 3: pinned.
    const s = standing(bxHouse, atk(o, hero), faces(15, 5, 1, 1, 1));
    expect(s.final).toContainEqual({ targetId: "hero", addConditions: ["grappled by:o", "pinned"] });
    expect(s.final.some((e) => e.damage)).toBe(false);
    const held = withConds(hero, "grappled by:o");
    const gr = withConds(o, "grappling");
    const r = declare(held, "break free", [gr], faces(5, 4, 4, 3));
    expect(r.title).toBe("Grapple: thrown off");
    expect(r.effects).toContainEqual({
      targetId: "o",
      removeConditions: ["grappling"],
      addConditions: ["stunned:6", "stunned"],
    });
    expect(bxHouse.round.cannotAct!(withConds(o, "stunned"), ctx())).toBe("is stunned");
  });
});

describe("bx-house: Normal Men and the action economy", () => {
  // seed 001, "MISC COMBAT RULES": "a 3rd level PC or NPC would have 3 attacks/round against these"; "a Troll with 6HD+3 would attack a group of Normal Men 6 times"
  it("a 3rd-level fighter gets 3 melee attacks against Normal Men, a 6+3 HD troll 6; the extra ones only against Normal Men", () => {
    const f = pc("f", { class: "fighter", level: 3 });
    const gob = mon("gob", { hd: "1-1" });
    expect(bxHouse.round.allowance(f, ctx([gob]))).toMatchObject({ attacks: 3 });
    expect(bxHouse.round.allowance(f, ctx([mon("ogre", { hd: "4+1" })]))).toMatchObject({ attacks: 1 });
    expect(
      bxHouse.round.allowance(mon("troll", { hd: "6+3" }, "foes"), ctx([pc("man", { class: "fighter" }, "party")])),
    ).toMatchObject({ attacks: 1 });
    expect(
      bxHouse.round.allowance(
        mon("troll", { hd: "6+3" }, "foes"),
        ctx([{ ...pc("man", { class: "fighter", normalType: true }, "party") }]),
      ),
    ).toMatchObject({ attacks: 6 });
    expect(() =>
      bxHouse.attack.begin({ ...atk(f, mon("ogre", { hd: "4+1" })), attackIndex: 1, others: [gob] }, faces(10)),
    ).toThrow(/Normal Men only/);
    expect(bxHouse.attack.begin({ ...atk(f, gob), attackIndex: 2 }, faces(2)).outcome).toBe("miss");
  });
  it("/odds shows the Normal Men expectation", () => {
    const r = bxHouse.odds!(atk(pc("f", { class: "fighter", level: 3, thac0: 17 }), mon("gob", { hd: "1", ac: 6 })));
    expect("lines" in r && r.lines.at(-1)).toMatch(
      /^Against Normal Men: 3 melee attacks a round\. 3 attacks needing 11: 50% → 1\.5 hits/,
    );
  });
  // seed 001, "MISC COMBAT RULES": "Melee combatants may parry … but no attacks are possible"
  it("a defender who has attacked this round is offered no Parry", () => {
    const d = pc("d", { ac: 5, hp: 20, weapons: [{ name: "sword" }] });
    expect(bxHouse.attack.begin(atk(mon("a"), d), faces(15, 1)).options.map((o) => o.id)).toEqual(["parry", "take"]);
    expect(
      bxHouse.attack.begin(atk(mon("a"), withConds(d, "attacked")), faces(15, 1)).options.map((o) => o.id),
    ).toEqual(["take"]);
  });
  // seed 001, "MISC COMBAT RULES": "Crossbows fire every other round"
  it("a crossbow shot marks it reloading until the end of the next round", () => {
    expect(bxHouse.words.conditions.reloading).toEqual({ label: "crossbow reloading", lasts: "next-round" });
  });
  // seed 001, "ENCOUNTER ORDER": optional "reroll initiative each round"
  it("rerolls only with the campaign's option", () => {
    expect(bxHouse.round.rerolls({})).toBe(false);
    expect(bxHouse.round.rerolls({ initiativeEachRound: true })).toBe(true);
    expect(createBxHouse({ initiativeEachRound: true }).round.rerolls({})).toBe(true);
  });
  // seed 001, "ENCOUNTER ORDER": "Distance between parties will be from 10 - 30 feet"; 2D6 "if no surprise condition exists"
  it("distance: 1d3 × 10 with surprise, 2d6 × 10 without", () => {
    expect(encounterDistance({ surprise: true }, faces(2)).title).toBe("Distance: 20 feet");
    expect(encounterDistance({ surprise: false }, faces(3, 4)).title).toBe("Distance: 70 feet");
    expect(bxHouse.encounterDistance!({ surprise: true, outdoors: true }, faces(3)).title).toBe("Distance: 30 yards");
  });
  // seed 001, "MISC COMBAT RULES": "Surprise Attacks … operate as Attacks From Behind"
  it("a surprise attack marks the following round like an attack from behind", () => {
    const s = standing(bxHouse, atk(mon("a"), withConds(pc("d", { hp: 20 }), "surprised")), faces(12, 3));
    expect(s.final).toContainEqual({ targetId: "a", addConditions: ["behind:d"] });
    expect(bxHouse.words.describe!("behind:d", () => "Dorn")).toEqual({
      label: "attacks Dorn with advantage next round",
      lasts: "next-round",
    });
    expect(bxHouse.words.conditions["rear-attacked"]!.lasts).toBe("next-round");
  });
});

describe("bx-house: empty hands", () => {
  // seed 001, "MISC COMBAT RULES" (Empty Hand Attacks): "only 1 point per every 2 die rolls of damage is 'actual damage'"
  it("a die that leaves 0 temporary damage still counts towards the next pair", () => {
    const d = { ...pc("d", { hp: 10 }), state: { conditions: [], hp: 10, maxHp: 10, subdual: 0, emptyHandDice: 1 } };
    const r = bxHouse.applyDamage(d, 0, faces(), "subdual");
    expect(r.state.emptyHandDice).toBe(2);
    const s = standing(bxHouse, atk(pc("a"), d, {}, "unarmed"), faces(15, 1));
    // the defender's 2nd die completes a pair: 1 real point, 0 temporary
    expect(s.final.filter((e) => e.damage !== undefined)).toEqual([
      { targetId: "d", damage: 0, damageKind: "subdual", note: "empty-hand die" },
      { targetId: "d", damage: 1, damageKind: "normal" },
    ]);
    // seed 001, "Empty Hand Attacks": "1 point per every 2 die rolls … (2 pts if STR is 16-18). The rest is temporary": a die of 1 at STR 16 is 1 real, not 2 (issue 30)
    const strong = standing(bxHouse, atk(pc("a", { str: 16 }), d, {}, "unarmed"), faces(15, 1));
    expect(strong.final.filter((e) => e.damage !== undefined)).toEqual([
      { targetId: "d", damage: 0, damageKind: "subdual", note: "empty-hand die" },
      { targetId: "d", damage: 1, damageKind: "normal" },
    ]);
    expect(strong.result.lines.join(" ")).toMatch(/0 temporary and 1 real/);
  });
});

describe("bx-house: pursuit and parting shots", () => {
  // seed 001, "MISC COMBAT RULES" (Retreat): parting shots +2, "The shield bonus of the retreating party is not counted"; pursuit: "+2 to-hit"
  it("a parting shot ignores the shield; a pursuer gets +2 only", () => {
    const d = pc("d", { ac: 4, shield: true });
    const parting = bxHouse.attack.begin(
      atk(withConds(mon("m", { thac0: 19 }), "parting shot"), withConds(d, "retreating")),
      faces(2),
    );
    // a foe who lost the retreat roll gets no +2
    expect(
      bxHouse.attack.begin(atk(mon("m", { thac0: 19 }), withConds(d, "retreating")), faces(2)).result.lines[0],
    ).toMatch(/d20 2 = 2; needs 15/);
    expect(parting.result.lines[0]).toMatch(
      /parting shot \+2\) = 4; needs 14 \(THAC0 19 against AC 5; shield not usable \+1\)/,
    );
    const pursuit = bxHouse.attack.begin(atk(mon("m", { thac0: 19 }), withConds(d, "fleeing")), faces(2));
    expect(pursuit.result.lines[0]).toMatch(/pursuing a fleeing foe \+2\) = 4; needs 15 \(THAC0 19 against AC 4\)/);
  });
});

describe("bx-house: mounts and haste through declarations", () => {
  // seed 001, "MISC COMBAT RULES": "Mounted opponents get a +1 to-hit against unmounted opponents"; "ENCOUNTER ORDER": "Magically HASTED creatures… always have initiative"
  it("mount up gives +1 against the unmounted; a hasted combatant acts first next round", () => {
    const a = apply(pc("a"), declare(pc("a"), "mount").effects);
    expect(a.state.conditions).toEqual(["mounted"]);
    expect(bxHouse.round.declarations(a, ctx()).map((d) => d.id)).toContain("alight");
    expect(bxHouse.attack.begin({ ...atk(mon("m"), a), situation: {} }, faces(10)).result.lines[0]).toMatch(
      /against a mounted foe -1/,
    );
    const hasted = apply(mon("o"), declare(mon("o"), "hasted").effects);
    expect(
      bxHouse.initiative({ combatants: [pc("p"), hasted], method: "individual", round: 2 }, faces(6)).order,
    ).toEqual([["o"], ["p"]]);
  });
});

describe("bx-house: disengaging", () => {
  // seed 001, "MISC COMBAT RULES" 4): "A combatant can disengage from melee without penalty… if their opponent is engaged with another foe"
  it("free when every foe is fighting someone else; refused otherwise", () => {
    const busy = withConds(mon("o"), "attacking:ally");
    expect(declare(pc("a"), "disengage", [busy]).effects).toEqual([{ targetId: "a", addConditions: ["fled"] }]);
    expect(() => declare(pc("a"), "disengage", [withConds(mon("o"), "attacking:a")])).toThrow(
      /cannot disengage freely/,
    );
  });
});

describe("bx-house: a spellcaster hit", () => {
  // seed 001, "ENCOUNTER ORDER": hit by a foe who won initiative: the spell is lost; at simultaneous initiative: save vs paralysis + PSY, then 1–4 lost, 5–6 miscast
  it("a hit on a caster still casting: lost when the attacker went first; a save and a d6 when their initiative dice tie", () => {
    const mage = withConds(
      pc("mage", {
        class: "magic-user",
        hp: 12,
        psyBonus: 1,
        saves: { death: 13, wands: 14, paralysis: 13, breath: 16, spells: 15 },
      }),
      "casting",
      "initiative:3",
    );
    const won = standing(bxHouse, atk(withConds(mon("o"), "initiative:5"), mage), faces(19, 2));
    expect(won.result.lines.join(" ")).toMatch(/mage was casting: Hit by a foe who won initiative: the spell is lost/);
    expect(won.final).toContainEqual({
      targetId: "mage",
      removeConditions: ["casting", "spell cast"],
      addConditions: ["spell lost"],
      note: "spell lost",
    });
    // Issue 30: the order decides when play gives it: the caster's place first, the spell goes off even though hit.
    const first = standing(
      bxHouse,
      { ...atk(withConds(mon("o"), "initiative:5"), mage), order: "defender first" },
      faces(19, 2),
    );
    expect(first.result.lines.join(" ")).toMatch(
      /The caster won initiative: the spell goes off as intended even though hit/,
    );
    expect(first.final.some((e) => e.addConditions?.includes("spell lost"))).toBe(false);
    const tie = bxHouse.attack.begin(atk(withConds(mon("o"), "initiative:3"), mage), faces(19, 2, 11, 6));
    expect(tie.result.lines.join(" ")).toMatch(/save vs paralysis \+1 PSY.*d6 6: 5–6, the spell is miscast/);
    // a miss sets nothing off
    expect(
      standing(bxHouse, atk(withConds(mon("o"), "initiative:3"), mage), faces(2)).final.some((e) =>
        e.addConditions?.includes("spell lost"),
      ),
    ).toBe(false);
    // Issue 41: the spell's name in the line, and a caster whose spell was lost has lost the round (B/X's "Sole action", which the house rules keep).
    expect(
      standing(
        bxHouse,
        atk(withConds(mon("o"), "initiative:5"), withConds(mage, "spell:Sleep")),
        faces(19, 2),
      ).result.lines.join(" "),
    ).toMatch(/mage was casting Sleep: Hit by a foe who won initiative: the spell is lost/);
    const lost = withConds(pc("mage", { class: "magic-user" }), "spell lost", "spell:Sleep");
    expect(bxHouse.round.allowance(lost, ctx())).toMatchObject({
      attacks: 0,
      refusal:
        "mage's spell (Sleep) was disrupted: mage has lost this round (casting a spell is the round's sole action).",
    });
    expect(bxHouse.round.allowance(withConds(lost, "parting shot"), ctx())).toMatchObject({ attacks: 1 });
  });
});

describe("bx-house: moving through a line", () => {
  // seed 001, "MISC COMBAT RULES" 3): "Anyone moving through a combat line MAY be subject to one free attack by all foes they pass… See rule for 'Retreat'"
  it("the retreat roll against the foes passed; the winners get a free attack at +2; the mover may still attack", () => {
    const r = declare(pc("a"), "through", [mon("o")], faces(2, 5));
    expect(r.effects).toEqual([
      { targetId: "a", addConditions: ["passing", expect.stringMatching(/^kept:retreat\|/)] },
      { targetId: "o", addConditions: ["parting shot"] },
    ]);
    const mover = withConds(pc("a", { ac: 4, shield: true }), "passing");
    expect(
      bxHouse.attack.begin(atk(withConds(mon("o", { thac0: 19 }), "parting shot"), mover), faces(2)).result.lines[0],
    ).toMatch(/parting shot \+2\) = 4; needs 14/);
    expect(bxHouse.round.allowance(mover, ctx()).attacks).toBe(1);
  });
});

describe("bx-house: whip and polearm on the next hit", () => {
  // seed 001, "MISC COMBAT RULES": whip — "the WIELDER must… make a Save vs Paralysis to entangle the target or the target's weapon. Subtract the target's STR bonus"; polearms — "the rider must make a Save vs Paralysis in order to remain mounted"
  it("entangle a weapon with a whip; hook a rider off a mount", () => {
    const whip = {
      weapons: [{ name: "whip", damage: "1d2" }],
      saves: { death: 12, wands: 13, paralysis: 10, breath: 15, spells: 16 },
    };
    const w = apply(pc("w", whip), declare(pc("w", whip), "entangle", [], faces(), "weapon").effects);
    expect(w.state.conditions).toEqual(["maneuver:entangle:weapon"]);
    const s = standing(bxHouse, atk(w, mon("o", { hp: 9, str: 16 })), faces(15, 1, 12));
    expect(s.result.lines.join(" ")).toMatch(/o's weapon is pulled away: w saves vs paralysis, -2 for o's STR/);
    expect(s.final).toContainEqual({ targetId: "o", addConditions: ["disarmed"] });
    const pole = { weapons: [{ name: "halberd", damage: "1d10", tags: ["polearm"] }] };
    const p = apply(pc("p", pole), declare(pc("p", pole), "dismount").effects);
    const rider = withConds(
      mon("r", { hp: 20, saves: { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 } }),
      "mounted",
    );
    const d = standing(bxHouse, atk(p, rider), faces(15, 3, 5));
    expect(d.final).toContainEqual({ targetId: "r", addConditions: ["dismounted"], removeConditions: ["mounted"] });
  });
});

describe("bx-house: time and units", () => {
  // seed 001, "MISC COMBAT RULES": "Temporary damage points are regained at a rate of 1 point times XP Level/HD per Turn"
  it("temporary damage comes back with time, level × 1 a turn", () => {
    const c = {
      ...pc("c", { level: 3, hp: 10 }),
      state: { conditions: ["unconscious" as const], hp: 10, maxHp: 10, subdual: 12 },
    };
    const r = bxHouse.timePasses!(c, 10, faces());
    expect(r!.state).toMatchObject({ subdual: 9, conditions: [] });
    expect(r!.result.lines).toEqual(["c regains 3 temporary damage (9 left)."]);
    expect(bxHouse.timePasses!(pc("d"), 10, faces())).toBeNull();
  });
  // seed 001, "Mass Combat": "the referee rolls ten 6-sided dice and totals the score"
  it("a unit's hit points are a d6 a man when it enters the fight, unless typed", () => {
    const u = bxHouse.rollMonster!(mon("b", { men: 10 }).sheet, faces(1, 2, 3, 4, 5, 6, 1, 2, 3, 4), {});
    expect(u!.sheet.hp).toBe(31);
    expect(bxHouse.rollMonster!(mon("b", { men: 10, hp: 40 }).sheet, faces(), { hp: 40 })).toBeNull();
    // A single monster is no unit: it rolls its own hit points (monsters.test.ts), not a d6 a man.
    expect(bxHouse.rollMonster!(mon("o").sheet, faces(4), {})!.result.lines).toEqual([
      "HD 1 (a Normal Man's strength): 1d6 (4) = 4 HP",
    ]);
  });
});

describe("bx-house: fighters with multiple attacks", () => {
  // seed 001, "ENCOUNTER ORDER": "Fighters with multiple attacks will attack first and last in the melee round"
  it("a 3rd-level fighter facing Normal Men attacks first and last; facing an ogre, by its die", () => {
    const f = pc("f", { class: "fighter", level: 3 });
    expect(
      bxHouse.initiative({ combatants: [f, mon("g", { hd: "1-1" })], method: "individual", round: 2 }, faces(3)).order,
    ).toEqual([["f"], ["g"], ["f"]]);
    expect(
      bxHouse.initiative({ combatants: [f, mon("o", { hd: "4+1" })], method: "individual", round: 2 }, faces(2, 5))
        .order,
    ).toEqual([["o"], ["f"]]);
  });
  // seed 001, "MISC COMBAT RULES": a parry means "no attacks are possible": no attacks, so no place first and last
  it("a fighter who declared a parry takes a place by its die, not first and last", () => {
    const f = withConds(pc("f", { class: "fighter", level: 3 }), "parrying");
    const r = bxHouse.initiative(
      { combatants: [f, mon("g", { hd: "1-1" })], method: "individual", round: 2 },
      faces(2, 5),
    );
    expect(r.lines.join("\n")).not.toMatch(/first and last/);
    expect(r.order).toEqual([["g"], ["f"]]);
  });
  // seed 001, "ENCOUNTER ORDER": the first round's dice stand; a fighter who went first and last then rolled none
  it("when the Normal Men are down, a fighter who went first and last rolls its own die once, and keeps it", () => {
    const f = pc("f", { class: "fighter", level: 3 });
    const [g, o] = [mon("g", { hd: "1-1" }), mon("o", { hd: "4+1", class: "ogre" })];
    const r1 = bxHouse.roundStart({ combatants: [f, g, o], method: "individual", round: 1 }, faces(4, 2));
    expect(r1.order).toEqual([["f"], ["g"], ["o"], ["f"]]);
    const marks = new Map(r1.effects!.map((e) => [e.targetId, e.addConditions!]));
    expect(marks.get("f")).toEqual(["initiative:0"]);
    expect(bxHouse.words.describe?.("initiative:0", (x) => x)?.label).toBe("");
    const after = [f, withConds(g, "dead"), o].map((c) => ({
      ...c,
      state: { ...c.state, conditions: [...c.state.conditions, ...(marks.get(c.id) ?? [])] },
    }));
    const r2 = bxHouse.roundStart({ combatants: after, method: "individual", round: 2 }, faces(5));
    expect(r2.lines).toContain("No die from the first round: f.");
    expect(r2.order).toEqual([["f"], ["o"]]); // f rolled 5, the ogre keeps its 2
    expect(r2.effects!.find((e) => e.targetId === "f")!.addConditions).toEqual(["initiative:5"]);
  });
});
