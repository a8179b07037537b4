/**
 * The house attack (seed 001 "COMBAT", "MISC COMBAT RULES"), built on bx's
 * attack pieces. The defender may Parry (declared defence: +2 to AC, no
 * attack of its own this round) when it is in melee and can face the blow.
 */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import {
  aacOf,
  assertOpen,
  attackBonusOf,
  attackMode,
  canHurt,
  formatDice,
  hpOf,
  modText,
  mustParseDice,
  pct,
  resolveWeapon,
  setKeys,
  signed,
  spreadText,
  damageSpread,
  hitDice,
  sumMods,
  takeOption,
  type AttackMode,
  type BxSettings,
  type BxWeapon,
  type DiceExpr,
  type Mod,
} from "../bx/index.js";
import {
  RuleError,
  type AttackInput,
  type AttackState,
  type Combatant,
  type Effect,
  type ReactionOption,
  type RuleResult,
  type SituationKey,
} from "../types.js";
import { R_COMBAT, R_MISC, classBonus, dexAc, hasTag, meleeBonus, rangedDamage, rangedToHit } from "./bonuses.js";
import { classGroupOf, isNormalType, levelOf, type HouseSheet } from "./sheet.js";
import { attacksAgainstNormalMen, disarm, dismount, fumbleCheck, normalMenExpectation, whipEntangle } from "./maneuvers.js";
import { spellcasterHit } from "./encounter.js";
import { routineAttacks } from "../../round/economy.js";

const R_BX_ROLLS = 'seed 002, "Attack Rolls"';
const R_BX_AAC = 'seed 002, "Ascending Armor Class (Optional Rule)"';
const R_BX_DAMAGE = 'seed 002, "Rolling for Damage"';
export const R_BACKSTAB = "classic B/X backstab (+4 to hit, double damage; seed 001 \"MISC COMBAT RULES\" limits it to the first attack)";

export const HOUSE_SITUATIONS: SituationKey[] = [
  "mode", "range", "cover", "charge", "flank", "rear", "highGround", "lowGround", "twoWeapons", "mounted", "modifier",
];

type HIn = AttackInput<HouseSheet>;
type HC = Combatant<HouseSheet>;

const has = (c: HC, cond: string): boolean => c.state.conditions.includes(cond);
const reachWeapon = (w: BxWeapon | undefined) => hasTag(w, "polearm", "pike", "long spear");

export const UNARMED_NAMES = ["unarmed", "fist", "empty hand", "empty-hand", "punch"];

export interface HousePlan {
  weapon: BxWeapon;
  mode: AttackMode;
  toHit: Mod[];
  /** Descending-AC changes to the defender (+ = easier to hit). */
  acMods: Mod[];
  target: number;
  targetText: string;
  advantage: boolean;
  disadvantage: boolean;
  damage: DiceExpr;
  damageMods: Mod[];
  multiplier: number;
  canHurt: boolean;
  /** Empty-hand / subdual attack: temporary damage. */
  subdual: null | { pulled: boolean; realPerPair: number };
  parry: boolean;
  /** Extra effects (conditions) the attack causes whatever its outcome. */
  marks: Effect[];
  notes: string[];
  used: SituationKey[];
  rules: string[];
  /** A weapon pair whose damage differs (Florentine: roll which one hit). */
  florentinePair: [string, string] | null;
}

function houseWeapon(a: HouseSheet, input: HIn): BxWeapon {
  const name = input.weapon?.trim().toLowerCase();
  if (name && UNARMED_NAMES.some((u) => name === u || name === `${u} (pulled)`)) {
    return { name: input.weapon!.trim(), damage: "1d4", kind: "melee", slow: false, twoHanded: false, magic: 0, silver: false, tags: name.endsWith("(pulled)") ? ["unarmed", "pulled"] : ["unarmed"], trained: true };
  }
  return resolveWeapon(a, input.weapon, input.situation);
}

/** Untrained weapons deal D3, D4 or D6 by size ("small", medium, "large"). */
function untrainedDamage(w: BxWeapon): DiceExpr {
  return { count: 1, sides: hasTag(w, "small") ? 3 : hasTag(w, "large") ? 6 : 4, modifier: 0 };
}

