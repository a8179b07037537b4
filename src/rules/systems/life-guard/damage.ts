/**
 * Damage through Armour into Guard, then Life (seed 004, "Attacks"); Scars
 * (seed 004, "Scars"); Critical Damage and the Life save; warbands' rout
 * (seed 004, "Warbands"); healing and rest.
 */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type Combatant, type DamageResult, type RuleRef } from "../types.js";
import { R } from "./refs.js";
import {
  COND,
  effectiveLifeMax,
  findArmourEnchantment,
  readState,
  stored,
  type LifeGuardSheet,
  type LifeGuardState,
} from "./sheet.js";
import { inFamily, type Mark } from "../../marks.js";

export interface DamagePlan {
  rolled: number;
  armour: number;
  /** What Armour soaked. */
  soaked: number;
  /** Damage after Armour. */
  dealt: number;
  guardBefore: number;
  guardAfter: number;
  toGuard: number;
  /** Damage that reaches Life: Critical Damage when > 0. */
  toLife: number;
  lifeAfter: number;
  /** The Scar row (= Guard lost) when the attack took Guard exactly to 0 (PCs only). */
  scarRow?: number;
}

/**
 * The arithmetic of one hit, without dice: Armour soaks (at most `armourCap`,
 * 2 for armour-piercing), Guard takes the rest, what Guard cannot take goes to
 * Life. Subdual damage stops at Guard.
 */
export function planDamage(
  state: Pick<LifeGuardState, "guard" | "life">,
  armour: number,
  rolled: number,
  opts: { pc?: boolean; armourCap?: number; kind?: "normal" | "subdual" } = {},
): DamagePlan {
  const soakable = opts.armourCap === undefined ? armour : Math.min(armour, opts.armourCap);
  const soaked = Math.min(Math.max(0, rolled), soakable);
  const dealt = Math.max(0, rolled - soaked);
  const guardBefore = Math.max(0, state.guard);
  const toGuard = Math.min(guardBefore, dealt);
  const guardAfter = guardBefore - toGuard;
  const toLife = opts.kind === "subdual" ? 0 : dealt - toGuard;
  const plan: DamagePlan = {
    rolled,
    armour,
    soaked,
    dealt,
    guardBefore,
    guardAfter,
    toGuard,
    toLife,
    lifeAfter: Math.max(0, state.life - toLife),
  };
  // seed 004, "Scars": "an attack takes a PC's Guard exactly to 0".
  if (opts.pc && guardBefore > 0 && guardAfter === 0 && toLife === 0 && dealt === guardBefore)
    plan.scarRow = Math.min(12, guardBefore);
  return plan;
}

// ---- Scars -----------------------------------------------------------------

export const SCAR_TABLE: Record<number, { name: string; text: string }> = {
  1: { name: "Lasting Scar", text: "A lasting scar." },
  2: { name: "Rattling Blow", text: "You're disoriented and shaken. Describe how you refocus." },
  3: { name: "Walloped", text: "Sent flying, flat on your face, winded: deprived until you rest for a few hours." },
  4: { name: "Broken Limb", text: "A broken limb." },
  5: { name: "Diseased", text: "Afflicted with a gross, uncomfortable infection." },
  6: { name: "Reorienting Head Wound", text: "Minus d6 maximum Life until you are treated." },
  7: { name: "Hamstrung", text: "You can barely move until you get serious help and rest." },
  8: { name: "Deafened", text: "You cannot hear anything until you find extraordinary aid." },
  9: { name: "Re-brained", text: "Some hidden part of your psyche is knocked loose." },
  10: { name: "Sundered", text: "An appendage is torn off, crippled or useless: the Bard says which." },
  11: { name: "Mortal Wound", text: "Deprived and out of action: you die in one hour unless healed." },
  12: { name: "Doomed", text: "If your next Life Save is a fail, you die horribly." },
};
export const LASTING_SCAR = ["Neck", "Hands", "Eye", "Chest", "Legs", "Ear"] as const;
export function brokenLimb(face: number): string {
  return face <= 2 ? "Leg" : face <= 4 ? "Arm" : face === 5 ? "Rib" : "Skull";
}

export interface ScarOutcome {
  row: number;
  scar: string;
  lines: string[];
  newGuardMax?: number;
}

