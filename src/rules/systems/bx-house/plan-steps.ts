/**
 * The steps a house attack's plan is built by (seed 001 "COMBAT", "MISC COMBAT RULES"): each adds its
 * modifiers, marks and notes to the plan being built (plan.ts puts them in order).
 */
import { attacking } from "../../marks.js";
import { behind } from "./marks.js";
import {
  abilityModifier,
  aacOf,
  attackBonusOf,
  attackBonusWords,
  mustParseDice,
  signed,
  sumMods,
  thac0Of,
  thac0Words,
  type AttackMode,
  type BxSettings,
  type BxWeapon,
  type DiceExpr,
  type Mod,
} from "../bx/index.js";
import {
  modifierLabel,
  RuleError,
  type AttackInput,
  type Combatant,
  type Effect,
  type SituationKey,
} from "../types.js";
import {
  NO_DEX_CONDITIONS,
  R_COMBAT,
  R_MASS,
  R_MISC,
  classBonus,
  dexAcChange,
  hasTag,
  meleeBonus,
  rangedDamage,
  rangedToHit,
} from "./bonuses.js";
import { classGroupOf, has, type HouseSheet } from "./sheet.js";
import { isOut } from "../../round/words.js";

const R_BX_ROLLS = 'seed 002, "Attack Rolls"';
const R_BX_AAC = 'seed 002, "Ascending Armor Class (Optional Rule)"';
const R_BX_DAMAGE = 'seed 002, "Rolling for Damage"';
export const R_BACKSTAB =
  'classic B/X backstab (+4 to hit, double damage; seed 001 "MISC COMBAT RULES" limits it to the first attack)';

type HIn = AttackInput<HouseSheet>;
type HC = Combatant<HouseSheet>;

const reachWeapon = (w: BxWeapon | undefined) => hasTag(w, "polearm", "pike", "long spear");

/** The attacker is on horseback: the `mounted` option, or a declared mount ("Mount up") it has not got down from. */
export const ridesMount = (input: HIn): boolean =>
  !!input.situation.mounted || (has(input.attacker, "mounted") && !has(input.attacker, "dismounted"));

/** Untrained weapons deal D3, D4 or D6 by size ("small", medium, "large"). */
function untrainedDamage(w: BxWeapon): DiceExpr {
  return { count: 1, sides: hasTag(w, "small") ? 3 : hasTag(w, "large") ? 6 : 4, modifier: 0 };
}

/** What a plan is built from: every step below adds its modifiers, marks and notes. */
export interface Build {
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

export function refuseActing(att: HC) {
  if (has(att, "retreating") || has(att, "fleeing"))
    throw new RuleError(`${att.name} is fleeing this round and may not attack`);
  if (has(att, "parrying")) throw new RuleError(`${att.name} is parrying this round: no attacks are possible`);
  if (has(att, "pinned")) throw new RuleError(`${att.name} is pinned and cannot attack`);
  if (has(att, "running")) throw new RuleError(`${att.name} is running this round: no attack or other action`);
}

/** Charging: +2, double damage, no DEX to attack or AC, once per turn, first attack only (declared, or the situation option). */
export function chargeStep(b: Build) {
  const { attacker: att, situation: s } = b.input;
  const declared = has(att, "charging");
  if (!s.charge && !declared) return;
  if (s.charge) b.used.push("charge");
  if (!b.melee) throw new RuleError("A charge ends in a melee attack: use a melee weapon");
  if (!declared && has(att, "charged"))
    throw new RuleError(`${att.name} has already charged this turn: a charge may be made once per 10-minute turn`);
  if (!b.first) {
    b.notes.push("Charge bonuses apply only to the first attack: this one is a regular attack.");
    return;
  }
  b.charging = true;
  b.rules.add(R_MISC);
  if (!declared)
    b.marks.push({
      targetId: att.id,
      addConditions: ["charging", "charged"],
      note: "charged: no DEX bonus to AC this round; no other charge this turn",
    });
}

/** Class-group, ranged, cover and magic bonuses. */
export function bonusStep(b: Build) {
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
    if (hasTag(w, "crossbow") && has(att, "reloading"))
      throw new RuleError(`${att.name}'s crossbow is reloading: crossbows fire every other round`);
    if (hasTag(w, "crossbow")) {
      b.rules.add(R_MISC);
      b.marks.push({ targetId: att.id, addConditions: ["reloading"], note: "crossbows fire every other round" });
    }
  }
  if (s.cover === "full") throw new RuleError(`${def.name} is behind complete cover and cannot be hit`);
  if (s.cover && s.cover !== "none") {
    b.used.push("cover");
    b.toHit.push({
      label: `${{ light: "25%", partial: "50%", heavy: "75%" }[s.cover]} cover`,
      value: { light: -2, partial: -4, heavy: -6 }[s.cover],
      rule: R_MISC,
    });
    b.rules.add(R_MISC);
  }
  if (w.magic) {
    b.toHit.push({ label: `magic +${w.magic}`, value: w.magic, rule: R_BX_ROLLS });
    b.damageMods.push({ label: `magic +${w.magic}`, value: w.magic, rule: R_BX_DAMAGE });
  }
}

