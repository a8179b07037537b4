/**
 * The attack roll as a state machine (seed 002, "Attacking"). bx gives the
 * defender no reactions: begin rolls everything, the only option is "Take it".
 */
import { countAs, type DiceBag, type DiceRoll } from "../../dice/bag.js";
import { attackMachine, ignoredKeys, chosen, takeOption, type Phase, type Reading } from "../../attack/index.js";
import {
  modifierLabel,
  RuleError,
  type AttackInput,
  type AttackState,
  type Combatant,
  type Effect,
  type PlaceOrder,
  type RuleResult,
  type Situation,
  type SituationKey,
} from "../types.js";
import { abilityModifier, formatDice, mustParseDice, parseDice, type DiceExpr } from "./dice.js";
import { modText, pct, signed, sumMods, type Mod } from "../../numbers.js";
import type { BxSettings } from "./settings.js";
import { spellDisrupted } from "./initiative.js";
import { R_IN_MELEE, castingWords } from "./round.js";
import { aacOf, attackBonusOf, attackBonusWords, hpOf, weaponSchema, type BxSheet, type BxWeapon } from "./sheet.js";
import { thac0Of, thac0Words } from "./thac0.js";
import { R_MELEE_ATTACKS, checkDistance, distanceBetween } from "./distance.js";

export const R_ROLLS = 'seed 002, "Attack Rolls"';
export const R_AAC = 'seed 002, "Ascending Armor Class (Optional Rule)"';
export const R_1_20 = 'seed 002, "1s and 20s"';
export const R_RANGE = 'seed 002, "Range Modifiers"';
export const R_COVER = 'seed 002, "Targets Behind Cover"';
export const R_INVULN = 'seed 002, "Invulnerabilities"';
export const R_DAMAGE = 'seed 002, "Rolling for Damage"';
export const R_VARIABLE = 'seed 002, "Variable Weapon Damage (Optional Rule)"';
export const R_DEATH_ATTACK = 'seed 002, "Death"';
export const R_MISSILE = 'seed 002, "Missile Attacks"';

export { modText, pct, sumMods, type Mod };

export type AttackMode = "melee" | "missile" | "thrown";

/** The weapon an attack uses: a sheet weapon by name, a dice expression, or the first weapon. */
/**
 * A weapon in a sentence: its name, or for an unnamed one ("weapon", as the books list a goblin's;
 * "attack", a stat line's attack with no name in front) its dice: "a 1d6 weapon", "a 1d10 attack".
 */
export const weaponWords = (w: { name: string; damage?: string }): string => {
  const name = w.name.trim().toLowerCase();
  return (name === "weapon" || name === "attack") && w.damage ? `a ${w.damage} ${name}` : w.name;
};

export function resolveWeapon(sheet: BxSheet, weapon: string | undefined, situation: Situation): BxWeapon {
  const modeKind =
    situation.mode === "ranged"
      ? "missile"
      : situation.mode === "thrown"
        ? "thrown"
        : situation.mode === "melee"
          ? "melee"
          : undefined;
  if (weapon === undefined || weapon.trim() === "") {
    const first = modeKind ? (sheet.weapons.find((w) => w.kind === modeKind) ?? sheet.weapons[0]) : sheet.weapons[0];
    return first ?? weaponSchema.parse({ name: "weapon", damage: "1d6", kind: modeKind ?? "melee" });
  }
  const found = sheet.weapons.find((w) => w.name.toLowerCase() === weapon.trim().toLowerCase());
  if (found) return found;
  if (parseDice(weapon))
    return weaponSchema.parse({ name: weapon.trim(), damage: weapon.trim(), kind: modeKind ?? "melee" });
  const names = sheet.weapons.map((w) => w.name);
  throw new RuleError(
    `No weapon "${weapon}" on the sheet: use ${names.length ? `one of ${names.join(", ")}, or ` : ""}a dice expression like 1d8`,
  );
}

