/**
 * The house attack (seed 001 "COMBAT", "MISC COMBAT RULES"), built on bx's
 * attack pieces. The defender may Parry (declared defence: +2 to AC, no
 * attack of its own this round) when it is in melee and can face the blow.
 */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import {
  aacOf,
  abilityModifier,
  assertOpen,
  attackBonusOf,
  attackBonusWords,
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
  thac0Of,
  thac0Words,
  weaponWords,
  type AttackMode,
  type BxSettings,
  type BxWeapon,
  type DiceExpr,
  type Mod,
} from "../bx/index.js";
import {
  modifierLabel,
  nothingNew,
  RuleError,
  type AttackInput,
  type AttackState,
  type Combatant,
  type Effect,
  type ReactionOption,
  type RuleResult,
  type SituationKey,
} from "../types.js";
import { unitSurvivors } from "./pursuit.js";
import { NO_DEX_CONDITIONS, R_COMBAT, R_MASS, R_MISC, classBonus, dexAcChange, hasTag, meleeBonus, rangedDamage, rangedToHit } from "./bonuses.js";
import { classGroupOf, isNormalType, levelOf, type HouseSheet } from "./sheet.js";
import { attacksAgainstNormalMen, disarm, dismount, fumbleCheck, grapple, normalMenExpectation, whipEntangle } from "./maneuvers.js";
import { spellcasterHit } from "./encounter.js";
import { routineAttacks } from "../../round/economy.js";
import { attacking, behind, grappledBy, stunnedFor, type Mark } from "../../marks.js";

const R_BX_ROLLS = 'seed 002, "Attack Rolls"';
const R_BX_AAC = 'seed 002, "Ascending Armor Class (Optional Rule)"';
const R_BX_DAMAGE = 'seed 002, "Rolling for Damage"';
export const R_BACKSTAB = "classic B/X backstab (+4 to hit, double damage; seed 001 \"MISC COMBAT RULES\" limits it to the first attack)";

export const HOUSE_SITUATIONS: SituationKey[] = [
  "mode", "range", "cover", "charge", "flank", "rear", "highGround", "lowGround", "twoWeapons", "mounted", "modifier",
];

type HIn = AttackInput<HouseSheet>;
type HC = Combatant<HouseSheet>;

const has = (c: HC, cond: Mark): boolean => c.state.conditions.includes(cond);
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

/** What a plan is built from: every step below adds its modifiers, marks and notes. */
interface Build {
  input: HIn;
  weapon: BxWeapon;
  mode: AttackMode;
  melee: boolean;
  first: boolean;
  toHit: Mod[];
  acMods: Mod[];
  damageMods: Mod[];
  marks: Effect[];
  notes: string[];
  used: SituationKey[];
  rules: Set<string>;
  multiplier: number;
  advantage: boolean;
  disadvantage: boolean;
  shieldIgnored: boolean;
  dexIgnored: boolean;
  charging: boolean;
  surpriseAttack: boolean;
}

function refuseActing(att: HC) {
  if (has(att, "retreating") || has(att, "fleeing")) throw new RuleError(`${att.name} is fleeing this round and may not attack`);
  if (has(att, "parrying")) throw new RuleError(`${att.name} is parrying this round: no attacks are possible`);
  if (has(att, "pinned")) throw new RuleError(`${att.name} is pinned and cannot attack`);
  if (has(att, "running")) throw new RuleError(`${att.name} is running this round: no attack or other action`);
}

/** Charging: +2, double damage, no DEX to attack or AC, once per turn, first attack only (declared, or the situation option). */
function chargeStep(b: Build) {
  const { attacker: att, situation: s } = b.input;
  const declared = has(att, "charging");
  if (!s.charge && !declared) return;
  if (s.charge) b.used.push("charge");
  if (!b.melee) throw new RuleError("A charge ends in a melee attack: use a melee weapon");
  if (!declared && has(att, "charged")) throw new RuleError(`${att.name} has already charged this turn: a charge may be made once per 10-minute turn`);
  if (!b.first) {
    b.notes.push("Charge bonuses apply only to the first attack: this one is a regular attack.");
    return;
  }
  b.charging = true;
  b.rules.add(R_MISC);
  if (!declared) b.marks.push({ targetId: att.id, addConditions: ["charging", "charged"], note: "charged: no DEX bonus to AC this round; no other charge this turn" });
}

