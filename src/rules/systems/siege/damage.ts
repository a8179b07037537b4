/**
 * Hit points, the 0 / −1..−6 / −7..−9 / −10 states, damage types (weapon,
 * magic, illusion, subdual), healing, and falling damage.
 */
import { countAs, type DiceBag } from "../../dice/bag.js";
import type { CombatState, Combatant, DamageResult, Effect, RuleResult, StateView } from "../types.js";
import { RuleError } from "../types.js";
import { siegeCheck } from "./check.js";
import { ref, type SiegeSheet } from "./sheet.js";
import type { Mark } from "../../marks.js";

export interface SiegeState extends CombatState {
  hp: number;
  hpMax: number;
  /** Subdual damage currently carried (heals 1 per 10 minutes). */
  subdual: number;
  /** At 0 HP: minutes of game time until consciousness returns (rolled 1d6 hours when 0 was reached). */
  wakeInMinutes?: number;
  /** At 0 HP and awake again: half move, no fighting ("Hit Points"). */
  awake?: boolean;
  /** Beaten to −10 or less by subdual damage: minutes left of the 24 hours unconscious, no healing meanwhile ("Subdual Damage"). */
  knockedOutMinutes?: number;
  /** The knock-out's day still to pass before natural healing by days begins (rest.ts). */
  knockoutDay?: boolean;
}

/** "Otherwise, they should be considered unconscious for 24 hours and do not begin healing until gaining consciousness." */
export const KNOCKOUT_MINUTES = 24 * 60;

export type SiegeDamageKind = "normal" | "weapon" | "magic" | "subdual" | "illusion";

/** The conditions this file owns; they are recomputed from hit points after every change. */
export const HP_CONDITIONS: Mark[] = [
  "unconscious",
  "grievously wounded",
  "mortally wounded",
  "dying",
  "dead",
  "knocked out for 24 hours",
  "recovering",
];

export function initialState(sheet: SiegeSheet): SiegeState {
  return { conditions: [], hp: sheet.hpMax, hpMax: sheet.hpMax, subdual: 0 };
}

export function readState(c: { sheet: SiegeSheet; state: CombatState }): SiegeState {
  const s = c.state as Partial<SiegeState> & CombatState;
  const hpMax = typeof s.hpMax === "number" ? s.hpMax : c.sheet.hpMax;
  return {
    ...s,
    conditions: [...(s.conditions ?? [])],
    hp: typeof s.hp === "number" ? s.hp : hpMax,
    hpMax,
    subdual: typeof s.subdual === "number" ? s.subdual : 0,
  };
}

export type HpBand = "fine" | "unconscious" | "grievously wounded" | "mortally wounded" | "dead";

/** "Hit Points": 0 unconscious, −1..−6 grievously wounded, −7..−9 mortally wounded, −10 dead. */
export function hpBand(hp: number): HpBand {
  if (hp > 0) return "fine";
  if (hp === 0) return "unconscious";
  if (hp >= -6) return "grievously wounded";
  if (hp >= -9) return "mortally wounded";
  return "dead";
}

/** Recompute the HP conditions; `illusionDeath` when illusory damage took the total to −10. */
export function withHpConditions(st: SiegeState, illusionDeath = false): SiegeState {
  const keep = st.conditions.filter((c) => !HP_CONDITIONS.includes(c));
  const band = illusionDeath ? "dead" : hpBand(st.hp);
  const add: Mark[] = [];
  if (band === "dead") add.push("dead");
  else if (band === "mortally wounded") add.push("unconscious", "mortally wounded", "dying");
  else if (band === "grievously wounded") add.push("unconscious", "grievously wounded");
  else if (band === "unconscious") add.push(st.awake ? "recovering" : "unconscious");
  else if (st.hp - st.subdual <= 0) {
    add.push("unconscious");
    if ((st.knockedOutMinutes ?? 0) > 0) add.push("knocked out for 24 hours");
  }
  const conditions = band === "dead" ? [...keep.filter((c) => c !== "aided"), ...add] : [...keep, ...add];
  // Aid only matters while mortally wounded.
  const final = band === "mortally wounded" ? conditions : conditions.filter((c) => c !== "aided");
  const out: SiegeState = { ...st, conditions: [...new Set(final)] };
  // Conscious again (healed above 0, or the knock-out over): the 24 hours no longer run.
  if (band === "dead" || st.hp - st.subdual > 0 || !final.includes("knocked out for 24 hours"))
    delete out.knockedOutMinutes;
  if (band === "dead" || st.hp - st.subdual > 0) delete out.knockoutDay;
  if (band !== "unconscious") {
    delete out.wakeInMinutes;
    delete out.awake;
  }
  return out;
}

