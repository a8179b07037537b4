import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { wordFor, conditionLabels } from "../../../src/rules/round/words.js";
import type { Combatant } from "../../../src/rules/systems/types.js";
import type { SiegeSheet } from "../../../src/rules/systems/siege/sheet.js";
import { bagOf, mon, pc } from "./helpers.js";

const r = siege.round;
const una = (conditions: string[] = []) => pc("Una", { move: 30 }, { conditions });
const ctx = (others: Combatant<SiegeSheet>[], declared: string[] = [], phase: "declare" | "act" = "declare") => ({
  round: 1,
  declared,
  others,
  phase,
});
const declare = (
  who: Combatant<SiegeSheet>,
  id: string,
  detail?: string,
  others: Combatant<SiegeSheet>[] = [mon("Orc", "orc")],
  declared: string[] = [],
) => r.declare({ who, id, ...(detail !== undefined ? { detail } : {}), others, round: 1, declared }, bagOf());

describe("what may be declared", () => {
  it("before initiative: charge, dodge, evade, disengage; on one's turn: move, aid and the other actions", () => {
    expect(r.declarations(una(), ctx([])).map((d) => d.id)).toEqual([
      "charge",
      "dodge",
      "evade",
      "disengage",
      "withdraw",
    ]);
    expect(r.declarations(una(), ctx([], [], "act")).map((d) => d.id)).toEqual([
      "move",
      "aid",
      "cover",
      "spell",
      "item",
      "ability",
    ]);
    // After a move, only taking cover.
    expect(r.declarations(una(), ctx([], ["move"], "act")).map((d) => d.id)).toEqual(["cover"]);
    // A dodger does nothing else this round.
    expect(r.declarations(una(["dodging"]), ctx([], ["dodge"], "act"))).toEqual([]);
    // seed 003, "Use an Ability": "Ability may involve movement": after an ability, a move.
    expect(r.declarations(una(), ctx([], ["ability"], "act")).map((d) => d.id)).toEqual(["move"]);
    // seed 003, "Grappling": the held "cannot act except to attempt to break the hold": nothing to declare.
    expect(r.declarations(una(["held"]), ctx([], [], "act"))).toEqual([]);
    expect(r.declarations(una(["held"]), ctx([]))).toEqual([]);
    // The fallen declare nothing.
    expect(r.declarations(pc("Down", {}, { hp: 0, conditions: ["unconscious"] }), ctx([]))).toEqual([]);
  });
});

describe("charging", () => {
  // seed 003, "Charging": "Una's base movement is 30 feet, and thus, her jogging rate is 60 feet. As long as the orc is
  // at least 30 feet away, but no more than 60 feet, Una may attempt the charge maneuver."
  it("is checked against the distance window when declared, and sets −4 AC from then on", () => {
    const ok = declare(una(), "charge", "40");
    expect(ok.effects).toEqual([{ targetId: "Una", addConditions: ["charging", "charging at:Orc"] }]);
    expect(ok.lines[0]).toBe(
      "Una charges Orc, 40 ft away. Charge allowed (30–60 ft): +2 damage on a hit, −4 AC for the whole round.",
    );
    expect(() => declare(una(), "charge", "25")).toThrow(
      "Una cannot charge: The foe is 25 ft away: a charge needs at least the normal rate, 30 ft.",
    );
    expect(() => declare(una(), "charge", "61")).toThrow(/at most the jogging rate, 60 ft/);
    expect(() => declare(una(), "charge", "far")).toThrow(
      "Say whom Una charges and how far away, e.g. `/declare charge detail:Orc 1 40`: the foe must be 30–60 ft away, in a straight line.",
    );
    // One tap (no distance): declared, with the window said.
    // A one tap gives neither the foe nor the distance: it says how to give them.
    expect(() => declare(una(), "charge")).toThrow(
      "Say whom Una charges and how far away, e.g. `/declare charge detail:Orc 1 40`: the foe must be 30–60 ft away, in a straight line.",
    );
    expect(wordFor(siege.words, "charging").label).toBe("charging (−4 AC this round)");
  });

  it("a new declaration replaces the one before", () => {
    expect(declare(una(["dodging"]), "charge", "30").effects).toEqual([
      { targetId: "Una", addConditions: ["charging", "charging at:Orc"], removeConditions: ["dodging"] },
    ]);
  });
});