/** Class-group, ranged, cover and magic bonuses. */
function bonusStep(b: Build) {
  const { attacker: att, defender: def, situation: s } = b.input;
  const a = att.sheet;
  const w = b.weapon;
  if (b.melee) {
    const dexCharge = b.charging && classBonus(a, w).source === "DEX";
    if (dexCharge) b.notes.push("Charging: no DEX bonus to the attack.");
    else b.toHit.push(...meleeBonus(a, w));
    if (!hasTag(w, "unarmed") || hasTag(w, "subdue")) b.damageMods.push(...meleeBonus(a, w));
  } else {
    b.toHit.push(...rangedToHit(a, w));
    b.damageMods.push(...rangedDamage(a, w));
    b.used.push("range", "cover");
    if (s.range === "short") b.toHit.push({ label: "short range", value: 1, rule: R_COMBAT });
    if (s.range === "long") b.toHit.push({ label: "long range", value: -1, rule: R_COMBAT });
    if (hasTag(w, "crossbow") && has(att, "reloading")) throw new RuleError(`${att.name}'s crossbow is reloading: crossbows fire every other round`);
    if (hasTag(w, "crossbow")) {
      b.rules.add(R_MISC);
      b.marks.push({ targetId: att.id, addConditions: ["reloading"], note: "crossbows fire every other round" });
    }
  }
  if (s.cover === "full") throw new RuleError(`${def.name} is behind complete cover and cannot be hit`);
  if (s.cover && s.cover !== "none") {
    b.used.push("cover");
    b.toHit.push({ label: `${{ light: "25%", partial: "50%", heavy: "75%" }[s.cover]} cover`, value: { light: -2, partial: -4, heavy: -6 }[s.cover], rule: R_MISC });
    b.rules.add(R_MISC);
  }
  if (w.magic) {
    b.toHit.push({ label: `magic +${w.magic}`, value: w.magic, rule: R_BX_ROLLS });
    b.damageMods.push({ label: `magic +${w.magic}`, value: w.magic, rule: R_BX_DAMAGE });
  }
}

/** The damage dice and the attack line: untrained weapons attack as a Normal Man for D3/D4/D6; empty hands and objects D4; a charging lance 2D6 (3D6 against large). */
/** The attack line: THAC0 and attack bonus, and each as the attack message says it (with the classic table that gave it). */
interface AttackLine {
  thac0: number;
  ab: number;
  thac0Text: string;
  abText: string;
}

function damageStep(b: Build, settings: BxSettings): AttackLine & { damage: DiceExpr } {
  const { attacker: att, defender: def, situation: s } = b.input;
  const w = b.weapon;
  if (!w.trained) {
    b.notes.push("Untrained weapon: attacks as a Normal Man (THAC0 20).");
    b.rules.add(R_MISC);
    return { damage: untrainedDamage(w), thac0: 20, ab: -1, thac0Text: "THAC0 20", abText: `attack bonus ${signed(-1)}` };
  }
  const t = thac0Of(att.sheet);
  const line: AttackLine = { thac0: t.value, ab: attackBonusOf(att.sheet), thac0Text: thac0Words(t), abText: attackBonusWords(att.sheet) };
  if (att.sheet.men && !def.sheet.men) {
    // "subtracted from the target unit's total hit dice points": d6 × 10 is for units. Against one combatant the
    // text is silent: the unit strikes as one of its men, with its weapon's damage (issue 30).
    b.notes.push(`A unit of ${att.sheet.men} against one combatant: the unit's d6 × 10 is for units; this is one blow with its weapon.`);
    b.rules.add(R_MASS);
  } else if (att.sheet.men) {
    // seed 001, "Mass Combat": one "hit" throw per unit; a hit is a single d6 × 10 off the target unit's hit points.
    b.multiplier *= 10;
    b.damageMods.length = 0;
    b.notes.push(`A unit of ${att.sheet.men}: one throw for the unit; a hit takes d6 × 10.`);
    b.rules.add(R_MASS);
    return { ...line, damage: { count: 1, sides: 6, modifier: 0 } };
  }
  if (hasTag(w, "unarmed", "improvised")) return { ...line, damage: { count: 1, sides: 4, modifier: 0 } };
  if (b.charging && hasTag(w, "lance") && s.mounted) return { ...line, damage: { count: def.sheet.size === "large" ? 3 : 2, sides: 6, modifier: 0 } };
  const pcFlat = att.kind !== "monster" && !settings.variableDamage;
  return { ...line, damage: pcFlat ? { count: 1, sides: 6, modifier: 0 } : mustParseDice(w.damage, `${w.name} damage`) };
}