const addCond = (s: LifeGuardState, ...cs: Mark[]) => {
  for (const c of cs) if (!s.conditions.includes(c)) s.conditions.push(c);
};

/**
 * Gain the Scar of `row` (the Guard lost), mutating `s`: the row's own rolls
 * and effects first, then the Guard-increase roll against the *maximum*
 * Guard (1d6 at max 3 or less, 2d6 at 4 or more; higher becomes the new max).
 */
export function gainScar(s: LifeGuardState, row: number, bag: DiceBag): ScarOutcome {
  const entry = SCAR_TABLE[row]!;
  let scar: string = entry.name;
  const lines: string[] = [];
  switch (row) {
    case 1: {
      const f = bag.d("Lasting Scar: where", 6);
      scar = `Lasting Scar (${LASTING_SCAR[f - 1]})`;
      break;
    }
    case 2: {
      const f = bag.d("Rattling Blow", 6);
      if (f > s.guardMax) {
        lines.push(`Rattling Blow: rolled ${f}, higher than max Guard ${s.guardMax}: max Guard is now ${f}.`);
        s.guardMax = f;
      } else lines.push(`Rattling Blow: rolled ${f}, not higher than max Guard ${s.guardMax}.`);
      break;
    }
    case 3:
      addCond(s, COND.deprived);
      break;
    case 4: {
      const f = bag.d("Broken Limb: which", 6);
      scar = `Broken Limb (${brokenLimb(f)})`;
      break;
    }
    case 5:
      addCond(s, "diseased");
      break;
    case 6: {
      const f = bag.d("Head Wound: max Life lost", 6);
      // A treated wound's loss is gone; a new one adds to one still untreated.
      s.headWoundLoss = (s.conditions.includes("head wound") ? s.headWoundLoss : 0) + f;
      addCond(s, "head wound");
      s.life = Math.min(s.life, effectiveLifeMax(s));
      lines.push(
        `Head Wound: −${f} maximum Life until treated (now ${effectiveLifeMax(s)}): /heal treat between fights, or a turn's action in one.`,
      );
      break;
    }
    case 7:
      addCond(s, "hamstrung");
      break;
    case 8:
      addCond(s, "deafened");
      break;
    case 10:
      addCond(s, "sundered");
      break;
    case 11:
      addCond(s, COND.deprived, COND.out, COND.mortal);
      break;
    case 12:
      addCond(s, COND.doomed);
      break;
  }
  s.scars.push(scar);
  lines.unshift(`Scar ${row}: ${scar}. ${entry.text}`);
  const out: ScarOutcome = { row, scar, lines };
  const inc = guardIncrease(s.guardMax, bag);
  lines.push(inc.line);
  if (inc.newMax !== undefined) {
    s.guardMax = inc.newMax;
    out.newGuardMax = inc.newMax;
  }
  return out;
}

/** The Guard-increase roll on gaining a Scar (seed 004, "Scars"). */
export function guardIncrease(guardMax: number, bag: DiceBag): { roll: number; newMax?: number; line: string } {
  const n = guardMax <= 3 ? 1 : 2;
  const roll = bag.roll(`Guard increase (max Guard ${guardMax})`, n, 6).total;
  if (roll > guardMax && roll <= 12)
    return {
      roll,
      newMax: roll,
      line: `Guard increase: ${n}d6 = ${roll}, higher than max Guard ${guardMax}: max Guard is now ${roll}.`,
    };
  return { roll, line: `Guard increase: ${n}d6 = ${roll}, not higher than max Guard ${guardMax}: no change.` };
}

// ---- Saves -----------------------------------------------------------------

/** d20 ≤ target succeeds; a 1 always succeeds, a 20 always fails. */
export function rollUnder(bag: DiceBag, label: string, target: number): { roll: number; success: boolean } {
  const roll = bag.d(label, 20);
  return { roll, success: roll === 1 || (roll !== 20 && roll <= target) };
}

/**
 * A Life save, mutating `s`: d20 ≤ current Life. A Doomed PC who fails dies
 * horribly; any Life save ends Doomed.
 */