export function planHouse(input: HIn, settings: BxSettings, opts: { parry?: boolean; pick?: string } = {}): HousePlan {
  const att = input.attacker;
  const def = input.defender;
  const a = att.sheet;
  const d = def.sheet;
  const s = input.situation;
  let weapon = houseWeapon(a, input);
  if (opts.pick) weapon = a.weapons.find((w) => w.name === opts.pick) ?? weapon;
  const mode = attackMode(weapon, s);
  const toHit: Mod[] = [];
  const acMods: Mod[] = [];
  const damageMods: Mod[] = [];
  const marks: Effect[] = [];
  const notes: string[] = [];
  const used: SituationKey[] = ["mode"];
  const rules = new Set<string>([R_COMBAT]);
  let multiplier = 1;
  let advantage = false;
  let disadvantage = false;
  let shieldIgnored = false;
  let dexIgnored = false;
  const first = (input.attackIndex ?? 0) === 0;
  const melee = mode === "melee";
  const unarmed = hasTag(weapon, "unarmed");
  const subduing = unarmed || hasTag(weapon, "subdue", "improvised");

  if (has(att, "retreating") || has(att, "fleeing")) throw new RuleError(`${att.name} is fleeing this round and may not attack`);
  if (has(att, "parrying")) throw new RuleError(`${att.name} is parrying this round: no attacks are possible`);
  if (has(att, "pinned")) throw new RuleError(`${att.name} is pinned and cannot attack`);
  if (has(att, "running")) throw new RuleError(`${att.name} is running this round: no attack or other action`);
  normalMenOnly(input, mode);

  // Charging: +2, double damage, no DEX to attack or AC, once per turn, first attack only.
  let charging = false;
  const declaredCharge = has(att, "charging");
  if (s.charge || declaredCharge) {
    if (s.charge) used.push("charge");
    if (!melee) throw new RuleError("A charge ends in a melee attack: use a melee weapon");
    if (!declaredCharge && has(att, "charged")) throw new RuleError(`${att.name} has already charged this turn: a charge may be made once per 10-minute turn`);
    if (!first) notes.push("Charge bonuses apply only to the first attack: this one is a regular attack.");
    else charging = true;
  }

  // Class-group, ranged and weapon bonuses.
  if (melee) {
    let mb = meleeBonus(a, weapon);
    if (charging && classBonus(a, weapon).source === "DEX") {
      mb = [];
      notes.push("Charging: no DEX bonus to the attack.");
    }
    toHit.push(...mb);
    if (!unarmed || hasTag(weapon, "subdue")) damageMods.push(...meleeBonus(a, weapon));
  } else {
    toHit.push(...rangedToHit(a, weapon));
    damageMods.push(...rangedDamage(a, weapon));
    used.push("range", "cover");
    if (s.range === "short") toHit.push({ label: "short range", value: 1, rule: R_COMBAT });
    if (s.range === "long") toHit.push({ label: "long range", value: -1, rule: R_COMBAT });
    if (hasTag(weapon, "crossbow") && has(att, "reloading")) throw new RuleError(`${att.name}'s crossbow is reloading: crossbows fire every other round`);
    if (hasTag(weapon, "crossbow")) {
      rules.add(R_MISC);
      marks.push({ targetId: att.id, addConditions: ["reloading"], note: "crossbows fire every other round" });
    }
  }
  if (s.cover === "full") throw new RuleError(`${def.name} is behind complete cover and cannot be hit`);
  if (s.cover && s.cover !== "none") {
    used.push("cover");
    const pen = { light: -2, partial: -4, heavy: -6 }[s.cover];
    toHit.push({ label: `${{ light: "25%", partial: "50%", heavy: "75%" }[s.cover]} cover`, value: pen, rule: R_MISC });
    rules.add(R_MISC);
  }
  if (weapon.magic) {
    toHit.push({ label: `magic +${weapon.magic}`, value: weapon.magic, rule: R_BX_ROLLS });
    damageMods.push({ label: `magic +${weapon.magic}`, value: weapon.magic, rule: R_BX_DAMAGE });
  }

  // Untrained: attacks as a Normal Man, D3/D4/D6 damage.
  let thac0 = a.thac0;
  let ab = attackBonusOf(a);
  let damage: DiceExpr;
  if (!weapon.trained) {
    thac0 = 20;
    ab = -1;
    damage = untrainedDamage(weapon);
    notes.push("Untrained weapon: attacks as a Normal Man (THAC0 20).");
    rules.add(R_MISC);
  } else if (unarmed) {
    damage = { count: 1, sides: 4, modifier: 0 };
  } else if (hasTag(weapon, "improvised")) {
    damage = { count: 1, sides: 4, modifier: 0 };
  } else {
    const pcFlat = att.kind !== "monster" && !settings.variableDamage;
    damage = pcFlat ? { count: 1, sides: 6, modifier: 0 } : mustParseDice(weapon.damage, `${weapon.name} damage`);
  }

  // Charge, lance, horns, set spears.
  if (charging) {
    toHit.push({ label: "charge", value: 2, rule: R_MISC });
    multiplier *= 2;
    rules.add(R_MISC);
    if (!declaredCharge) marks.push({ targetId: att.id, addConditions: ["charging", "charged"], note: "charged: no DEX bonus to AC this round; no other charge this turn" });
    if (hasTag(weapon, "lance") && s.mounted) damage = { count: d.size === "large" ? 3 : 2, sides: 6, modifier: 0 };
  }
  if (melee && has(def, "charging") && has(att, "spear set") && hasTag(weapon, "spear", "pike", "polearm", "long spear")) {
    toHit.push({ label: "spear set against a charge", value: 2, rule: R_MISC });
    multiplier *= 2;
    rules.add(R_MISC);
  }

  // Mounted and high ground.
  const defMounted = has(def, "mounted");
  if (s.mounted) used.push("mounted");
  if (s.mounted && !defMounted) {
    if (reachWeapon(def.sheet.weapons[0])) notes.push("Mounted against a polearm or long spear: the +1 cancels out.");
    else toHit.push({ label: "mounted", value: 1, rule: R_MISC });
    rules.add(R_MISC);
  } else if (!s.mounted && defMounted) {
    if (reachWeapon(weapon)) notes.push("Polearm against a mounted foe: the −1 cancels out.");
    else toHit.push({ label: "against a mounted foe", value: -1, rule: R_MISC });
    rules.add(R_MISC);
  }
  if (s.highGround) {
    used.push("highGround");
    toHit.push({ label: "high ground", value: 1, rule: R_MISC });
  }
  if (s.lowGround) {
    used.push("lowGround");
    toHit.push({ label: "low ground", value: -1, rule: R_MISC });
  }

  // Surrounded: more than 2 attacking one character.
  if (melee) {
    const attackers = 1 + input.others.filter((o) => o.side === att.side && !has(o, "dead") && engagedWith(o, def.id)).length;
    if (attackers > 2 && !has(def, "back to wall")) {
      toHit.push({ label: `${attackers} attackers around`, value: 1, rule: R_MISC });
      rules.add(R_MISC);
      const against = def.state.shieldAgainst;
      if (d.shield && Array.isArray(against) && !against.includes(att.id)) {
        shieldIgnored = true;
        notes.push("A shield may only be used against 2 attackers: not against this one.");
      }
    }
  }

  // Flank, rear, surprise, the round after a rear attack.
  if (s.flank) {
    used.push("flank");
    toHit.push({ label: "flanking", value: 1, rule: R_MISC });
    shieldIgnored = true;
    dexIgnored = true;
    rules.add(R_MISC);
  }
  const surpriseAttack = !!s.rear || has(def, "surprised");
  if (surpriseAttack) {
    if (s.rear) used.push("rear");
    toHit.push({ label: s.rear ? "from behind" : "surprise attack", value: 2, rule: R_MISC });
    shieldIgnored = true;
    dexIgnored = true;
    rules.add(R_MISC);
    // The defender cannot return the attack this round; the following round the attacker has advantage against it, and it has disadvantage.
    marks.push({ targetId: def.id, addConditions: ["surprised", "rear-attacked"], note: `${def.name} is surprised: it cannot return the attack this round, and attacks at disadvantage next round` });
    marks.push({ targetId: att.id, addConditions: [`behind:${def.id}`] });
  } else if (has(att, `behind:${def.id}`)) {
    advantage = true;
    notes.push("The round after an attack from behind: advantage (the defender has its shield and DEX back).");
    rules.add(R_MISC);
  }
  if (has(att, "rear-attacked") && !has(att, "surprised")) {
    disadvantage = true;
    notes.push("Attacked from behind last round: disadvantage.");
    rules.add(R_MISC);
  }
  marks.push({ targetId: att.id, addConditions: ["attacked"] });

  // Backstab: a thief's first attack on an unaware foe.
  if (surpriseAttack && melee && classGroupOf(a) === "thief") {
    if (first) {
      toHit.push({ label: "backstab", value: 4, rule: R_BACKSTAB });
      multiplier *= 2;
      rules.add(R_BACKSTAB);
    } else notes.push("Backstab bonuses apply to the first attack only: this one is a regular surprise attack.");
  }

  // Florentine.
  let florentinePair: [string, string] | null = null;
  if (s.twoWeapons) {
    used.push("twoWeapons");
    if (!melee) throw new RuleError("Florentine fighting is a melee attack with two weapons");
    advantage = true;
    rules.add(R_MISC);
    const pair = a.weapons.filter((w) => w.kind === "melee").slice(0, 2);
    if (pair.length === 2 && pair[0]!.damage !== pair[1]!.damage) florentinePair = [pair[0]!.name, pair[1]!.name];
  }

  // Engaged movement.
  if (has(att, "withdrawing")) toHit.push({ label: "fighting withdrawal", value: -2, rule: R_MISC });
  if (has(def, "retreating") || has(def, "fleeing")) {
    toHit.push({ label: has(def, "fleeing") ? "pursuing a fleeing foe" : "parting shot", value: 2, rule: R_MISC });
    shieldIgnored = true;
    rules.add(R_MISC);
  }

  // Defender: DEX, shield, withdrawal, Florentine, parry.
  // A charger loses its own DEX to AC (NO_DEX_CONDITIONS has "charging"), not its target's.
  const dex = dexIgnored ? 0 : dexAc(d, def.state.conditions);
  if (dex) acMods.push({ label: "defender's DEX", value: -dex, rule: R_COMBAT });
  if (shieldIgnored && d.shield) acMods.push({ label: "shield not usable", value: 1, rule: R_MISC });
  if (has(def, "withdrawing")) acMods.push({ label: "fighting withdrawal", value: -2, rule: R_MISC });
  if (melee && (d.florentine || has(def, "florentine"))) acMods.push({ label: "Florentine", value: -1, rule: R_MISC });
  const parry = !!opts.parry || has(def, "parrying");
  if (parry) {
    if (melee) acMods.push({ label: "parry", value: -2, rule: R_MISC });
    rules.add(R_MISC);
  }

  if (s.modifier) {
    used.push("modifier");
    toHit.push({ label: "referee", value: s.modifier, rule: R_BX_ROLLS });
  }

  const shift = sumMods(acMods);
  let target: number;
  let targetText: string;
  if (a.acMode === "ascending") {
    const aac = aacOf(d) - shift;
    target = aac - ab;
    targetText = `attack bonus ${signed(ab)} against AAC ${aac}`;
    rules.add(R_BX_AAC);
  } else {
    const ac = d.ac + shift;
    target = thac0 - ac;
    targetText = `THAC0 ${thac0} against AC ${ac}`;
    rules.add(R_BX_ROLLS);
  }
  if (advantage && disadvantage) {
    advantage = false;
    disadvantage = false;
  }
  const subdual = subduing ? { pulled: hasTag(weapon, "pulled"), realPerPair: a.str >= 16 ? 2 : 1 } : null;
  if (subdual) rules.add(R_MISC);
  return {
    weapon, mode, toHit, acMods, target, targetText, advantage, disadvantage, damage, damageMods, multiplier,
    canHurt: canHurt(d, weapon), subdual, parry, marks, notes, used: [...new Set(used)], rules: [...rules], florentinePair,
  };
}