/** Set spears, mounts, high ground, and more than two attackers around one defender. */
function groundStep(b: Build) {
  const { attacker: att, defender: def, situation: s, others } = b.input;
  if (b.melee && has(def, "charging") && has(att, "spear set") && hasTag(b.weapon, "spear", "pike", "polearm", "long spear")) {
    b.toHit.push({ label: "spear set against a charge", value: 2, rule: R_MISC });
    b.multiplier *= 2;
    b.rules.add(R_MISC);
  }
  const defMounted = has(def, "mounted");
  if (s.mounted) b.used.push("mounted");
  if (s.mounted && !defMounted) {
    if (reachWeapon(def.sheet.weapons[0])) b.notes.push("Mounted against a polearm or long spear: the +1 cancels out.");
    else b.toHit.push({ label: "mounted", value: 1, rule: R_MISC });
    b.rules.add(R_MISC);
  } else if (!s.mounted && defMounted) {
    if (reachWeapon(b.weapon)) b.notes.push("Polearm against a mounted foe: the −1 cancels out.");
    else b.toHit.push({ label: "against a mounted foe", value: -1, rule: R_MISC });
    b.rules.add(R_MISC);
  }
  if (s.highGround) (b.used.push("highGround"), b.toHit.push({ label: "high ground", value: 1, rule: R_MISC }));
  if (s.lowGround) (b.used.push("lowGround"), b.toHit.push({ label: "low ground", value: -1, rule: R_MISC }));
  if (!b.melee) return;
  // Each melee attack marks its attacker "attacking:<defender>" for this round and the next: those are the foes around the defender.
  const mark = attacking(def.id);
  b.marks.push({ targetId: att.id, addConditions: [mark] });
  const others2 = others.filter((o) => o.side === att.side && !has(o, "dead") && has(o, mark));
  const attackers = 1 + others2.length;
  if (attackers <= 2 || has(def, "back to wall")) return;
  b.toHit.push({ label: `${attackers} attackers around`, value: 1, rule: R_MISC });
  b.rules.add(R_MISC);
  // "A shield may only be used against 2 attackers": not against a third who joins.
  if (def.sheet.shield && !has(att, mark) && others2.length >= 2) {
    b.shieldIgnored = true;
    b.notes.push("A shield may only be used against 2 attackers: not against this one.");
  }
}