describe("dodge and evade", () => {
  // seed 003, "Dodge": "must announce their intention before the round begins. The character cannot attack"
  it("dodge: +2 AC, no attack this round", () => {
    const d = declare(una(), "dodge");
    expect(d.effects).toEqual([{ targetId: "Una", addConditions: ["dodging"] }]);
    expect(r.allowance(una(["dodging"]), ctx([], ["dodge"]))).toEqual({
      attacks: 0,
      why: "declared Dodge: no attack this round",
      rule: 'seed 003, "Dodge"',
    });
    // Free to change its mind before initiative; once the round acts, the dodge is its whole action.
    expect(r.cannotAct!(una(["dodging"]), ctx([]))).toBeNull();
    expect(r.cannotAct!(una(["dodging"]), ctx([], ["dodge"], "act"))).toBe("is dodging this round");
  });

  // seed 003, "Evade": "allowed to evade one opponent they are facing"
  it("evade names one opponent (the only standing foe by default)", () => {
    const orc = mon("Orc", "orc");
    const ogre = mon("Ogre", "ogre");
    expect(declare(una(), "evade", undefined, [orc]).effects).toEqual([
      { targetId: "Una", addConditions: ["evading:Orc"] },
    ]);
    expect(() => declare(una(), "evade", undefined, [orc, ogre])).toThrow(
      "Name the opponent to evade: one of Orc, Ogre.",
    );
    expect(declare(una(), "evade", "ogre", [orc, ogre]).lines[0]).toMatch(
      /^Una evades Ogre this round: \+4 AC against them/,
    );
    expect(r.allowance(una(["evading:Ogre"]), ctx([], ["evade"])).attacks).toBe(0);
    expect(
      conditionLabels(siege.words, ["evading:Ogre", "dodged:2", "shield vs Ogre"], (id) =>
        id === "Ogre" ? "the ogre" : id,
      ),
    ).toEqual(["evading the ogre (+4 AC)", "dodged 2 of 3 attacks", "shield turned to the ogre"]);
  });
});

describe("disengaging", () => {
  // seed 003, "Disengaging from Combat": hasty: up to the running distance, −2 AC, the opponent gets a free attack
  it("hasty: −2 AC, no other action, and each opponent a free attack", () => {
    const h = declare(una(), "disengage");
    expect(h.effects).toEqual([{ targetId: "Una", addConditions: ["disengaging"] }]);
    expect(h.lines[0]).toBe(
      "Hasty disengagement: up to 120 ft, −2 AC for the round, and the opponent gets one free attack (not a second one).",
    );
    expect(r.allowance(una(["disengaging"]), ctx([], ["disengage"])).attacks).toBe(0);
    const orc = mon("Orc", "orc");
    expect(r.allowance(orc, ctx([una(["disengaging"])]))).toEqual({
      attacks: 2,
      why: "one attack this round, and a free attack at Una disengaging hastily",
      rule: 'seed 003, "Disengaging from Combat"',
    });
  });
  // "Fighting Disengagement": half the movement rate, no AC penalty, no other action
  it("fighting: half move, no penalty, no other action", () => {
    const f = declare(una(), "withdraw");
    expect(f.effects).toEqual([{ targetId: "Una", addConditions: ["withdrawing"] }]);
    expect(f.lines[0]).toBe("Fighting disengagement: up to 15 ft away, no AC penalty, no other action this round.");
  });
});

describe("the action economy", () => {
  // seed 003, "Attack": "one attack each round"; "Moving farther than one-half movement rate negates the ability to make an attack."
  it("one attack; a move of more than half the rate leaves none", () => {
    expect(r.allowance(una(), ctx([]))).toEqual({
      attacks: 1,
      why: "one attack this round",
      rule: 'seed 003, "Attack"',
    });
    const near = r.declare({ who: una(), id: "move", detail: "15", others: [], round: 1, declared: [] }, bagOf());
    expect(near.effects).toEqual([]);
    expect(near.lines[0]).toBe(
      "Una moves 15 ft (3 squares): no more than half the rate (15 ft), so the attack is still allowed.",
    );
    const far = r.declare({ who: una(), id: "move", detail: "40 ft", others: [], round: 1, declared: [] }, bagOf());
    expect(far.effects).toEqual([{ targetId: "Una", addConditions: ["moved far"] }]);
    expect(r.allowance(una(["moved far"]), ctx([], ["move"])).attacks).toBe(0);
    expect(() =>
      r.declare({ who: una(), id: "move", detail: "130", others: [], round: 1, declared: [] }, bagOf()),
    ).toThrow("Una cannot move 130 ft: running is four times the rate, at most 120 ft.");
    expect(
      r.declare({ who: una(), id: "move", detail: "5", others: [], round: 1, declared: [] }, bagOf()).lines[0],
    ).toMatch(/^Una moves 5 ft \(1 square\):/);
    // "Moving farther than one-half movement rate negates the ability to make an attack": after an attack too.
    expect(() =>
      r.declare({ who: una(), id: "move", detail: "20", others: [], round: 1, declared: [], attacked: 1 }, bagOf()),
    ).toThrow("Una has attacked this round: a move after it is at most half the rate (15 ft), not 20 ft.");
  });

  // seed 003, "Cast a Spell", "Use an Item", "Use an Ability": each is the round's action
  it("a spell, an item or an ability is the round's action", () => {
    const s = r.declare({ who: una(), id: "spell", detail: "sleep", others: [], round: 1, declared: [] }, bagOf());
    expect(s.lines[0]).toBe(
      "Una: cast a spell (sleep). That is the round's action: no other attack, but a spell delivered by touch makes its touch attack (`/attack weapon:touch`).",
    );
    expect(s.effects).toEqual([{ targetId: "Una", addConditions: ["casting"] }]);
    // seed 003, "Touch Attack": the spell's touch is its own attack, nothing else.
    expect(r.allowance(una(), ctx([], ["spell"]))).toEqual({
      attacks: 1,
      why: "cast a spell: that is this round's action (only the spell's own touch attack)",
      rule: 'seed 003, "Cast a Spell"',
    });
    expect(() =>
      siege.attack.begin(
        { attacker: una(["casting"]), defender: mon("Orc", "orc"), others: [], situation: {}, attackIndex: 0 },
        bagOf(10),
      ),
    ).toThrow("Una is casting a spell this round: the only attack left is the spell's touch attack");
    expect(
      siege.attack.begin(
        {
          attacker: una(["casting"]),
          defender: mon("Orc", "orc"),
          others: [],
          situation: {},
          weapon: "touch",
          attackIndex: 0,
        },
        bagOf(10),
      ).outcome,
    ).toBeDefined();
    const item = r.declare({ who: una(), id: "item", others: [], round: 1, declared: [] }, bagOf());
    expect(item.lines[0]).toBe("Una: use an item. That is the round's action: no attack as well.");
    expect(r.allowance(una(), ctx([], ["item"])).attacks).toBe(0);
  });
});