function bandLine(name: string, st: SiegeState): string {
  if (st.conditions.includes("dead"))
    return `${name} is dead. Only resurrection, reincarnation or bribes to the Castle Keeper can remedy death.`;
  if (st.conditions.includes("mortally wounded"))
    return `${name} is mortally wounded (${st.hp} HP): loses 1 HP a round until someone spends a full round aiding the wounds${st.conditions.includes("aided") ? " (aided: the loss has stopped)" : ""}.`;
  if (st.conditions.includes("grievously wounded"))
    return `${name} is unconscious and grievously wounded (${st.hp} HP): 24 hours of bed rest before healing begins; magic heals only to 0.`;
  if (st.hp === 0 && st.awake)
    return `${name} is at 0 HP and awake: half move, and no fighting, spells, turning or strenuous action until healed.`;
  if (st.hp === 0)
    return `${name} is at 0 HP and passes out${st.wakeInMinutes !== undefined ? ` for ${Math.ceil(st.wakeInMinutes / 60)} hour${st.wakeInMinutes > 60 ? "s" : ""}` : ": awake in 1d6 hours"}, then half move and no fighting, spells or strenuous action.`;
  if (st.conditions.includes("knocked out for 24 hours"))
    return `${name} is beaten to ${st.hp - st.subdual} with subdual damage: unconscious for 24 hours, and no healing until conscious again (or worse, at the Castle Keeper's discretion).`;
  if (st.conditions.includes("unconscious"))
    return `${name} is knocked out by subdual damage (${st.hp - st.subdual} effective HP).`;
  return `${name} has ${st.hp}/${st.hpMax} HP${st.subdual ? ` and ${st.subdual} subdual damage: knocked out after ${st.hp - st.subdual} more` : ""}.`;
}

/**
 * "Subdual Damage": "All subdual damage delivers some normal damage. For every five points of subdual damage
 * inflicted, one point is considered normal damage." Per blow: one point in five, and at least one.
 */
export const subdualNormalPart = (amount: number): number => (amount > 0 ? Math.max(1, Math.floor(amount / 5)) : 0);

/**
 * Damage: weapon and magic damage are normal; a blow of subdual damage is one
 * point in five normal, at least one; illusory damage is subdual damage that
 * kills at −10 ("Magic Damage").
 */