export function lifeSaveOn(
  s: LifeGuardState,
  bag: DiceBag,
  modifier = 0,
): { roll: number; success: boolean; lines: string[] } {
  const target = s.life + modifier;
  const { roll, success } = rollUnder(bag, `Life save (≤ ${target})`, target);
  const lines = [`Life save: d20 = ${roll} against Life ${target}: ${success ? "saved" : "failed"}.`];
  if (s.conditions.includes(COND.doomed)) {
    s.conditions = s.conditions.filter((c) => c !== COND.doomed);
    if (!success) {
      addCond(s, COND.dead);
      lines.push("Doomed: the Life save failed — dies horribly.");
    } else lines.push("Doomed no more: the Life save succeeded.");
  }
  return { roll, success, lines };
}

// ---- applyDamage / applyHealing / rest ------------------------------------

/**
 * An Enchantment on the armour (seed 004, "Enchantment": "to their weapons and armour … bonuses to …
 * defence … single-use and last until the PC rests"): the next hit its wearer takes is soaked by 2d6 in
 * place of the Armour (never less than the Armour), and the Enchantment is spent
 * (docs/rules/life-guard.md, "Enchanted armour"). Returns the Armour that soaks this hit.
 */
function enchantedArmour(
  s: LifeGuardState,
  armour: number,
  amount: number,
  bag: DiceBag,
  lines: string[],
  rules: RuleRef[],
  rolled?: number,
): number {
  const e = findArmourEnchantment(s);
  if (!e || amount <= 0) return armour;
  s.conditions = s.conditions.filter((x) => x !== e.key);
  rules.push(R.enchantment);
  // An attack rolled it already (and said so): the same Armour soaks here.
  if (rolled !== undefined) {
    lines.push(`The armour's Enchantment${e.name ? ` (${e.name})` : ""} is spent.`);
    return rolled;
  }
  const r = armourRoll(bag, e.name, armour);
  lines.push(`${r.line}; the Enchantment is spent.`);
  return r.armour;
}

/** Enchanted armour's 2d6 for one hit, never less than the armour's own value. */
export function armourRoll(bag: DiceBag, name: string, armour: number): { armour: number; line: string } {
  const roll = bag.roll(`enchanted armour${name ? ` (${name})` : ""}`, 2, 6).total;
  const soaks = Math.max(armour, roll);
  return {
    armour: soaks,
    line: `Enchanted armour${name ? ` (${name})` : ""}: 2d6 = ${roll}, Armour ${soaks} for this hit${roll < armour ? ` (its own ${armour} is more)` : ""}`,
  };
}

/**
 * "N damage − Armour A = D": the Armour is the target's, and when it soaks less than its value (a small blow,
 * or armour-piercing's cap: seed 004, "Actions and Modifiers") the line says what it soaked.
 */
export function soakLine(plan: DamagePlan, armourCap?: number): string {
  const capped = armourCap !== undefined && plan.armour > armourCap;
  const note = capped
    ? ` (armour-piercing: soaks at most ${armourCap}${plan.soaked < armourCap ? `, soaks ${plan.soaked}` : ""})`
    : plan.soaked < plan.armour
      ? ` (soaks ${plan.soaked})`
      : "";
  return `${plan.rolled} damage − Armour ${plan.armour}${note} = ${plan.dealt}.`;
}