describe("the dying", () => {
  // seed 003, "Hit Points": "Aid administered to the wounds stops the hit point loss. This takes at least one full round"
  it("aiding a mortally wounded ally stops the bleed and is the aider's round", () => {
    const bleeding = pc("Bo", {}, { hp: -8, conditions: ["unconscious", "mortally wounded", "dying"] });
    const a = r.declare(
      { who: una(), id: "aid", others: [bleeding, mon("Orc", "orc")], round: 2, declared: [] },
      bagOf(),
    );
    expect(a.effects).toEqual([
      {
        targetId: "Bo",
        addConditions: ["aided"],
        note: "Bo's wounds are tended: a full round's work, and the HP loss stops.",
      },
      { targetId: "Una", addConditions: ["aiding"] },
    ]);
    expect(r.allowance(una(["aiding"]), ctx([], ["aid"])).attacks).toBe(0);
    const hurt = pc("Cy", {}, { hp: -3, conditions: ["unconscious", "grievously wounded"] });
    expect(() =>
      r.declare({ who: una(), id: "aid", detail: "Cy", others: [hurt], round: 2, declared: [] }, bagOf()),
    ).toThrow('"Cy" is not a mortally wounded ally to aid.');
  });

  it("the fallen cannot act and say why", () => {
    expect(r.cannotAct!(pc("Bo", {}, { hp: -8, conditions: ["unconscious", "mortally wounded"] }), ctx([]))).toBe(
      "is mortally wounded",
    );
    expect(r.cannotAct!(pc("Cy", {}, { hp: 0, conditions: ["unconscious"] }), ctx([]))).toBe("is unconscious");
    expect(() =>
      r.declare(
        { who: pc("Cy", {}, { hp: 0, conditions: ["unconscious"] }), id: "dodge", others: [], round: 1, declared: [] },
        bagOf(),
      ),
    ).toThrow("Cy is unconscious and cannot act.");
  });

  // seed 003, "Hit Points": -7..-9 loses 1 HP a round; death at -10
  it("the round's end bleeds a mortally wounded character to death at −10", () => {
    let bo = pc("Bo", {}, { hp: -9, conditions: ["unconscious", "mortally wounded", "dying"] });
    const end = r.end!({ combatants: [bo], method: "individual", round: 3 }, bagOf());
    expect(end.effects).toEqual([
      {
        targetId: "Bo",
        damage: 1,
        damageKind: "normal",
        note: "Bo is mortally wounded and bleeds: 1 HP lost at the round's end (Castles & Crusades · Hit Points).",
      },
    ]);
    const after = siege.applyDamage(bo, 1, bagOf());
    bo = { ...bo, state: after.state };
    expect(bo.state.conditions).toEqual(["dead"]);
    expect(r.rerolls({})).toBe(true);
  });
});