export function applyDamage(
  c: Combatant<SiegeSheet>,
  amount: number,
  dice: DiceBag,
  kind: SiegeDamageKind = "normal",
): DamageResult {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Damage must be a whole number of 0 or more.");
  const st = readState(c);
  const lines: string[] = [];
  const rules = [ref("Damage")];
  let next: SiegeState;
  let illusionDeath = false;
  if (kind === "subdual" || kind === "illusion") {
    const normal = subdualNormalPart(amount);
    const sub = amount - normal;
    next = { ...st, hp: st.hp - normal, subdual: st.subdual + sub };
    // Beaten to −10 by subdual damage: the 24 hours start (once; more blows while out do not restart them).
    if (next.hp - next.subdual <= -10 && !((st.knockedOutMinutes ?? 0) > 0))
      next = { ...next, knockedOutMinutes: KNOCKOUT_MINUTES, knockoutDay: true };
    lines.push(
      `${c.name} takes ${amount} ${kind === "illusion" ? "illusory (subdual)" : "subdual"} damage: ${sub} subdual, ${normal} normal (${amount >= 5 ? "one point in five is real" : amount > 0 ? "all subdual damage delivers some normal damage" : "nothing lands"}).`,
    );
    rules.push(ref("Subdual Damage"));
    if (kind === "illusion") {
      rules.push(ref("Magic Damage"));
      illusionDeath = next.hp - next.subdual <= -10;
      if (illusionDeath) lines.push(`Illusory damage to −10: ${c.name} dies of the psychic shock.`);
    }
  } else {
    next = { ...st, hp: st.hp - amount };
    // Negative hit points are shown as they are: −1 to −9 matter, −10 is death (docs/rules/siege.md).
    lines.push(
      `${c.name} takes ${amount} ${kind === "magic" ? "magic " : ""}damage: HP ${st.hp} → ${next.hp}${next.hp <= -10 ? ", dead" : ""}.`,
    );
    rules.push(ref(kind === "magic" ? "Magic Damage" : "Weapon Damage"));
  }
  const mark = dice.log.length;
  // Reaching exactly 0: consciousness returns in 1d6 hours ("Hit Points").
  if (next.hp === 0 && st.hp !== 0) next = { ...next, wakeInMinutes: wakeAfterZero(c, dice).hours * 60, awake: false };
  next = withHpConditions(next, illusionDeath);
  if (next.hp <= 0 || next.hp - next.subdual <= 0) rules.push(ref("Hit Points"));
  // Said once: a death the first line told (normal damage to −10, the psychic shock) is not told again;
  // hit points still above 0 with nothing else to tell were given by the first line.
  const told = next.conditions.includes("dead")
    ? (kind !== "subdual" && kind !== "illusion") || illusionDeath
    : kind !== "subdual" &&
      kind !== "illusion" &&
      next.hp > 0 &&
      next.subdual === 0 &&
      !next.conditions.includes("unconscious");
  if (!told) lines.push(bandLine(c.name, next));
  return {
    state: next,
    result: {
      title: `${c.name}: ${amount} ${kind === "normal" || kind === "weapon" ? "" : kind === "illusion" ? "illusory " : `${kind} `}damage`,
      lines,
      rules,
      rolls: dice.since(mark),
    },
  };
}

/**
 * Healing (treated as magical healing, which is immediate): restores normal
 * hit points first, never beyond the maximum; a character below 0 is brought
 * only to 0 ("Hit Points": the knight example). What is left heals subdual damage.
 */
export function applyHealing(c: Combatant<SiegeSheet>, amount: number): DamageResult {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Healing must be a whole number of 0 or more.");
  const st = readState(c);
  if (st.conditions.includes("dead")) {
    return {
      state: st,
      result: {
        title: `${c.name} is dead`,
        lines: ["Healing does not help the dead: only resurrection or reincarnation."],
        rules: [ref("Hit Points")],
        rolls: [],
      },
    };
  }
  const lines: string[] = [];
  let hp = st.hp;
  let left = amount;
  if (hp < 0) {
    // "With most magical healing, the character's hit points can only be returned to 0": the knight at −1, cured for 8, is at 0.
    const to = Math.min(0, hp + amount);
    const lost = amount - (to - hp);
    lines.push(
      lost > 0
        ? `The cure of ${amount} brings ${c.name} from ${hp} to 0 HP, as far as magical healing goes below 0: ${to - hp} of it takes effect, the other ${lost} ${lost === 1 ? "is" : "are"} lost.`
        : `The cure of ${amount} brings ${c.name} from ${hp} to ${to} HP (magical healing below 0 goes no further than 0).`,
    );
    hp = to;
    left = 0;
  } else {
    const gain = Math.min(left, st.hpMax - hp);
    hp += gain;
    left -= gain;
  }
  const subHealed = Math.min(left, st.subdual);
  const next = withHpConditions({ ...st, hp, subdual: st.subdual - subHealed });
  if (subHealed) lines.push(`${subHealed} subdual damage healed.`);
  lines.push(bandLine(c.name, next));
  return { state: next, result: { title: `${c.name} healed`, lines, rules: [ref("Hit Points")], rolls: [] } };
}