/** Attacks beyond the combatant's own are Normal Men's: melee against a normal type only. */
function normalMenOnly(input: HIn, mode: AttackMode) {
  const att = input.attacker;
  const own = Math.max(att.sheet.attacksPerRound, routineAttacks(att.sheet));
  if ((input.attackIndex ?? 0) < own) return;
  if (input.attackIndex! >= attacksAgainstNormalMen(att)) return;
  if (mode !== "melee" || !isNormalType(input.defender.sheet))
    throw new RuleError(`${att.name}'s extra attacks this round are melee attacks against Normal Men only (goblins, orcs, men…): ${input.defender.name} is not one.`);
}

function engagedWith(o: HC, id: string): boolean {
  const e = o.state.engagedWith;
  return o.state.targetId === id || (Array.isArray(e) && e.includes(id)) || e === id;
}

export interface HouseData {
  naturals: number[];
  natural: number;
  fumbleRoll: number | null;
  pick: string | null;
  damageDice: number[] | null;
  /** Empty-hand dice the defender had taken before this attack. */
  priorDice: number;
  surprise: boolean;
  parried: boolean;
  /** A maneuver or spell rolled on the hit (disarm, whip, dismount, grapple; a caster hit). */
  riders?: { lines: string[]; effects: Effect[]; rules: string[] };
  rolls: DiceRoll[];
  [key: string]: unknown;
}