export function attackMode(weapon: BxWeapon, situation: Situation): AttackMode {
  if (situation.mode === "spell")
    throw new RuleError("Spells make no attack roll here: the target makes a saving throw (use /save)");
  if (situation.mode === "ranged") return "missile";
  if (situation.mode === "thrown") return "thrown";
  if (situation.mode === "melee") return "melee";
  return weapon.kind;
}

export { assertOpen, setKeys, takeOption } from "../../attack/index.js";

/** Hit target: a total (d20 + modifiers) at or above `target` hits. */
export interface HitTarget {
  target: number;
  text: string;
  rule: string;
}

/**
 * seed 002, "Attack Rolls": THAC0 − total = the AC hit; it hits when that AC
 * is equal to or lower than the foe's AC, i.e. total ≥ THAC0 − AC.
 * seed 002, "Ascending Armor Class": total + attack bonus ≥ AAC.
 * `acShift` worsens the defender's descending AC (positive = easier to hit).
 * A THAC0 the sheet does not give comes from the classic tables and says which.
 */
export function hitTarget(attacker: BxSheet, defender: BxSheet, acShift: number): HitTarget {
  if (attacker.acMode === "ascending") {
    const aac = aacOf(defender) - acShift;
    const ab = attackBonusOf(attacker);
    return { target: aac - ab, text: `${attackBonusWords(attacker)} against AAC ${aac}`, rule: R_AAC };
  }
  const ac = defender.ac + acShift;
  const t = thac0Of(attacker);
  return { target: t.value - ac, text: `${thac0Words(t)} against AC ${ac}`, rule: R_ROLLS };
}

/** Does this weapon get through an invulnerability? */
export function canHurt(defender: BxSheet, weapon: BxWeapon): boolean {
  if (defender.hitOnlyBy.length === 0) return true;
  return (
    (defender.hitOnlyBy.includes("magic") && weapon.magic > 0) ||
    (defender.hitOnlyBy.includes("silver") && weapon.silver)
  );
}

export interface BxPlan {
  weapon: BxWeapon;
  mode: AttackMode;
  toHit: Mod[];
  hit: HitTarget;
  damage: DiceExpr;
  damageMods: Mod[];
  canHurt: boolean;
  used: SituationKey[];
  rules: string[];
  /** The campaign option that changed the damage die, in words (shown where it applies). */
  damageOption?: string;
  /** The distance the attack was checked against, in words. */
  distanceLine?: string;
}

const COVER_BX: Record<string, number> = { light: -1, partial: -2, heavy: -4 };

/** seed 002, "Melee Attacks" and "Missile Attacks": the distance typed on the attack, else the encounter's between the two (distance.ts), checked against the weapon. */
function checkedDistance(
  input: AttackInput<BxSheet>,
  mode: AttackMode,
  weapon: BxWeapon,
): ReturnType<typeof checkDistance> | undefined {
  const s = input.situation;
  const distance = s.distance ?? distanceBetween(input.attacker, input.defender);
  return distance === undefined
    ? undefined
    : checkDistance({
        defender: input.defender.name,
        distance,
        typed: s.distance !== undefined,
        melee: mode === "melee",
        weapon,
        situation: s,
      });
}

/** seed 002, "Missile Attacks", "Range Modifiers" and "Targets Behind Cover": DEX, the range band and cover on a missile's to-hit. */
function missileMods(
  input: AttackInput<BxSheet>,
  checked: ReturnType<typeof checkDistance> | undefined,
  out: { toHit: Mod[]; rules: string[]; used: SituationKey[] },
): void {
  const s = input.situation;
  const { toHit, rules, used } = out;
  rules.push(R_MISSILE);
  const dex = abilityModifier(input.attacker.sheet.dex);
  if (dex) toHit.push({ label: "DEX", value: dex, rule: R_ROLLS });
  used.push("range", "cover");
  // A range band the distance gives (the typed `range` wins when both are given).
  const range = s.range ?? checked?.band?.range;
  if (range === "short") toHit.push({ label: "short range", value: 1, rule: R_RANGE });
  if (range === "long") toHit.push({ label: "long range", value: -1, rule: R_RANGE });
  if (range) rules.push(R_RANGE);
  if (s.cover === "full") throw new RuleError(`${input.defender.name} is behind complete cover and cannot be hit`);
  const c = s.cover ? COVER_BX[s.cover] : undefined;
  if (c) {
    toHit.push({ label: `${s.cover} cover`, value: c, rule: R_COVER });
    rules.push(R_COVER);
  }
}