export function view(c: Combatant<SiegeSheet>): StateView {
  const st = readState(c);
  const eff = st.hp - st.subdual;
  const status = st.conditions.includes("dead")
    ? "dead"
    : st.conditions.includes("mortally wounded")
      ? "dying"
      : st.conditions.includes("grievously wounded")
        ? "grievously wounded"
        : st.conditions.includes("unconscious")
          ? "unconscious"
          : st.conditions.includes("recovering")
            ? "awake at 0 HP"
            : eff < st.hpMax
              ? "wounded"
              : "";
  return {
    summary: `HP ${st.hp}/${st.hpMax}${st.subdual ? ` (${st.subdual} subdual)` : ""}`,
    fraction: Math.max(0, Math.min(1, eff / st.hpMax)),
    status,
  };
}

/** Round start: a mortally wounded combatant not yet aided loses 1 HP ("Hit Points"). */
export function bleedingEffects(combatants: Combatant<SiegeSheet>[]): Effect[] {
  const out: Effect[] = [];
  for (const c of combatants) {
    const st = readState(c);
    if (hpBand(st.hp) === "mortally wounded" && !st.conditions.includes("aided")) {
      out.push({
        targetId: c.id,
        damage: 1,
        damageKind: "normal",
        note: `${c.name} is mortally wounded and bleeds: 1 HP lost at the round's end (Castles & Crusades · Hit Points).`,
      });
    }
  }
  return out;
}

/** Someone spends a full round aiding a mortally wounded combatant: no HP is lost that round and the loss stops. */
export function aidEffect(c: Combatant<SiegeSheet>): Effect {
  const st = readState(c);
  if (hpBand(st.hp) !== "mortally wounded")
    throw new RuleError(`${c.name} is not mortally wounded: aid stops the bleeding of those at −7 to −9 HP.`);
  return {
    targetId: c.id,
    addConditions: ["aided"],
    note: `${c.name}'s wounds are tended: a full round's work, and the HP loss stops.`,
  };
}

/** Those at 0 HP recover consciousness in 1d6 hours, then move at half rate and cannot fight. */
export function wakeAfterZero(c: Combatant<SiegeSheet>, dice: DiceBag): RuleResult & { hours: number } {
  const mark = dice.log.length;
  const hours = dice.d(`hours until ${c.name} wakes`, 6);
  return {
    title: `${c.name} wakes in ${hours} hour${hours === 1 ? "" : "s"}`,
    lines: [
      `${c.name} recovers consciousness after ${hours} hour${hours === 1 ? "" : "s"}: half move, and no combat, spells, turning or strenuous action until healed.`,
    ],
    rules: [ref("Hit Points")],
    rolls: dice.since(mark),
    hours,
  };
}

/**
 * Natural healing on day `day` (1-based) of rest: 1 a day; from day 8 plus the
 * CON bonus (if any); from day 15 double; from day 31 triple ("Hit Points").
 */
export function healingOnDay(day: number, conMod: number): number {
  if (!Number.isInteger(day) || day < 1) throw new RuleError("The day of rest must be 1 or more.");
  const base = 1 + (day > 7 ? Math.max(0, conMod) : 0);
  return base * (day > 30 ? 3 : day > 14 ? 2 : 1);
}

/** Total natural healing over `days` of rest starting at `fromDay` (1-based). */
export function naturalHealing(days: number, conMod: number, fromDay = 1): number {
  let total = 0;
  for (let d = fromDay; d < fromDay + days; d++) total += healingOnDay(d, conMod);
  return total;
}

const hoursAndMinutes = (m: number): string =>
  [
    Math.floor(m / 60) ? `${Math.floor(m / 60)} hour${Math.floor(m / 60) === 1 ? "" : "s"}` : "",
    m % 60 ? `${m % 60} minutes` : "",
  ]
    .filter(Boolean)
    .join(" ");

