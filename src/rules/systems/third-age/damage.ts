/**
 * HP, down and death, healing, stamina, prone and moving in melee.
 * The seed is silent on HP at 0 and below; choices are in the doc.
 */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type CombatState, type DamageResult, type RuleResult } from "../types.js";
import { REF } from "./refs.js";
import { stateOf, type TAC, type ThirdAgeState } from "./sheet.js";
import type { Mark } from "../../marks.js";

/** A character (pc/retainer) dies at −maxHP; a monster dies at 0 (choice). */
export function deathThreshold(c: TAC, s: ThirdAgeState): number {
  return c.kind === "monster" ? 0 : -s.maxHp;
}

const without = (xs: Mark[], ...drop: Mark[]): Mark[] => xs.filter((x) => !drop.includes(x));
const withCond = (xs: Mark[], c: Mark): Mark[] => (xs.includes(c) ? xs : [...xs, c]);

export function applyDamage(
  c: TAC,
  amount: number,
  _dice: DiceBag,
  kind: "normal" | "subdual" = "normal",
): DamageResult {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Damage must be a whole number of 0 or more");
  const s = stateOf(c);
  if (s.conditions.includes("dead")) {
    return {
      state: s,
      result: {
        title: `${c.name} is already dead`,
        lines: ["Nothing more happens."],
        rules: [REF.choice("HP and death")],
        rolls: [],
      },
    };
  }
  const before = s.hp;
  const lines: string[] = [];
  const floor = deathThreshold(c, s);
  let hp = before - amount;
  let conditions = s.conditions;
  if (kind === "subdual") {
    // Subdual damage knocks out but never kills (choice).
    hp = Math.max(Math.min(before, 0), hp);
    lines.push(`${c.name} takes ${amount} subdual damage: HP ${before} → ${hp}.`);
    if (hp <= 0) {
      conditions = withCond(conditions, "unconscious");
      lines.push(`${c.name} is knocked out (subdual damage never kills).`);
    }
  } else {
    hp = Math.max(floor, hp);
    // One line: the hit points and, when it falls, how (a death is told once).
    const took = `${c.name} takes ${amount} damage: HP ${before} → ${hp}`;
    if (hp <= floor) {
      conditions = withCond(without(conditions, "unconscious", "prone"), "dead");
      lines.push(`${took}, dead.`);
    } else if (hp <= 0) {
      conditions = withCond(conditions, "unconscious");
      lines.push(`${took}, unconscious: down until healed above 0 HP; dead at −${s.maxHp}.`);
    } else lines.push(`${took}.`);
  }
  const state: ThirdAgeState = { ...s, hp, conditions };
  return {
    state,
    result: {
      title: `${c.name}: ${amount} damage`,
      lines,
      rules: [REF.choice("0 HP = down, −max HP = dead, monsters die at 0")],
      rolls: [],
    },
  };
}

export function applyHealing(c: TAC, amount: number): DamageResult {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Healing must be a whole number of 0 or more");
  const s = stateOf(c);
  if (s.conditions.includes("dead"))
    throw new RuleError(
      `${c.name} is dead: healing cannot help. The referee may edit the sheet if something else brings them back.`,
    );
  const hp = Math.min(s.maxHp, s.hp + amount);
  let conditions = s.conditions;
  const gained = hp - s.hp;
  const capped = gained < amount ? ` (${amount} offered; HP cannot rise above ${s.maxHp})` : "";
  const lines = [`${c.name} regains ${gained} HP${capped}: HP ${s.hp} → ${hp}${hp === s.maxHp ? " (full)" : ""}.`];
  if (hp > 0 && conditions.includes("unconscious")) {
    conditions = without(conditions, "unconscious");
    lines.push(`${c.name} wakes up (still prone until they stand).`);
    conditions = withCond(conditions, "prone");
  }
  return {
    state: { ...s, hp, conditions },
    result: {
      title: `${c.name} regains ${gained} HP`,
      lines,
      rules: [REF.choice("healing counts up from negative HP")],
      rolls: [],
    },
  };
}

/** Stamina returns in full after a rest of one dungeon turn out of combat (choice). */
export function restoreStamina(c: TAC): { state: ThirdAgeState; result: RuleResult } {
  const s = stateOf(c);
  return {
    state: { ...s, stamina: s.maxStamina },
    result: {
      title: `${c.name} catches their breath`,
      lines: [`Stamina ${s.stamina} → ${s.maxStamina} after a turn of rest.`],
      rules: [REF.reactions, REF.choice("stamina restored by a turn of rest")],
      rolls: [],
    },
  };
}

/** Standing up from prone uses the character's movement for the round (choice). */
export function standUp(c: TAC): { state: ThirdAgeState; result: RuleResult } {
  const s = stateOf(c);
  if (!s.conditions.includes("prone")) throw new RuleError(`${c.name} is not prone.`);
  if (s.hp <= 0) throw new RuleError(`${c.name} is down and cannot stand until healed.`);
  return {
    state: { ...s, conditions: without(s.conditions, "prone") },
    result: {
      title: `${c.name} stands up`,
      lines: ["Standing up uses this round's movement."],
      rules: [REF.choice("prone")],
      rolls: [],
    },
  };
}

/**
 * seed 000, "Movement": a character that begins its turn adjacent to an
 * enemy and uses movement gets −2 AC for the round (condition "moved-in-melee").
 */
export function moveInMelee(c: TAC): { state: ThirdAgeState; result: RuleResult } {
  const s = stateOf(c);
  return {
    state: { ...s, conditions: withCond(s.conditions, "moved-in-melee") },
    result: {
      title: `${c.name} moves while engaged`,
      lines: ["−2 AC until the end of the round."],
      rules: [REF.movement],
      rolls: [],
    },
  };
}

/**
 * Between rounds (the round's end, `round` = the round about to start): the
 * "moved-in-melee" penalty and two-weapon fighting of the last round end;
 * from round 2 on, "surprised" ends too (the surprised lose only the first round).
 */
export function clearRoundConditions(state: CombatState, round?: number): CombatState {
  const each: Mark[] = ["moved-in-melee", "two-weapons"];
  const drop: Mark[] = round !== undefined && round >= 2 ? [...each, "surprised"] : each;
  return { ...state, conditions: without(state.conditions ?? [], ...drop) };
}