/** Flank, rear and surprise attacks, the round after one, and the thief's backstab on the first attack. */
function positionStep(b: Build) {
  const { attacker: att, defender: def, situation: s } = b.input;
  if (s.flank) {
    b.used.push("flank");
    b.toHit.push({ label: "flanking", value: 1, rule: R_MISC });
    b.shieldIgnored = b.dexIgnored = true;
    b.rules.add(R_MISC);
  }
  b.surpriseAttack = !!s.rear || has(def, "surprised");
  if (b.surpriseAttack) {
    if (s.rear) b.used.push("rear");
    b.toHit.push({ label: s.rear ? "from behind" : "surprise attack", value: 2, rule: R_MISC });
    b.shieldIgnored = b.dexIgnored = true;
    b.rules.add(R_MISC);
    // The defender cannot return the attack this round; the following round the attacker has advantage against it, and it has disadvantage.
    b.marks.push({ targetId: def.id, addConditions: ["surprised", "rear-attacked"], note: `${def.name} is surprised: it cannot return the attack this round, and attacks at disadvantage next round` });
    b.marks.push({ targetId: att.id, addConditions: [behind(def.id)] });
  } else if (has(att, behind(def.id))) {
    b.advantage = true;
    b.notes.push("The round after an attack from behind: advantage (the defender has its shield and DEX back).");
    b.rules.add(R_MISC);
  }
  if (has(att, "rear-attacked") && !has(att, "surprised")) {
    b.disadvantage = true;
    b.notes.push("Attacked from behind last round: disadvantage.");
    b.rules.add(R_MISC);
  }
  b.marks.push({ targetId: att.id, addConditions: ["attacked"] });
  if (!b.surpriseAttack || !b.melee || classGroupOf(att.sheet) !== "thief") return;
  if (!b.first) {
    b.notes.push("Backstab bonuses apply to the first attack only: this one is a regular surprise attack.");
    return;
  }
  b.toHit.push({ label: "backstab", value: 4, rule: R_BACKSTAB });
  b.multiplier *= 2;
  b.rules.add(R_BACKSTAB);
}

/** Florentine (advantage; which weapon hit) and movement while engaged. */
function engagedStep(b: Build): [string, string] | null {
  const { attacker: att, defender: def, situation: s } = b.input;
  let pair: [string, string] | null = null;
  if (s.twoWeapons) {
    b.used.push("twoWeapons");
    if (!b.melee) throw new RuleError("Florentine fighting is a melee attack with two weapons");
    b.advantage = true;
    b.rules.add(R_MISC);
    const ws = att.sheet.weapons.filter((w) => w.kind === "melee").slice(0, 2);
    if (ws.length === 2 && ws[0]!.damage !== ws[1]!.damage) pair = [ws[0]!.name, ws[1]!.name];
  }
  if (has(att, "withdrawing")) b.toHit.push({ label: "fighting withdrawal", value: -2, rule: R_MISC });
  // A parting shot (a foe who beat the retreat roll) is at +2 and ignores the shield; a pursuer gets "+2 to-hit" only.
  const parting = (has(def, "retreating") || has(def, "passing")) && has(att, "parting shot");
  if (parting || has(def, "fleeing")) {
    b.toHit.push({ label: parting ? "parting shot" : "pursuing a fleeing foe", value: 2, rule: R_MISC });
    if (parting) b.shieldIgnored = true;
    b.rules.add(R_MISC);
  } else if (has(def, "retreating")) b.notes.push(`${def.name} got away from this foe's parting shot (the retreat roll): a plain attack.`);
  return pair;
}

/** The defender's DEX (a charger loses its own: NO_DEX_CONDITIONS has "charging"), shield, withdrawal, Florentine and parry. */
function defenderStep(b: Build, parryPressed: boolean): boolean {
  const def = b.input.defender;
  const d = def.sheet;
  const dex = dexAcChange(d, def.state.conditions, b.dexIgnored);
  if (dex) b.acMods.push({ label: d.acIncludesDex ? "defender's DEX not usable (the sheet's AC includes it)" : "defender's DEX", value: dex, rule: R_COMBAT });
  else if (!b.dexIgnored && abilityModifier(d.dex) > 0) {
    // seed 001, "COMBAT": "DEX bonuses are not applied to the defender's AC if … relatively stationary" (or unaware, helpless…).
    const why = NO_DEX_CONDITIONS.find((c) => has(def, c));
    if (why) b.notes.push(`${def.name} is ${why}: no DEX bonus to AC.`);
  }
  if (b.shieldIgnored && d.shield) b.acMods.push({ label: "shield not usable", value: 1, rule: R_MISC });
  if (has(def, "withdrawing")) b.acMods.push({ label: "fighting withdrawal", value: -2, rule: R_MISC });
  if (b.melee && (d.florentine || has(def, "florentine"))) b.acMods.push({ label: "Florentine", value: -1, rule: R_MISC });
  const parry = parryPressed || has(def, "parrying");
  if (parry) {
    if (b.melee) b.acMods.push({ label: "parry", value: -2, rule: R_MISC });
    b.rules.add(R_MISC);
  }
  const m = b.input.situation.modifier;
  if (m) (b.used.push("modifier"), b.toHit.push({ label: modifierLabel(b.input.modifierBy, "referee"), value: m, rule: R_BX_ROLLS }));
  return parry;
}