/** seed 002, "Rolling for Damage" and "Variable Weapon Damage (Optional Rule)": a character's 1d6, or the weapon's own die. */
function damageDie(
  input: AttackInput<BxSheet>,
  weapon: BxWeapon,
  settings: BxSettings,
  rules: string[],
): { damage: DiceExpr; damageOption: string | undefined } {
  const pcFlat = input.attacker.kind !== "monster" && !settings.variableDamage;
  const damage = pcFlat ? { count: 1, sides: 6, modifier: 0 } : mustParseDice(weapon.damage, `${weapon.name} damage`);
  rules.push(R_DAMAGE);
  if (!pcFlat && input.attacker.kind !== "monster") rules.push(R_VARIABLE);
  const damageOption =
    pcFlat && weapon.damage.replace(/\s/g, "").toLowerCase() !== "1d6"
      ? `1d6 by the campaign option damage=d6 (every attack 1d6): the sheet's ${weapon.name} is ${weapon.damage}.`
      : undefined;
  return { damage, damageOption };
}

export function planBxAttack(input: AttackInput<BxSheet>, settings: BxSettings): BxPlan {
  const a = input.attacker.sheet;
  const d = input.defender.sheet;
  const s = input.situation;
  const weapon = resolveWeapon(a, input.weapon, s);
  const mode = attackMode(weapon, s);
  const toHit: Mod[] = [];
  const damageMods: Mod[] = [];
  const used: SituationKey[] = ["mode"];
  const checked = checkedDistance(input, mode, weapon);
  if (s.distance !== undefined) used.push("distance");
  const rules: string[] = [a.acMode === "ascending" ? R_AAC : R_ROLLS];
  let acShift = 0;
  if (mode === "melee") {
    const str = abilityModifier(a.str);
    if (str) {
      toHit.push({ label: "STR", value: str, rule: R_ROLLS });
      damageMods.push({ label: "STR", value: str, rule: R_DAMAGE });
    }
  } else missileMods(input, checked, { toHit, rules, used });
  if (weapon.magic) {
    toHit.push({ label: `magic +${weapon.magic}`, value: weapon.magic, rule: R_ROLLS });
    damageMods.push({ label: `magic +${weapon.magic}`, value: weapon.magic, rule: R_DAMAGE });
  }
  if (input.defender.state.conditions.includes("retreating")) {
    toHit.push({ label: "foe retreating", value: 2, rule: R_IN_MELEE });
    if (d.shield) acShift += 1;
    rules.push(R_IN_MELEE);
  }
  if (s.modifier) {
    used.push("modifier");
    toHit.push({ label: modifierLabel(input.modifierBy, "referee"), value: s.modifier, rule: R_ROLLS });
  }
  const { damage, damageOption } = damageDie(input, weapon, settings, rules);
  if (checked) rules.push(mode === "melee" ? R_MELEE_ATTACKS : R_MISSILE);
  return {
    weapon,
    mode,
    toHit,
    hit: hitTarget(a, d, acShift),
    damage,
    damageMods,
    canHurt: canHurt(d, weapon),
    used,
    rules: [...new Set(rules)],
    ...(damageOption ? { damageOption } : {}),
    ...(checked ? { distanceLine: checked.line } : {}),
  };
}