export interface Resolution {
  outcome: string;
  hit: boolean;
  critical: boolean;
  fumble: boolean;
  damage: number | null;
  total: number;
  needed: number;
  effects: Effect[];
  lines: string[];
  rules: string[];
}

/** Work out the attack from a plan and dice already rolled (deterministic, used on every re-resolution). */
export function resolveHouse(input: HIn, plan: HousePlan, data: HouseData): Resolution {
  const att = input.attacker;
  const def = input.defender;
  const mod = sumMods(plan.toHit);
  const needed = plan.target - mod;
  const nat = data.natural;
  const total = nat + mod;
  const rules = [...plan.rules];
  const lines: string[] = [];
  const dieText = data.naturals.length > 1 ? `d20 ${data.naturals.join(" / ")} (${plan.advantage ? "advantage" : "disadvantage"}) → ${nat}` : `d20 ${nat}`;
  lines.push(`${att.name} attacks ${def.name} with ${plan.weapon.name} (${plan.mode}): ${dieText}${plan.toHit.length ? ` (${modText(plan.toHit)})` : ""} = ${total}; needs ${plan.target} (${plan.targetText}${plan.acMods.length ? `; ${modText(plan.acMods)}` : ""}).`);
  lines.push(...plan.notes);
  let hit: boolean;
  let critical = false;
  let fumble = false;
  let reduction = 0;
  if (nat === 1) {
    hit = false;
    rules.push(R_MISC);
    const lvl = levelOf(att.sheet);
    fumble = data.fumbleRoll !== null && data.fumbleRoll > lvl;
    lines.push(`Natural 1: a miss. Fumble check d20 ${data.fumbleRoll} against level ${lvl}: ${fumble ? "higher, a critical fumble (roll on the referee's fumble table)" : "not higher, just a miss"}.`);
  } else if (nat === 20) {
    rules.push(R_MISC);
    hit = plan.canHurt;
    if (!plan.canHurt) lines.push(`Natural 20, but ${def.name} can only be hit by ${def.sheet.hitOnlyBy.join(" or ")} weapons: no hit.`);
    else {
      if (needed > 20) {
        reduction = needed - 20;
        lines.push(`Natural 20: a hit, though it needed ${needed}: ${reduction} point${reduction > 1 ? "s" : ""} off the damage.`);
      } else if (needed >= 19) lines.push(`Natural 20: a hit (it needed ${needed}, so it is not a critical).`);
      else {
        critical = true;
        lines.push("Natural 20: a critical hit (apply the referee's critical effect; special attacks may trigger).");
      }
    }
  } else hit = total >= plan.target;

  let outcome = hit ? (critical ? "critical hit" : "hit") : fumble ? "fumble" : "miss";
  let damage: number | null = null;
  const effects: Effect[] = [];
  if (hit && !plan.canHurt) {
    outcome = "no effect";
    rules.push('seed 002, "Invulnerabilities"');
    lines.push(`${def.name} can only be hurt by ${def.sheet.hitOnlyBy.join(" or ")} weapons: no damage.`);
  } else if (hit && data.damageDice) {
    const rolled = data.damageDice.reduce((x, y) => x + y, 0) + plan.damage.modifier;
    const raw = (rolled + sumMods(plan.damageMods)) * plan.multiplier;
    damage = reduction ? Math.max(0, raw - reduction) : Math.max(1, raw);
    const how = `${formatDice({ ...plan.damage, count: data.damageDice.length })} [${data.damageDice.join(", ")}]${plan.damageMods.length ? ` (${modText(plan.damageMods)})` : ""}${plan.multiplier > 1 ? ` × ${plan.multiplier}` : ""}${reduction ? ` − ${reduction}` : ""}`;
    if (data.pick) lines.push(`Florentine: the ${data.pick} hit.`);
    if (plan.subdual) {
      const k = plan.subdual.pulled ? 0 : plan.subdual.realPerPair;
      let real = 0;
      data.damageDice.forEach((v, i) => {
        const completesPair = (data.priorDice + i) % 2 === 1;
        const r = completesPair ? k : 0;
        real += r;
        effects.push({ targetId: def.id, damage: Math.max(0, v - r), damageKind: "subdual", note: "empty-hand die" });
      });
      const temp = effects.reduce((x, e) => x + (e.damage ?? 0), 0);
      if (real) effects.push({ targetId: def.id, damage: real, damageKind: "normal" });
      lines.push(`Damage ${how}: ${temp} temporary${real ? ` and ${real} real` : ""}${plan.subdual.pulled ? " (punches pulled: all temporary)" : " (1 real point per 2 dice" + (k === 2 ? ", 2 with STR 16–18)" : ")")}.`);
      if (data.surprise) lines.push("Surprise attack: double the dice of temporary damage.");
      damage = temp + real;
    } else {
      lines.push(`Damage ${how}: ${damage}${reduction ? "" : " (at least 1 on a hit)"}.`);
      if (damage > 0) effects.push({ targetId: def.id, damage, damageKind: "normal" });
      if (damage >= hpOf(def).hp) {
        outcome = "slain";
        rules.push('seed 002, "Death"');
        lines.push(`${def.name} would drop to ${hpOf(def).hp - damage} HP: killed.`);
      }
    }
  } else if (!hit && nat !== 1) lines.push("Miss.");
  effects.push(...plan.marks);
  if (hit && data.riders) {
    lines.push(...data.riders.lines);
    effects.push(...data.riders.effects);
    rules.push(...data.riders.rules);
  }
  if (data.parried) {
    effects.push({ targetId: def.id, addConditions: ["parrying"], note: "parried: no attack this round" });
    lines.push(`${def.name} parries: +2 to AC against this attack, and no attack of its own this round.`);
  }
  return { outcome, hit, critical, fumble, damage, total, needed, effects, lines, rules: [...new Set(rules)] };
}