function targetOf(b: Build, line: AttackLine): { target: number; targetText: string } {
  const a = b.input.attacker.sheet;
  const d = b.input.defender.sheet;
  const shift = sumMods(b.acMods);
  if (a.acMode === "ascending") {
    const aac = aacOf(d) - shift;
    b.rules.add(R_BX_AAC);
    return { target: aac - line.ab, targetText: `${line.abText} against AAC ${aac}` };
  }
  const ac = d.ac + shift;
  b.rules.add(R_BX_ROLLS);
  return { target: line.thac0 - ac, targetText: `${line.thac0Text} against AC ${ac}` };
}

export function planHouse(input: HIn, settings: BxSettings, opts: { parry?: boolean; pick?: string } = {}): HousePlan {
  const att = input.attacker;
  let weapon = houseWeapon(att.sheet, input);
  if (opts.pick) weapon = att.sheet.weapons.find((w) => w.name === opts.pick) ?? weapon;
  const mode = attackMode(weapon, input.situation);
  refuseActing(att);
  const overridden = normalMenOnly(input, mode);
  const b: Build = {
    input, weapon, mode, melee: mode === "melee", first: (input.attackIndex ?? 0) === 0,
    toHit: [], acMods: [], damageMods: [], marks: [], notes: [], used: ["mode"], rules: new Set([R_COMBAT]),
    multiplier: 1, advantage: false, disadvantage: false, shieldIgnored: false, dexIgnored: false, charging: false, surpriseAttack: false,
  };
  if (overridden) b.notes.push(overridden);
  chargeStep(b);
  bonusStep(b);
  if (b.charging) (b.toHit.push({ label: "charge", value: 2, rule: R_MISC }), (b.multiplier *= 2));
  const { damage, ...line } = damageStep(b, settings);
  groundStep(b);
  positionStep(b);
  const florentinePair = engagedStep(b);
  const parry = defenderStep(b, !!opts.parry);
  const { target, targetText } = targetOf(b, line);
  const both = b.advantage && b.disadvantage;
  const subdual = hasTag(weapon, "unarmed", "subdue", "improvised") ? { pulled: hasTag(weapon, "pulled"), realPerPair: att.sheet.str >= 16 ? 2 : 1 } : null;
  if (subdual) b.rules.add(R_MISC);
  return {
    weapon, mode, toHit: b.toHit, acMods: b.acMods, target, targetText, advantage: b.advantage && !both, disadvantage: b.disadvantage && !both, damage, damageMods: b.damageMods,
    multiplier: b.multiplier, canHurt: canHurt(input.defender.sheet, weapon), subdual, parry, marks: b.marks, notes: b.notes, used: [...new Set(b.used)], rules: [...b.rules], florentinePair,
  };
}

/**
 * Attacks beyond the combatant's own are Normal Men's: melee against a normal type only. The referee's override
 * is a separate thing (issue 30): it lets the attack through, and the note says so.
 */