export function applyDamageTo(
  c: Combatant<LifeGuardSheet>,
  amount: number,
  bag: DiceBag,
  kind: "normal" | "subdual" = "normal",
  opts: { armourCap?: number; armour?: number } = {},
): DamageResult & { plan: DamagePlan; critical: boolean; scar?: ScarOutcome } {
  const mark = bag.log.length;
  const s = readState(c);
  const rules = [R.attacks];
  const title = `${c.name} takes damage`;
  if (s.conditions.includes(COND.dead) || s.conditions.includes(COND.destroyed)) {
    const plan = planDamage(s, c.sheet.armour, 0);
    return {
      state: stored(s),
      plan,
      critical: false,
      result: { title, lines: [`${c.name} is already beyond harm.`], rules, rolls: [] },
    };
  }
  const lines: string[] = [];
  const armour = enchantedArmour(s, c.sheet.armour, amount, bag, lines, rules, opts.armour);
  const plan = planDamage(s, armour, amount, {
    pc: c.kind === "pc",
    kind,
    ...(opts.armourCap !== undefined ? { armourCap: opts.armourCap } : {}),
  });
  lines.push(soakLine(plan, opts.armourCap));
  // Guard already at 0 takes nothing: the damage goes on to Life, which the next line says (no "Guard 0 → 0").
  if (plan.guardBefore !== plan.guardAfter || plan.dealt === 0)
    lines.push(`Guard ${plan.guardBefore} → ${plan.guardAfter}.`);
  s.guard = plan.guardAfter;
  let scar: ScarOutcome | undefined;
  if (plan.scarRow !== undefined) {
    rules.push(R.scars);
    scar = gainScar(s, plan.scarRow, bag);
    lines.push(...scar.lines);
  }
  if (kind === "subdual" && plan.dealt > plan.toGuard) {
    rules.push(R.choice("Subdual damage"));
    lines.push(`Subdual: the ${plan.dealt - plan.toGuard} beyond Guard is lost.`);
  }
  const critical = plan.toLife > 0;
  if (critical) {
    rules.push(R.choice("Critical Damage"));
    const lifeBefore = s.life;
    // Life stops at 0, and reaching it is told on the same line (docs/rules/life-guard.md).
    s.life = Math.max(0, plan.lifeAfter);
    const hit = `Critical Damage: ${plan.toLife} to Life, Life ${lifeBefore} → ${s.life}`;
    if (c.sheet.warband) rules.push(R.warbands);
    if (s.life <= 0) {
      if (c.sheet.warband) {
        addCond(s, COND.destroyed);
        lines.push(`${hit}, ${c.name} (warband) destroyed.`);
      } else {
        addCond(s, COND.dead);
        lines.push(`${hit}, dead.`);
      }
    } else {
      lines.push(`${hit}.`);
      const save = lifeSaveOn(s, bag);
      lines.push(...save.lines);
      if (c.sheet.warband) {
        addCond(s, save.success ? COND.weakened : COND.routed);
        lines.push(save.success ? `${c.name} (warband) is significantly weakened.` : `${c.name} (warband) is routed.`);
      } else if (!save.success && !s.conditions.includes(COND.dead)) {
        addCond(s, COND.out);
        lines.push(`${c.name} is out of action.`);
      }
    }
  }
  return {
    state: stored(s),
    plan,
    critical,
    ...(scar ? { scar } : {}),
    result: { title, lines, rules, rolls: bag.since(mark) },
  };
}

/** Healing restores Life (rest restores Guard); any healing ends a Mortal Wound's countdown. */
export function applyHealingTo(c: Combatant<LifeGuardSheet>, amount: number): DamageResult {
  const s = readState(c);
  const rules = [R.choice("Healing and rest")];
  const title = `${c.name} is healed`;
  if (s.conditions.includes(COND.dead) || s.conditions.includes(COND.destroyed))
    return {
      state: stored(s),
      result: { title, lines: [`${c.name} is dead: healing does nothing.`], rules, rolls: [] },
    };
  const before = s.life;
  s.life = Math.min(effectiveLifeMax(s), s.life + Math.max(0, amount));
  const lines = [`Life ${before} → ${s.life} (max ${effectiveLifeMax(s)}). Guard comes back with rest, not healing.`];
  if (amount > 0 && s.conditions.includes(COND.mortal)) {
    s.conditions = s.conditions.filter((c) => c !== COND.mortal);
    delete s.mortalMinutes;
    lines.push("The Mortal Wound is healed: no longer dying (still deprived until rest).");
  }
  // docs/rules/life-guard.md, "Healing and rest": healing that leaves Life above 0 puts the character back in action.
  if (amount > 0 && s.life > 0 && s.conditions.includes(COND.out)) {
    s.conditions = s.conditions.filter((c) => c !== COND.out);
    lines.push(`${c.name} is back in action.`);
  }
  return { state: stored(s), result: { title, lines, rules, rolls: [] } };
}

/**
 * Rest. Any rest restores Guard to its maximum unless deprived, and ends the
 * character's Enchantments ("last until the PC rests"). A long rest (a few
 * hours) also ends deprived and out of action, unless a Mortal Wound remains.
 */