/** Can the defender declare a parry against this attack? */
export function parryAllowed(input: HIn, plan: HousePlan): boolean {
  const def = input.defender;
  if (plan.mode !== "melee" || plan.parry) return false;
  if (["dead", "unconscious", "surprised", "retreating", "fleeing", "pinned", "helpless", "stationary", "unaware"].some((c) => has(def, c))) return false;
  if (input.situation.rear || input.situation.flank) return false;
  if (has(def, "attacked")) return false;
  return def.kind === "monster" || def.sheet.weapons.some((w) => w.kind === "melee");
}

function parryOption(input: HIn): ReactionOption {
  return { id: "parry", label: "Parry (+2 AC, no attack this round)", by: input.defender.id, cost: "your attack this round", rule: R_MISC };
}

function stateOf(input: HIn, settings: BxSettings, data: HouseData, phase: AttackState["phase"]): AttackState {
  const plan = planHouse(input, settings, { parry: data.parried, ...(data.pick ? { pick: data.pick } : {}) });
  const res = resolveHouse(input, plan, data);
  const options: ReactionOption[] = [];
  if (phase === "reactions") {
    if (!data.parried && parryAllowed(input, plan)) {
      const alt = resolveHouse(input, planHouse(input, settings, { parry: true, ...(data.pick ? { pick: data.pick } : {}) }), { ...data, parried: true });
      if (alt.outcome !== res.outcome || alt.damage !== res.damage) options.push(parryOption(input));
    }
    options.push(takeOption(input.defender.id, R_MISC));
  }
  return {
    phase,
    attackerId: input.attacker.id,
    defenderId: input.defender.id,
    outcome: res.outcome,
    data: { ...data },
    options,
    effects: res.effects,
    ignored: setKeys(input.situation).filter((k) => !plan.used.includes(k)),
    result: { title: `${input.attacker.name} → ${input.defender.name}: ${res.outcome}`, lines: res.lines, rules: res.rules, rolls: data.rolls },
  };
}