function normalMenOnly(input: HIn, mode: AttackMode): string | null {
  const att = input.attacker;
  const own = Math.max(att.sheet.attacksPerRound, routineAttacks(att.sheet));
  if ((input.attackIndex ?? 0) < own) return null;
  if (input.attackIndex! >= attacksAgainstNormalMen(att)) return null;
  if (mode === "melee" && isNormalType(input.defender.sheet)) return null;
  // No Normal Man among its foes: no extra attacks to speak of (the round's allowance refused it, or the referee allowed it).
  if (!input.others.some((o) => o.side !== att.side && !o.state.conditions.some((x) => ["dead", "fled"].includes(x)) && isNormalType(o.sheet)) && !isNormalType(input.defender.sheet)) return null;
  if (input.override) return `Referee override: ${att.name}'s extra attack goes at ${input.defender.name}, who is not a Normal Man (the extra attacks are for Normal Men).`;
  throw new RuleError(`${att.name}'s extra attacks this round are melee attacks against Normal Men only (goblins, orcs, men…): ${input.defender.name} is not one.`);
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

/** Natural 1 (a miss, and a fumble when the d20 after is over the level) and natural 20 (a hit; a critical unless it needed 19+; −1 damage per point needed over 20). */
function naturals(input: HIn, plan: HousePlan, data: HouseData, needed: number, total: number, lines: string[], rules: string[]): { hit: boolean; critical: boolean; fumble: boolean; reduction: number } {
  const att = input.attacker;
  const def = input.defender;
  const nat = data.natural;
  if (nat === 1) {
    rules.push(R_MISC);
    const lvl = levelOf(att.sheet);
    const fumble = data.fumbleRoll !== null && data.fumbleRoll > lvl;
    lines.push(`Natural 1: a miss. Fumble check d20 ${data.fumbleRoll} against level ${lvl}: ${fumble ? "higher, a critical fumble (roll on the referee's fumble table)" : "not higher, just a miss"}.`);
    return { hit: false, critical: false, fumble, reduction: 0 };
  }
  if (nat !== 20) return { hit: total >= plan.target, critical: false, fumble: false, reduction: 0 };
  rules.push(R_MISC);
  if (!plan.canHurt) {
    lines.push(`Natural 20, but ${def.name} can only be hit by ${def.sheet.hitOnlyBy.join(" or ")} weapons: no hit.`);
    return { hit: false, critical: false, fumble: false, reduction: 0 };
  }
  if (needed > 20) {
    const reduction = needed - 20;
    lines.push(`Natural 20: a hit, though it needed ${needed}: ${reduction} point${reduction > 1 ? "s" : ""} off the damage.`);
    return { hit: true, critical: false, fumble: false, reduction };
  }
  if (needed >= 19) {
    lines.push(`Natural 20: a hit (it needed ${needed}, so it is not a critical).`);
    return { hit: true, critical: false, fumble: false, reduction: 0 };
  }
  lines.push("Natural 20: a critical hit (apply the referee's critical effect; special attacks may trigger).");
  return { hit: true, critical: true, fumble: false, reduction: 0 };
}

/** Empty hands and subdual: each die temporary, 1 real point for every 2 dice (2 with STR 16–18), none with punches pulled; every die counts, even one that leaves 0 temporary. */
function subdualDamage(input: HIn, plan: HousePlan, data: HouseData, how: string, effects: Effect[], lines: string[]): number {
  const sub = plan.subdual!;
  const def = input.defender;
  const k = sub.pulled ? 0 : sub.realPerPair;
  let real = 0;
  let temp = 0;
  data.damageDice!.forEach((v, i) => {
    // The real point(s) come out of the die that completes a pair, never more than it rolled (issue 30: a 1 is 1 real, 0 temporary).
    const r = (data.priorDice + i) % 2 === 1 ? Math.min(k, v) : 0;
    real += r;
    temp += Math.max(0, v - r);
    effects.push({ targetId: def.id, damage: Math.max(0, v - r), damageKind: "subdual", note: "empty-hand die" });
  });
  if (real) effects.push({ targetId: def.id, damage: real, damageKind: "normal" });
  lines.push(`Damage ${how}: ${temp} temporary${real ? ` and ${real} real` : ""}${sub.pulled ? " (punches pulled: all temporary)" : " (1 real point per 2 dice" + (k === 2 ? ", 2 with STR 16–18)" : ")")}.`);
  if (data.surprise) lines.push("Surprise attack: double the dice of temporary damage.");
  return temp + real;
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
  lines.push(`${att.name} attacks ${def.name} with ${weaponWords(plan.weapon)} (${plan.mode}): ${dieText}${plan.toHit.length ? ` (${modText(plan.toHit)})` : ""} = ${total}; needs ${plan.target} (${plan.targetText}${plan.acMods.length ? `; ${modText(plan.acMods)}` : ""}).`);
  lines.push(...plan.notes);
  const { hit, critical, fumble, reduction } = naturals(input, plan, data, needed, total, lines, rules);
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
    if (plan.subdual) damage = subdualDamage(input, plan, data, how, effects, lines);
    else {
      lines.push(`Damage ${how}: ${damage}${reduction ? "" : " (at least 1 on a hit)"}.`);
      if (damage > 0) effects.push({ targetId: def.id, damage, damageKind: "normal" });
      if (def.sheet.men) {
        const { hp, max } = hpOf(def);
        lines.push(`${def.name}: ${Math.max(0, hp - damage)} of ${max} hit points left: ${unitSurvivors(max, hp - damage, def.sheet.men)} of ${def.sheet.men} men standing.`);
        rules.push(R_MASS);
      }
      if (damage >= hpOf(def).hp) {
        outcome = "slain";
        rules.push('seed 002, "Death"');
      }
    }
  } else if (!hit && nat !== 1) lines.push("Miss.");
  effects.push(...plan.marks);
  if (hit && data.riders) (lines.push(...data.riders.lines), effects.push(...data.riders.effects), rules.push(...data.riders.rules));
  if (data.parried) {
    lines.push(`${def.name} parries: +2 to AC against this attack, and no attack of its own this round.`);
  }
  return { outcome, hit, critical, fumble, damage, total, needed, effects, lines, rules: [...new Set(rules)] };
}