/** Subdual damage heals 1 point per 10 minutes. */
export const subdualHealed = (minutes: number): number => Math.max(0, Math.floor(minutes / 10));

/** Heal subdual damage over time (a state change for the play layer). */
export function healSubdual(c: Combatant<SiegeSheet>, minutes: number): SiegeState {
  const st = readState(c);
  return withHpConditions({ ...st, subdual: Math.max(0, st.subdual - subdualHealed(minutes)) });
}

/**
 * Game time outside a fight: subdual damage heals 1 point per 10 minutes
 * ("Subdual Damage"); at 0 HP, consciousness returns when the 1d6 hours rolled
 * at the fall have passed ("Hit Points"). Null when nothing changes.
 */
export function timePasses(c: Combatant<SiegeSheet>, minutes: number, dice: DiceBag): DamageResult | null {
  const st = readState(c);
  if (st.conditions.includes("dead")) return null;
  const lines: string[] = [];
  const rules: string[] = [];
  // Knocked out by subdual damage to −10: 24 hours out, and no healing until conscious ("Subdual Damage").
  const ko = st.knockedOutMinutes ?? 0;
  let healing = minutes;
  let start: SiegeState = st;
  if (ko > 0 && st.hp - st.subdual <= 0) {
    rules.push(ref("Subdual Damage"));
    if (minutes < ko) {
      const left = ko - minutes;
      const state = withHpConditions({ ...st, knockedOutMinutes: left });
      lines.push(
        `${c.name} is knocked out by subdual damage: ${hoursAndMinutes(left)} until they come to, and no healing until then.`,
      );
      return { state, result: { title: `${c.name}: ${minutes} minutes pass`, lines, rules, rolls: [] } };
    }
    healing = minutes - ko;
    start = withHpConditions({ ...st, knockedOutMinutes: 0 });
    lines.push(
      `${c.name}'s 24 hours knocked out by subdual damage are over: healing begins (awake once hit points less subdual damage are above 0).`,
    );
  }
  let next = healSubdual({ ...c, state: start }, healing);
  const mark = dice.log.length;
  // Brought to 0 by healing from below (the knight), the hours until waking are rolled when time first passes.
  if (next.hp === 0 && !next.awake && next.wakeInMinutes === undefined) {
    const w = wakeAfterZero(c, dice);
    next = { ...next, wakeInMinutes: w.hours * 60 };
    lines.push(`${c.name} is at 0 HP: awake in ${w.hours} hour${w.hours === 1 ? "" : "s"}.`);
  }
  const healed = st.subdual - next.subdual;
  if (healed > 0) {
    lines.push(
      `${c.name} recovers ${healed} subdual damage over ${healing} minutes (1 per 10 minutes)${next.subdual ? `: ${next.subdual} left` : ""}.`,
    );
    rules.push(ref("Subdual Damage"));
  }
  if (next.hp === 0 && !next.awake && next.wakeInMinutes !== undefined) {
    const left = next.wakeInMinutes - minutes;
    next = withHpConditions(left <= 0 ? { ...next, wakeInMinutes: 0, awake: true } : { ...next, wakeInMinutes: left });
    lines.push(
      left <= 0
        ? `${c.name} wakes: half move, and no fighting, spells, turning or strenuous action until healed.`
        : `${c.name} is still out: ${left} minutes until waking.`,
    );
    rules.push(ref("Hit Points"));
  }
  if (!lines.length) return null;
  return {
    state: next,
    result: { title: `${c.name}: ${minutes} minutes pass`, lines, rules: [...new Set(rules)], rolls: dice.since(mark) },
  };
}

/**
 * Hit points by level: each level rolls the hit die + CON modifier, at least 1
 * per level. From 10th level on, classes gain a fixed number (`fixedAfter9`) + CON.
 * A monster rolls `per: "hit die"` (its dice log reads "hit points, hit die 2").
 */
