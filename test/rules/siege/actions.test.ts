import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  disengage,
  halfMove,
  movementRate,
  toSquares,
  validateAction,
  validateCharge,
} from "../../../src/rules/systems/siege/actions.js";

describe("the five actions", () => {
  // seed 003, "Combat Actions": attack, cast a spell, move, use an ability, use an item
  it("are data", () => {
    expect(Object.keys(ACTIONS)).toEqual(["attack", "spell", "move", "ability", "item"]);
    expect(ACTIONS.attack.maxMove).toBe(0.5);
    expect(ACTIONS.spell.maxMove).toBe(0);
  });

  // seed 003, "Attack": up to half the movement rate with an attack
  it("attack: half move, no more", () => {
    expect(validateAction({ action: "attack", moveFt: 15, rate: 30 }).ok).toBe(true);
    const far = validateAction({ action: "attack", moveFt: 16, rate: 30 });
    expect(far.ok).toBe(false);
    expect(far.lines[0]).toBe(
      "Moving 16 ft is more than half the movement rate (15 ft): no attack this round unless it is a charge.",
    );
    // seed 003, "Movement in the Combat Round": a charge allows full movement
    expect(validateAction({ action: "attack", moveFt: 60, rate: 30, charge: true }).ok).toBe(true);
  });

  // seed 003, "Cast a Spell": no movement
  it("spell: no movement unless the spell allows", () => {
    expect(validateAction({ action: "spell", moveFt: 5, rate: 30 }).ok).toBe(false);
    expect(validateAction({ action: "spell", moveFt: 0, rate: 30 }).ok).toBe(true);
    expect(validateAction({ action: "spell", moveFt: 30, rate: 30, spellAllowsMove: true }).ok).toBe(true);
  });

  // seed 003, "Move": full move, jog ×2, run ×4
  it("move: up to the running rate", () => {
    expect(validateAction({ action: "move", moveFt: 120, rate: 30 }).ok).toBe(true);
    expect(validateAction({ action: "move", moveFt: 121, rate: 30 }).ok).toBe(false);
  });

  // seed 003, "Use an Ability": movement not beyond the normal rate
  it("ability: up to the normal rate", () => {
    expect(validateAction({ action: "ability", moveFt: 30, rate: 30 }).ok).toBe(true);
    expect(validateAction({ action: "ability", moveFt: 35, rate: 30 }).ok).toBe(false);
  });

  // seed 003, "Use an Item": a readied item, no movement; a packed one takes a round
  it("item: readied yes, packed takes a round", () => {
    expect(validateAction({ action: "item", moveFt: 0, rate: 30, item: "readied" }).ok).toBe(true);
    expect(validateAction({ action: "item", moveFt: 5, rate: 30, item: "readied" }).ok).toBe(false);
    const packed = validateAction({ action: "item", moveFt: 0, rate: 30, item: "packed" });
    expect(packed.ok).toBe(false);
    expect(packed.lines[0]).toContain("at least a round");
  });
});

describe("movement", () => {
  // seed 003, "Movement in the Combat Round"
  it("jog ×2, run ×4", () => {
    expect(movementRate(30)).toBe(30);
    expect(movementRate(30, { pace: "jog" })).toBe(60);
    expect(movementRate(30, { pace: "run" })).toBe(120);
  });
  it("drops fractions, at least 1 ft", () => {
    expect(halfMove(15)).toBe(7);
    expect(halfMove(1)).toBe(1);
    expect(movementRate(25, { reduction: 0.5 })).toBe(12);
    expect(toSquares(30)).toBe(6);
    expect(toSquares(34)).toBe(6);
  });
  it("terrain reduces by at most three-quarters, never below 5 ft unless restrained", () => {
    expect(movementRate(40, { reduction: 0.75 })).toBe(10);
    expect(movementRate(40, { reduction: 0.9 })).toBe(10);
    expect(movementRate(12, { reduction: 0.75 })).toBe(5);
    expect(movementRate(30, { restrained: true })).toBe(0);
  });
});

describe("charging", () => {
  // seed 003, "Charging": Una, base 30, may charge an orc 30 to 60 ft away
  it("reproduces the Una example", () => {
    expect(validateCharge({ rate: 30, distanceFt: 30 }).ok).toBe(true);
    expect(validateCharge({ rate: 30, distanceFt: 60 }).ok).toBe(true);
    expect(validateCharge({ rate: 30, distanceFt: 29 }).lines[0]).toBe(
      "The foe is 29 ft away: a charge needs at least the normal rate, 30 ft.",
    );
    expect(validateCharge({ rate: 30, distanceFt: 61 }).lines[0]).toBe(
      "The foe is 61 ft away: a charge covers at most the jogging rate, 60 ft.",
    );
  });
  it("must be a straight line, announced before initiative", () => {
    expect(validateCharge({ rate: 30, distanceFt: 40, straight: false }).ok).toBe(false);
    expect(validateCharge({ rate: 30, distanceFt: 40, announced: false }).ok).toBe(false);
  });
});

describe("disengaging", () => {
  // seed 003, "Disengaging from Combat"
  it("hasty: up to running distance, −2 AC, a free attack", () => {
    expect(disengage("hasty", 30)).toMatchObject({
      maxMoveFt: 120,
      acPenalty: -2,
      freeAttack: true,
      condition: "disengaging",
    });
  });
  it("fighting: half move, no penalty", () => {
    expect(disengage("fighting", 30)).toMatchObject({ maxMoveFt: 15, acPenalty: 0, freeAttack: false });
  });
});