export interface BxAttackData {
  plan: BxPlan;
  natural: number;
  total: number;
  hit: boolean;
  damage: number | null;
  rolls: DiceRoll[];
}

/** The damage dice with the bonuses the total adds (STR, magic) in their line, "1d8+1 (5) = 6", and the number counted after it. */
export function rollDamage(bag: DiceBag, dmg: DiceExpr, mods: Mod[], multiplier = 1): { total: number; raw: number } {
  const r = bag.roll("damage", dmg.count, dmg.sides, { modifier: dmg.modifier + sumMods(mods) });
  const raw = r.total * multiplier;
  const total = Math.max(1, raw);
  countAs(r, total, [multiplier > 1 ? `× ${multiplier}` : "", raw < 1 ? "at least 1" : ""].filter(Boolean).join(", "));
  return { total, raw };
}

export function bxBegin(input: AttackInput<BxSheet>, settings: BxSettings, bag: DiceBag): AttackState {
  const mark = bag.log.length;
  if (input.attacker.state.conditions.includes("retreating"))
    throw new RuleError(`${input.attacker.name} is retreating this round and may not attack`);
  const plan = planBxAttack(input, settings);
  const r = bag.roll("attack", 1, 20, { modifier: sumMods(plan.toHit) });
  const natural = r.dice[0]!.value;
  const hit = natural === 20 ? true : natural === 1 ? false : r.total >= plan.hit.target;
  let damage: number | null = null;
  if (hit && plan.canHurt) damage = rollDamage(bag, plan.damage, plan.damageMods).total;
  const data: BxAttackData = { plan, natural, total: r.total, hit, damage, rolls: bag.since(mark) };
  return machine.start(data, input, ignoredKeys(input.situation, plan.used, chosen));
}

/** The attack as it reads: its damage and marks are handed over once, by the state that leaves "reactions" (taken or lapsed). */
function bxReading(data: BxAttackData, input: AttackInput<BxSheet>, phase: Phase): Reading {
  const { plan, natural, total, hit, damage } = data;
  const def = input.defender;
  const lines: string[] = [];
  const rules = [...plan.rules];
  lines.push(
    `${input.attacker.name} attacks ${def.name} with ${weaponWords(plan.weapon)} (${plan.mode}): d20 ${natural}${plan.toHit.length ? ` (${modText(plan.toHit)})` : ""} = ${total}; needs ${plan.hit.target} (${plan.hit.text}).`,
  );
  if (plan.distanceLine) lines.push(plan.distanceLine);
  if (natural === 20 || natural === 1) {
    rules.push(R_1_20);
    lines.push(natural === 20 ? "Natural 20: always hits." : "Natural 1: always misses.");
  }
  let outcome = hit ? "hit" : "miss";
  const effects: Effect[] = [];
  if (hit && !plan.canHurt) {
    rules.push(R_INVULN);
    outcome = "no effect";
    lines.push(`${def.name} can only be hurt by ${def.sheet.hitOnlyBy.join(" or ")} weapons: no damage is rolled.`);
  } else if (hit && damage !== null) {
    const { hp } = hpOf(def);
    lines.push(
      `Damage ${formatDice(plan.damage)}${plan.damageMods.length ? ` (${modText(plan.damageMods)})` : ""}: ${damage} (at least 1 on a hit).`,
    );
    if (plan.damageOption) lines.push(plan.damageOption);
    effects.push({ targetId: def.id, damage, damageKind: "normal" });
    if (damage >= hp) {
      outcome = "slain";
      rules.push(R_DEATH_ATTACK);
      // Told once: the damage line says it when the attack stands; only a waiting attack says what it would do.
      if (phase === "reactions") lines.push(`If it stands, ${def.name} drops to 0 HP: dead.`);
    }
    effects.push(...disruptSpell(def, lines, rules, input.order));
  } else lines.push("Miss.");
  return {
    outcome,
    tone: hit && outcome !== "no effect" ? "good" : "bad",
    effects,
    result: {
      title: `${input.attacker.name} → ${def.name}: ${outcome}`,
      lines,
      rules: [...new Set(rules)],
      rolls: data.rolls,
    },
  };
}