const initiativeDie = (c: HC) => c.state.conditions.find((x) => x.startsWith("initiative:"));

/** What a hit sets off: a maneuver the attacker declared (the save rolled now), a spell the defender was casting. */
function rollRiders(input: HIn, bag: DiceBag): HouseData["riders"] | undefined {
  const att = input.attacker;
  const def = input.defender;
  const lines: string[] = [];
  const effects: Effect[] = [];
  const rules: string[] = [];
  const m = att.state.conditions.find((x) => x.startsWith("maneuver:"));
  if (m) {
    const [, kind, aim] = m.split(":");
    effects.push({ targetId: att.id, removeConditions: [m] });
    let r: RuleResult & { success?: boolean; disarmed?: boolean; dismounted?: boolean } | null = null;
    let cond: string | null = null;
    if (kind === "disarm") (r = disarm({ attacker: att, target: def }, bag)), (cond = r.disarmed ? "disarmed" : null);
    if (kind === "dismount") (r = dismount({ attacker: att, rider: def }, bag)), (cond = r.dismounted ? "dismounted" : null);
    if (kind === "entangle") (r = whipEntangle({ wielder: att, target: def, aim: aim === "weapon" ? "weapon" : "target" }, bag)), (cond = r.success ? (aim === "weapon" ? "disarmed" : "entangled") : null);
    if (r) {
      lines.push(`${r.title}: ${r.lines.join(" ")}`);
      rules.push(...r.rules);
    }
    if (cond) effects.push({ targetId: def.id, addConditions: [cond], ...(cond === "dismounted" ? { removeConditions: ["mounted"] } : {}) });
    if (kind === "grapple") {
      lines.push(`${def.name} is grappled by ${att.name}: on its turn it may try to throw its grapplers off.`);
      effects.push({ targetId: def.id, addConditions: [`grappled by:${att.id}`] }, { targetId: att.id, addConditions: ["grappling"] });
      rules.push(R_MISC);
    }
  }
  if (def.state.conditions.includes("casting")) {
    const a = initiativeDie(att);
    const initiative = a && a === initiativeDie(def) ? "simultaneous" : "attacker won";
    const r = spellcasterHit({ caster: def, initiative }, bag);
    lines.push(`${def.name} was casting: ${r.lines.join(" ")}`);
    rules.push(...r.rules);
    if (r.outcome !== "goes off") effects.push({ targetId: def.id, removeConditions: ["casting"], addConditions: ["spell lost"], note: `spell ${r.outcome}` });
  }
  return lines.length || effects.length ? { lines, effects, rules } : undefined;
}