/** The attack line: THAC0 and attack bonus, and each as the attack message says it (with the classic table that gave it). */
export interface AttackLine {
  thac0: number;
  ab: number;
  thac0Text: string;
  abText: string;
}

/** The damage dice and the attack line: untrained weapons attack as a Normal Man for D3/D4/D6; empty hands and objects D4; a charging lance 2D6 (3D6 against large). */
export function damageStep(b: Build, settings: BxSettings): AttackLine & { damage: DiceExpr } {
  const { attacker: att, defender: def } = b.input;
  const w = b.weapon;
  if (!w.trained) {
    b.notes.push("Untrained weapon: attacks as a Normal Man (THAC0 20).");
    b.rules.add(R_MISC);
    return {
      damage: untrainedDamage(w),
      thac0: 20,
      ab: -1,
      thac0Text: "THAC0 20",
      abText: `attack bonus ${signed(-1)}`,
    };
  }
  const t = thac0Of(att.sheet);
  const line: AttackLine = {
    thac0: t.value,
    ab: attackBonusOf(att.sheet),
    thac0Text: thac0Words(t),
    abText: attackBonusWords(att.sheet),
  };
  if (att.sheet.men && !def.sheet.men) {
    // "subtracted from the target unit's total hit dice points": d6 × 10 is for units. Against one combatant the
    // text is silent: the unit strikes as one of its men, with its weapon's damage (issue 30).
    b.notes.push(
      `A unit of ${att.sheet.men} against one combatant: the unit's d6 × 10 is for units; this is one blow with its weapon.`,
    );
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
  // "Foes on horseback charging with a lance": mounted by the option or by a declared mount ("Mount up").
  if (b.charging && hasTag(w, "lance") && ridesMount(b.input))
    return { ...line, damage: { count: ["large", "huge"].includes(def.sheet.size) ? 3 : 2, sides: 6, modifier: 0 } };
  const pcFlat = att.kind !== "monster" && !settings.variableDamage;
  return {
    ...line,
    damage: pcFlat ? { count: 1, sides: 6, modifier: 0 } : mustParseDice(w.damage, `${w.name} damage`),
  };
}

/** Set spears, mounts, high ground, and more than two attackers around one defender. */
export function groundStep(b: Build) {
  const { attacker: att, defender: def, situation: s, others } = b.input;
  if (
    b.melee &&
    has(def, "charging") &&
    has(att, "spear set") &&
    hasTag(b.weapon, "spear", "pike", "polearm", "long spear")
  ) {
    b.toHit.push({ label: "spear set against a charge", value: 2, rule: R_MISC });
    b.multiplier *= 2;
    b.rules.add(R_MISC);
  }
  const defMounted = has(def, "mounted");
  const mounted = ridesMount(b.input);
  if (s.mounted) b.used.push("mounted");
  if (mounted && !defMounted) {
    if (reachWeapon(def.sheet.weapons[0])) b.notes.push("Mounted against a polearm or long spear: the +1 cancels out.");
    else b.toHit.push({ label: "mounted", value: 1, rule: R_MISC });
    b.rules.add(R_MISC);
  } else if (!mounted && defMounted) {
    if (reachWeapon(b.weapon)) b.notes.push("Polearm against a mounted foe: the −1 cancels out.");
    else b.toHit.push({ label: "against a mounted foe", value: -1, rule: R_MISC });
    b.rules.add(R_MISC);
  }
  if (s.highGround) b.used.push("highGround"), b.toHit.push({ label: "high ground", value: 1, rule: R_MISC });
  if (s.lowGround) b.used.push("lowGround"), b.toHit.push({ label: "low ground", value: -1, rule: R_MISC });
  if (!b.melee) return;
  // Each melee attack marks its attacker "attacking:<defender>" for this round and the next: those are the foes around the
  // defender. The mark is paid as the attack begins (attack.ts), so one still waiting for its answer counts.
  const mark = attacking(def.id);
  const others2 = others.filter((o) => o.side === att.side && !isOut(o) && has(o, mark));
  const attackers = 1 + others2.length;
  surround(b, attackers);
  if (attackers <= 2 || has(def, "back to wall")) return;
  b.toHit.push({ label: `${attackers} attackers around`, value: 1, rule: R_MISC });
  b.rules.add(R_MISC);
  // "A shield may only be used against 2 attackers": not against a third who joins.
  if (def.sheet.shield && !has(att, mark) && others2.length >= 2) {
    b.shieldIgnored = true;
    b.notes.push("A shield may only be used against 2 attackers: not against this one.");
  }
}

/**
 * "Up to 6 combatants of around human size can surround and attack a human-sized character in melee … Larger
 * creatures can be surrounded by more opponents. Smaller creatures can be surrounded by fewer opponents": one more
 * attacker around the defender than its size allows is refused (the referee's override lets it through, said so).
 */
export const SURROUND: Record<string, number> = { small: 4, man: 6, large: 8, huge: 12 };
function surround(b: Build, attackers: number) {
  const { attacker: att, defender: def, override } = b.input;
  const most = SURROUND[def.sheet.size] ?? 6;
  if (attackers <= most) return;
  const size = def.sheet.size === "man" ? "man-sized" : def.sheet.size;
  // One already fighting it (its mark, set as its attack begins) is one of those around: only a newcomer is refused.
  if (!override && !has(att, attacking(def.id)))
    throw new RuleError(
      `${def.name} is already surrounded by ${attackers - 1} attackers, the most around a ${size} defender (B/X house rules · MISC COMBAT RULES): ${att.name} cannot reach it in melee.`,
    );
  if (override)
    b.notes.push(
      `Referee override: ${att.name} is attacker ${attackers} around ${def.name}, more than the ${most} a ${size} defender can be surrounded by.`,
    );
}

/** Flank, rear and surprise attacks, the round after one, and the thief's backstab on the first attack. */
export function positionStep(b: Build) {
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
    b.marks.push({
      targetId: def.id,
      addConditions: ["surprised", "rear-attacked"],
      note: `${def.name} is surprised: it cannot return the attack this round, and attacks at disadvantage next round`,
    });
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
export function engagedStep(b: Build): [string, string] | null {
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
  } else if (has(def, "retreating"))
    b.notes.push(`${def.name} got away from this foe's parting shot (the retreat roll): a plain attack.`);
  return pair;
}

/** The defender's DEX (a charger loses its own: NO_DEX_CONDITIONS has "charging"), shield, withdrawal, Florentine and parry. */
export function defenderStep(b: Build, parryPressed: boolean): boolean {
  const def = b.input.defender;
  const d = def.sheet;
  const dex = dexAcChange(d, def.state.conditions, b.dexIgnored);
  if (dex)
    b.acMods.push({
      label: d.acIncludesDex ? "defender's DEX not usable (the sheet's AC includes it)" : "defender's DEX",
      value: dex,
      rule: R_COMBAT,
    });
  else if (!b.dexIgnored && abilityModifier(d.dex) > 0) {
    // seed 001, "COMBAT": "DEX bonuses are not applied to the defender's AC if … relatively stationary" (or unaware, helpless…).
    const why = NO_DEX_CONDITIONS.find((c) => has(def, c));
    if (why) b.notes.push(`${def.name} is ${why}: no DEX bonus to AC.`);
  }
  if (b.shieldIgnored && d.shield) b.acMods.push({ label: "shield not usable", value: 1, rule: R_MISC });
  if (has(def, "withdrawing")) b.acMods.push({ label: "fighting withdrawal", value: -2, rule: R_MISC });
  if (b.melee && (d.florentine || has(def, "florentine")))
    b.acMods.push({ label: "Florentine", value: -1, rule: R_MISC });
  const parry = parryPressed || has(def, "parrying");
  if (parry) {
    if (b.melee) b.acMods.push({ label: "parry", value: -2, rule: R_MISC });
    b.rules.add(R_MISC);
  }
  const m = b.input.situation.modifier;
  if (m)
    b.used.push("modifier"),
      b.toHit.push({ label: modifierLabel(b.input.modifierBy, "referee"), value: m, rule: R_BX_ROLLS });
  return parry;
}

export function targetOf(b: Build, line: AttackLine): { target: number; targetText: string } {
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