describe("cover", () => {
  // seed 003, "Cover": "When cover is used in melee attacks though, the cover applies to both the attacker and defender
  // until one or the other move out from behind it."
  it("taking cover: +6 AC behind 3/4 cover, for both sides in melee, until moving out", () => {
    const c = r.declare({ who: una(), id: "cover", detail: "3/4", others: [], round: 1, declared: [] }, bagOf());
    expect(c.effects).toEqual([{ targetId: "Una", addConditions: ["cover:heavy"] }]);
    expect(wordFor(siege.words, "cover:heavy")).toEqual({ label: "behind 3/4 cover (+6 AC)", lasts: "encounter" });
    expect(() =>
      r.declare({ who: una(), id: "cover", detail: "lots", others: [], round: 1, declared: [] }, bagOf()),
    ).toThrow("Say how much cover as the detail: 1/4, 1/2, 3/4 or full.");
    const golem = mon("Golem", "ogre");
    const hidden = una(["cover:heavy"]);
    // The golem's club against Una behind the column: AC 10 + 6.
    const at = siege.attack.begin({ attacker: golem, defender: hidden, others: [], situation: {} }, bagOf(8));
    expect(at.result.lines[0]).toContain("vs AC 16 = sheet AC 10 + 6 3/4 cover → miss");
    // Una's sword out from behind it: the golem gets the same +6.
    const out = siege.attack.begin({ attacker: hidden, defender: golem, others: [], situation: {} }, bagOf(9));
    expect(out.result.lines[0]).toContain(
      "vs AC 22 = sheet AC 16 + 6 3/4 cover (the attacker's, shared in melee) → miss",
    );
    // Moving out ends it.
    expect(
      r.declare({ who: hidden, id: "move", detail: "10", others: [], round: 1, declared: [] }, bagOf()).effects,
    ).toEqual([{ targetId: "Una", removeConditions: ["cover:heavy"] }]);
  });
});

describe("a monster's routine", () => {
  // seed 003, "Attack": "one attack each round unless they possess a special ability allowing them to exceed the limitation"
  // seed 003, "Weapon Damage": "natural weapons such as the claws of a lion"
  it("a lion's claw, claw and bite: three attacks, its weapons in turn", () => {
    const lion = mon("Lion", "lion");
    expect(r.allowance(lion, ctx([]))).toEqual({
      attacks: 3,
      why: "3 attacks this round (claw, claw, bite)",
      rule: 'seed 003, "Attack"',
    });
    const una3 = una();
    const third = siege.attack.begin(
      { attacker: lion, defender: una3, others: [], situation: {}, attackIndex: 2 },
      bagOf(1, 1, 1),
    );
    expect(third.result.lines[0]).toMatch(/^\*\*bite\*\*/);
    expect(r.allowance(mon("Orc", "orc"), ctx([])).attacks).toBe(1);
  });
});

describe("the free attack at one disengaging hastily", () => {
  // seed 003, "Disengaging from Combat": "their opponent gets an attack against them as they run away. This is a free attack"
  it("the extra attack must be at the fleeing foe", () => {
    const orc = mon("Orc", "orc");
    const fleeing = una(["disengaging"]);
    const bo = pc("Bo");
    expect(() =>
      siege.attack.begin({ attacker: orc, defender: bo, others: [fleeing], situation: {}, attackIndex: 1 }, bagOf(1)),
    ).toThrow(
      "Orc's extra attack this round is the free attack at Una, disengaging hastily (Castles & Crusades · Disengaging from Combat).",
    );
    expect(
      siege.attack.begin({ attacker: orc, defender: fleeing, others: [bo], situation: {}, attackIndex: 1 }, bagOf(1))
        .outcome,
    ).toBe("miss");
    // Beyond the allowance (the referee's override), any target.
    expect(
      siege.attack.begin({ attacker: orc, defender: bo, others: [fleeing], situation: {}, attackIndex: 2 }, bagOf(1))
        .outcome,
    ).toBe("miss");
  });

  // "the opponent may not make a second attack against the fleeing character"
  it("one attack at the fleeing foe; the foe's own attack then goes elsewhere", () => {
    const orc = mon("Orc", "orc");
    const bo = pc("Bo");
    const input = { attacker: orc, defender: una(["disengaging"]), others: [bo], situation: {}, attackIndex: 0 };
    const first = siege.attack.begin(input, bagOf(1));
    const done = first.final.length ? first : siege.attack.lapse(first, input, bagOf());
    const marks = done.final.flatMap((e) => e.addConditions ?? []);
    expect(marks).toContain("struck fleeing:Orc");
    const struck = una(["disengaging", "struck fleeing:Orc"]);
    expect(() =>
      siege.attack.begin({ attacker: orc, defender: struck, others: [bo], situation: {}, attackIndex: 1 }, bagOf(1)),
    ).toThrow("Orc has already attacked Una as they fled");
    expect(
      siege.attack.begin({ attacker: orc, defender: bo, others: [struck], situation: {}, attackIndex: 1 }, bagOf(1))
        .outcome,
    ).toBe("miss");
  });
});