export function houseBegin(input: HIn, settings: BxSettings, bag: DiceBag): AttackState {
  const mark = bag.log.length;
  const plan = planHouse(input, settings);
  const twice = plan.advantage || plan.disadvantage;
  const r = bag.roll("attack", twice ? 2 : 1, 20, twice ? { keep: plan.advantage ? "highest" : "lowest" } : {});
  const naturals = r.dice.map((x) => x.value);
  const natural = r.dice.find((x) => !x.dropped)!.value;
  const data: HouseData = { naturals, natural, fumbleRoll: null, pick: null, damageDice: null, priorDice: 0, surprise: false, parried: false, rolls: [] };
  if (natural === 1) data.fumbleRoll = fumbleCheck(levelOf(input.attacker.sheet), bag).roll;
  const probe = resolveHouse(input, plan, data);
  if (probe.hit && plan.canHurt) {
    let dmgPlan = plan;
    if (plan.florentinePair) {
      data.pick = plan.florentinePair[bag.d("which weapon hit", 2) - 1]!;
      dmgPlan = planHouse(input, settings, { pick: data.pick });
    }
    const surprise = !!input.situation.rear || has(input.defender, "surprised");
    const count = dmgPlan.subdual && surprise ? dmgPlan.damage.count * 2 : dmgPlan.damage.count;
    data.surprise = !!dmgPlan.subdual && surprise;
    data.priorDice = typeof input.defender.state.emptyHandDice === "number" ? input.defender.state.emptyHandDice : 0;
    const dr = bag.roll("damage", count, dmgPlan.damage.sides, dmgPlan.damage.modifier ? { modifier: dmgPlan.damage.modifier } : {});
    data.damageDice = dr.dice.map((x) => x.value);
    const riders = rollRiders(input, bag);
    if (riders) data.riders = riders;
  }
  data.rolls = bag.since(mark);
  return stateOf(input, settings, data, "reactions");
}