export function rollHitPoints(
  dice: DiceBag,
  opts: { hitDie: number; level: number; conMod: number; fixedAfter9?: number; per?: "level" | "hit die" },
): RuleResult & { hp: number } {
  const mark = dice.log.length;
  let hp = 0;
  const lines: string[] = [];
  for (let lv = 1; lv <= opts.level; lv++) {
    // The die with its CON modifier in its line ("1d8+1 (5) = 6"), as the level's line adds it.
    const rolled =
      lv >= 10 && opts.fixedAfter9 !== undefined
        ? null
        : dice.roll(
            `hit points, ${opts.per ?? "level"} ${lv}`,
            1,
            opts.hitDie,
            opts.conMod ? { modifier: opts.conMod } : {},
          );
    const raw = rolled ? rolled.dice[0]!.value : opts.fixedAfter9!;
    const got = Math.max(1, raw + opts.conMod);
    if (rolled) countAs(rolled, got, "at least 1");
    hp += got;
    lines.push(
      `Level ${lv}: ${raw} ${opts.conMod >= 0 ? "+" : "−"} ${Math.abs(opts.conMod)} CON = ${got}${raw + opts.conMod < 1 ? " (at least 1)" : ""}`,
    );
  }
  lines.push(`Total: ${hp} HP.`);
  return { title: `Hit points: ${hp}`, lines, rules: [ref("Hit Points")], rolls: dice.since(mark), hp };
}

/**
 * Falling damage dice. 5–10 ft: a Dexterity check, else 1d6. Higher: 1d6 for
 * the first 10 ft, 2d6 for the next 10, 3d6 for the next … (cumulative), the
 * number of 10-ft bands being the height rounded to the nearest 10 ft, halves
 * down (= ⌈(height − 5) / 10⌉): 18 ft → 2 bands → 3d6, 45 ft → 4 bands → 10d6.
 */
export function fallingDice(heightFt: number): { dice: number; bands: number; dexCheck: boolean } {
  if (!Number.isFinite(heightFt) || heightFt < 0) throw new RuleError("The height of a fall must be 0 feet or more.");
  if (heightFt < 5) return { dice: 0, bands: 0, dexCheck: false };
  if (heightFt <= 10) return { dice: 1, bands: 1, dexCheck: true };
  const bands = Math.ceil((heightFt - 5) / 10);
  return { dice: (bands * (bands + 1)) / 2, bands, dexCheck: false };
}

export function fallingDamage(
  who: Combatant<SiegeSheet>,
  heightFt: number,
  dice: DiceBag,
): RuleResult & { damage: number } {
  const mark = dice.log.length;
  const f = fallingDice(heightFt);
  // Nothing to roll for the dead: no Dexterity check, no damage.
  if (readState(who).conditions.includes("dead"))
    return {
      title: `${who.name} is already dead`,
      lines: [`${who.name} is already dead: the fall of ${heightFt} ft changes nothing.`],
      rules: [ref("Falling Damage")],
      rolls: [],
      damage: 0,
    };
  const rules = [ref("Falling Damage")];
  const lines: string[] = [];
  let damage = 0;
  if (f.dice === 0) {
    lines.push(`A fall of ${heightFt} ft does no damage.`);
  } else if (f.dexCheck) {
    const chk = siegeCheck(who, "dex", dice, { label: `falling: Dexterity check (${who.name})` });
    lines.push(...chk.lines.slice(0, 2));
    rules.push(...chk.rules);
    if (chk.success) lines.push(`${who.name} lands well: no damage.`);
    else {
      damage = dice.roll("falling damage", 1, 6).total;
      lines.push(`${who.name} lands badly: 1d6 = ${damage} damage.`);
    }
  } else {
    const parts = Array.from({ length: f.bands }, (_, i) => `${i + 1}d6`).join(" + ");
    damage = dice.roll("falling damage", f.dice, 6).total;
    lines.push(`A fall of ${heightFt} ft: ${parts} = ${f.dice}d6 → ${damage} damage.`);
  }
  return { title: `Fall of ${heightFt} ft: ${damage} damage`, lines, rules, rolls: dice.since(mark), damage };
}