/** Can the defender declare a parry against this attack? */
export function parryAllowed(input: HIn, plan: HousePlan): boolean {
  const def = input.defender;
  if (plan.mode !== "melee" || plan.parry) return false;
  if ((["dead", "unconscious", "surprised", "retreating", "fleeing", "pinned", "helpless", "stationary", "unaware"] as const).some((c) => has(def, c))) return false;
  if (input.situation.rear || input.situation.flank) return false;
  if (has(def, "attacked")) return false;
  return def.kind === "monster" || def.sheet.weapons.some((w) => w.kind === "melee");
}

/** What a parry costs the defender: its own attack this round (seed 001, "MISC COMBAT RULES"). */
const parryCost = (input: HIn): Effect => ({ targetId: input.defender.id, addConditions: ["parrying"], note: "parried: no attack this round" });

function parryOption(input: HIn): ReactionOption {
  return { id: "parry", label: "Parry (+2 AC, no attack this round)", by: input.defender.id, cost: "your attack this round", rule: R_MISC };
}

/** The attack as it stands; `pay` is the press's own cost, and a state that leaves "reactions" carries the attack's effects in `final`. */
function stateOf(input: HIn, settings: BxSettings, data: HouseData, phase: AttackState["phase"], pay: Effect[] = []): AttackState {
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
    tone: res.hit && res.outcome !== "no effect" ? "good" : "bad",
    data: { ...data },
    options,
    pay,
    final: phase === "reactions" ? [] : res.effects,
    followup: [],
    ignored: setKeys(input.situation).filter((k) => !plan.used.includes(k)),
    // A death is told once: by the damage line when the attack stands; while it waits, what it would do.
    result: { title: `${input.attacker.name} → ${input.defender.name}: ${res.outcome}`, lines: phase === "reactions" && res.outcome === "slain" ? [...res.lines, `If it stands, ${input.defender.name} drops to 0 HP: dead.`] : res.lines, rules: res.rules, rolls: data.rolls },
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
    let cond: Mark | null = null;
    if (kind === "disarm") (r = disarm({ attacker: att, target: def }, bag)), (cond = r.disarmed ? "disarmed" : null);
    if (kind === "dismount") (r = dismount({ attacker: att, rider: def }, bag)), (cond = r.dismounted ? "dismounted" : null);
    if (kind === "entangle") (r = whipEntangle({ wielder: att, target: def, aim: aim === "weapon" ? "weapon" : "target" }, bag)), (cond = r.success ? (aim === "weapon" ? "disarmed" : "entangled") : null);
    if (r) {
      lines.push(`${r.title}: ${r.lines.join(" ")}`);
      rules.push(...r.rules);
    }
    if (cond) effects.push({ targetId: def.id, addConditions: [cond], ...(cond === "dismounted" ? { removeConditions: ["mounted"] } : {}) });
    if (kind === "grapple") {
      // seed 001, "Grappling attacks": a hit means grappled (no weapon damage), and "each foe who has successfully
      // grappled rolls … The hero also rolls": the contest is rolled now, with every foe holding it so far.
      const holding = input.others.filter((o) => has(o, "grappling") && has(def, grappledBy(o.id)));
      const g = grapple({ grapplers: [...holding, att], defender: def }, bag);
      lines.push(`${def.name} is grappled by ${att.name} (no weapon damage). ${g.lines.join(" ")}`);
      rules.push(...g.rules);
      const old = (["pinned", "struggling"] as const).filter((x) => has(def, x));
      if (g.outcome === "thrown off") {
        effects.push({ targetId: def.id, removeConditions: [...holding.map((o) => grappledBy(o.id)), ...old] });
        for (const o of [...holding, att]) effects.push({ targetId: o.id, removeConditions: ["grappling"], addConditions: [stunnedFor(g.stunnedRounds), "stunned"] });
      } else {
        effects.push({ targetId: def.id, addConditions: [grappledBy(att.id), g.outcome], ...(old.filter((x) => x !== g.outcome).length ? { removeConditions: old.filter((x) => x !== g.outcome) } : {}) }, { targetId: att.id, addConditions: ["grappling"] });
      }
    }
  }
  // seed 001, "ENCOUNTER ORDER" 7: a caster hit "during the round": by a foe who won initiative (its place came first), with
  // simultaneous initiative (the same place: the spell went off at that place's start, and the hit may still spoil it),
  // or after the caster won it (the spell goes off). Before the order is rolled, the dice marks decide as before.
  const casting = def.state.conditions.includes("casting");
  if (casting || (def.state.conditions.includes("spell cast") && (input.order === "same" || input.order === "defender first"))) {
    const a = initiativeDie(att);
    const initiative =
      input.order === "defender first" ? "caster won" : input.order === "same" ? "simultaneous" : input.order === "attacker first" ? "attacker won" : a && a === initiativeDie(def) ? "simultaneous" : "attacker won";
    const r = spellcasterHit({ caster: def, initiative }, bag);
    lines.push(`${def.name} ${casting ? "was casting" : initiative === "simultaneous" ? "cast a spell at the same initiative" : "cast a spell this round"}: ${r.lines.join(" ")}`);
    rules.push(...r.rules);
    if (r.outcome !== "goes off") effects.push({ targetId: def.id, removeConditions: ["casting", "spell cast"], addConditions: ["spell lost"], note: `spell ${r.outcome}` });
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
  // A grapple that hits deals no weapon damage: it grapples (the contest is the rider's).
  if (probe.hit && has(input.attacker, "maneuver:grapple")) {
    const riders = rollRiders(input, bag);
    if (riders) data.riders = riders;
  } else if (probe.hit && plan.canHurt) {
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
  if (optionId === "parry") return stateOf(input, settings, { ...data, parried: true }, "done", [parryCost(input)]);
  return stateOf(input, settings, data, "done");
}

export function houseLapse(state: AttackState, input: HIn, settings: BxSettings): AttackState {
  if (state.phase === "done") return nothingNew(state);
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