/** bx gives the defender no reactions: the only option is "Take it", and a lapse says the attack stands. */
const machine = attackMachine<BxAttackData, BxSheet>({
  options: (_data, input) => [takeOption(input.defender.id, R_ROLLS)],
  describe: bxReading,
  press: () => ({ phase: "done" }),
  lapse: () => ["No reaction: the attack stands."],
});

/**
 * seed 002, "Disrupting Spells": "If a spell caster loses initiative and is successfully attacked … before
 * their turn, the spell … is disrupted". A caster still casting has not had its turn (its spell goes off when
 * its place comes: `bxOnTurn`); it lost initiative when the attacker's place comes before its own (or the order
 * is not rolled yet: an ambush). A tie is no lost initiative, nor a caster whose place came first.
 */
export function disruptSpell(def: Combatant<BxSheet>, lines: string[], rules: string[], order?: PlaceOrder): Effect[] {
  if (!def.state.conditions.includes("casting")) return [];
  const lost = order === undefined || order === "attacker first";
  const r = spellDisrupted({ casterLostInitiative: lost, hitBeforeActing: true });
  rules.push(...r.rules);
  if (!r.disrupted) {
    lines.push(
      `${def.name} is ${castingWords(def)}: ${order === "same" ? "a tie is no lost initiative, so the spell goes off." : r.lines[0]}`,
    );
    return [];
  }
  lines.push(`${def.name} was ${castingWords(def)}: ${r.lines[0]}`);
  return [{ targetId: def.id, removeConditions: ["casting"], addConditions: ["spell lost"], note: "spell disrupted" }];
}

export const bxReact = (state: AttackState, optionId: string, input: AttackInput<BxSheet>, bag: DiceBag): AttackState =>
  machine.react(state, optionId, input, bag);

export const bxLapse = (state: AttackState, input: AttackInput<BxSheet>): AttackState => machine.lapse(state, input);

/** Distribution of a dice expression plus a flat modifier, each total clamped by `clamp`. */
export function damageSpread(d: DiceExpr, flat: number, clamp: (n: number) => number): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < d.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of dist) for (let f = 1; f <= d.sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + p / d.sides);
    dist = next;
  }
  const out = new Map<number, number>();
  for (const [v, p] of dist) {
    const t = clamp(v + d.modifier + flat);
    out.set(t, (out.get(t) ?? 0) + p);
  }
  return out;
}

export function spreadText(dist: Map<number, number>): string {
  return [...dist.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([v, p]) => `${v}: ${pct(p)}`)
    .join(" · ");
}

export function bxOdds(input: AttackInput<BxSheet>, settings: BxSettings): RuleResult {
  const plan = planBxAttack(input, settings);
  const mod = sumMods(plan.toHit);
  let hits = 0;
  for (let n = 1; n <= 20; n++) if (n === 20 || (n !== 1 && n + mod >= plan.hit.target)) hits++;
  const p = hits / 20;
  const lines = [
    `Needs ${plan.hit.target} on d20${mod ? ` ${signed(mod)}` : ""} (${plan.hit.text}): ${pct(p)} to hit (natural 20 always hits, natural 1 always misses).`,
  ];
  if (!plan.canHurt) lines.push(`${input.defender.name} cannot be hurt by this weapon.`);
  else {
    const dist = damageSpread(plan.damage, sumMods(plan.damageMods), (n) => Math.max(1, n));
    const mean = [...dist.entries()].reduce((s, [v, q]) => s + v * q, 0);
    lines.push(`Damage on a hit: ${spreadText(dist)} (average ${Math.round(mean * 100) / 100}).`);
  }
  return { title: `Odds: ${input.attacker.name} → ${input.defender.name}`, lines, rules: plan.rules, rolls: [] };
}

export type { Combatant };