/** "A few hours" of rest (seed 004, "Scars", row 3): three hours, 18 dungeon turns in a row. */
export const LONG_REST_TURNS = 18;

export function rest(c: Combatant<LifeGuardSheet>, opts: { long?: boolean } = {}): DamageResult {
  const s = readState(c);
  const lines: string[] = [];
  const mortal = s.conditions.includes(COND.mortal);
  if (opts.long && !mortal) {
    const had = s.conditions.filter((x) => x === COND.deprived || x === COND.out);
    s.conditions = s.conditions.filter((x) => x !== COND.deprived && x !== COND.out);
    if (had.length) lines.push(`A few hours of rest: no longer ${had.join(" or ")}.`);
  }
  if (s.conditions.includes(COND.dead)) lines.push(`${c.name} is dead.`);
  else if (s.conditions.includes(COND.deprived)) lines.push(`Deprived: Guard stays at ${s.guard}.`);
  else {
    lines.push(`Guard ${s.guard} → ${s.guardMax}.`);
    s.guard = s.guardMax;
  }
  // A weapon's and the armour's alike.
  const isEnchantment = (x: string) => inFamily("enchanted")(x) || inFamily("enchanted armour")(x);
  const ench = s.conditions.filter(isEnchantment);
  if (ench.length) {
    s.conditions = s.conditions.filter((x) => !isEnchantment(x));
    lines.push(`Enchantments end with the rest (${ench.length}).`);
  }
  return {
    state: stored(s),
    result: {
      title: `${c.name} rests`,
      lines,
      rules: [R.enchantment, R.scars, R.choice("Healing and rest")],
      rolls: [],
    },
  };
}

/**
 * seed 004, "Scars", row 6: "Minus d6 maximum Life until you are treated": treatment ends the Head Wound
 * and its loss of maximum Life (Life itself comes back by healing). `by`: who treats (null: not said).
 */
const HEAD_WOUND = "head wound";
export function treat(c: Combatant<LifeGuardSheet>, by: string | null): DamageResult {
  const s = readState(c);
  if (!s.conditions.includes(HEAD_WOUND)) throw new RuleError(`${c.name} has no Head Wound to treat.`);
  s.conditions = s.conditions.filter((x) => x !== HEAD_WOUND);
  const whose =
    by === null
      ? `${c.name}'s Head Wound is treated`
      : `${by} treats ${by === c.name ? "their own" : `${c.name}'s`} Head Wound`;
  return {
    state: stored(s),
    result: {
      title: "Treatment",
      lines: [`${whose}: maximum Life restored (${effectiveLifeMax(s)}).`],
      rules: [R.scars],
      rolls: [],
    },
  };
}

/** The hour a Mortal Wound leaves (seed 004, "Scars", row 11: "You die in one hour unless healed"). */
export const MORTAL_MINUTES = 60;

/**
 * Game time passing with a Mortal Wound: the hour runs on the campaign's clock
 * (six dungeon turns); the bot warns as it runs out, and at the hour the
 * character dies. Healing ends the wound (applyHealing). Null when nothing changes.
 */
export function mortalClock(c: Combatant<LifeGuardSheet>, minutes: number): DamageResult | null {
  const s = readState(c);
  if (!s.conditions.includes(COND.mortal) || s.conditions.includes(COND.dead) || minutes <= 0) return null;
  const spent = (typeof s.mortalMinutes === "number" ? s.mortalMinutes : 0) + minutes;
  const rules = [R.scars];
  if (spent >= MORTAL_MINUTES) {
    s.conditions = [...s.conditions.filter((x) => x !== COND.mortal), COND.dead];
    delete s.mortalMinutes;
    return {
      state: stored(s),
      result: {
        title: `${c.name} dies of the Mortal Wound`,
        lines: [`${c.name} dies: an hour has passed and the Mortal Wound was not healed.`],
        rules,
        rolls: [],
      },
    };
  }
  s.mortalMinutes = spent;
  const left = MORTAL_MINUTES - spent;
  return {
    state: stored(s),
    result: {
      title: `${c.name}: Mortal Wound`,
      lines: [`${c.name} has a Mortal Wound: ${left} minutes left to heal them (/heal), or they die.`],
      rules,
      rolls: [],
    },
  };
}