export function houseReact(state: AttackState, optionId: string, input: HIn, settings: BxSettings): AttackState {
  assertOpen(state, optionId);
  const data = state.data as unknown as HouseData;
  if (optionId === "parry") return stateOf(input, settings, { ...data, parried: true }, "done");
  return stateOf(input, settings, data, "done");
}

export function houseLapse(state: AttackState, input: HIn, settings: BxSettings): AttackState {
  if (state.phase === "done") return state;
  const s = stateOf(input, settings, state.data as unknown as HouseData, "done");
  return { ...s, result: { ...s.result, lines: [...s.result.lines, "No reaction: the attack stands."] } };
}

/** Chance to hit and damage spread (advantage/disadvantage and the natural-20 damage reduction included). */
export function houseOdds(input: HIn, settings: BxSettings): RuleResult {
  const plan = planHouse(input, settings);
  const mod = sumMods(plan.toHit);
  const needed = plan.target - mod;
  const hitOn = (n: number) => n === 20 ? plan.canHurt : n !== 1 && n + mod >= plan.target;
  let p1 = 0;
  for (let n = 1; n <= 20; n++) if (hitOn(n)) p1 += 1 / 20;
  // Only natural 20 hits when needed > 20; advantage: 1 − (1−p)²; disadvantage: p².
  const p = plan.advantage ? 1 - (1 - p1) ** 2 : plan.disadvantage ? p1 ** 2 : p1;
  const lines = [`Needs ${Math.max(2, needed)} on d20${mod ? ` (${modText(plan.toHit)})` : ""} against ${plan.targetText}${plan.acMods.length ? ` (${modText(plan.acMods)})` : ""}: ${pct(p)} to hit${plan.advantage ? " with advantage" : plan.disadvantage ? " with disadvantage" : ""}.`];
  if (needed > 20) lines.push(`Only a natural 20 hits, with ${needed - 20} off the damage.`);
  if (plan.canHurt) {
    const reduction = needed > 20 ? needed - 20 : 0;
    const dist = damageSpread(plan.damage, sumMods(plan.damageMods), (n) => (reduction ? Math.max(0, n * plan.multiplier - reduction) : Math.max(1, n * plan.multiplier)));
    lines.push(`Damage on a hit: ${spreadText(dist)}.`);
  } else lines.push(`${input.defender.name} cannot be hurt by this weapon.`);
  const n = attacksAgainstNormalMen(input.attacker);
  if (n > 1 && plan.mode === "melee" && isNormalType(input.defender.sheet) && plan.canHurt) {
    const avgDamage = (plan.damage.count * (plan.damage.sides + 1)) / 2 + plan.damage.modifier + sumMods(plan.damageMods);
    const avgHp = (hitDice(input.defender.sheet) || 1) * 3.5;
    const e = normalMenExpectation({ attacks: n, needed: Math.max(2, needed), averageDamage: avgDamage * plan.multiplier, averageHp: avgHp });
    lines.push(`Against Normal Men: ${n} melee attacks a round. ${e.lines[0]}`);
  }
  return { title: `Odds: ${input.attacker.name} → ${input.defender.name}`, lines, rules: plan.rules, rolls: [] };
}

