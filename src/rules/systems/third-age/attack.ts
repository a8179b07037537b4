/**
 * seed 000, "Attack Rolls", "Reactions", "Two-Weapon Fighting and One Hand
 * Free", "Movement", "Using Non-Proficient Armor/Weapons".
 *
 * An attack is a JSON state machine: begin → phase "reactions" (Parry, Get
 * Down, Counterspell, Take it) → "followups" (Counter, or pass) → "done".
 * Everything is rebuilt from `state.data` on each press.
 */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import {
  modifierLabel,
  nothingNew,
  RuleError,
  type AttackInput,
  type AttackState,
  type Effect,
  type ReactionOption,
  type RuleResult,
  type SituationKey,
  type Tone,
} from "../types.js";
import { isDiceExpr, parseDice, rollExpr, showRoll, signed } from "./dice.js";
import { pct, type Mod } from "../../numbers.js";
import { REF } from "./refs.js";
import { attributeRoll, LEVEL_WORDS, levelOf, lowerLevel, type Level } from "./roll.js";
import { fightsWithTwo, lightWeapons } from "./round.js";
import { attributeLabel, isDown, partialAC, stateOf, type AttributeKey, type TAC, type ThirdAgeSheet } from "./sheet.js";

type Mode = "melee" | "ranged" | "thrown" | "spell";

/** The Situation keys The Third Age reads. */
export const SITUATIONS: SituationKey[] = ["mode", "twoWeapons", "oneHandFree", "modifier"];

/** Unarmed: 1d2 (choice; the seed gives no unarmed damage). */
export const UNARMED = { name: "Fists", damage: "1d2", kind: "melee" as const, proficient: true };

interface WeaponUse {
  name: string;
  damage: string;
  kind: "melee" | "ranged" | "thrown";
  proficient: boolean;
  /** Spell name when the attack is a named spell. */
  spell?: string;
  spellAttribute?: AttributeKey;
  spellSource?: "magic" | "divinity";
}

interface Proficiency {
  attribute: AttributeKey;
  what: string;
  roll: DiceRoll;
  level: Level;
  line: string;
}

interface CounterspellData {
  by: string;
  byName: string;
  roll: DiceRoll;
  level: Level;
  steps: number;
  line: string;
}

interface CounterData {
  weapon: string;
  proficiency?: Proficiency;
  roll?: DiceRoll;
  full: number;
  damage: number;
}

export interface ThirdAgeAttackData {
  mode: Mode;
  weapon: WeaponUse;
  /** 1 = the first (or only) attack; 2 = the second attack of two-weapon fighting. */
  step: 1 | 2;
  mods: Mod[];
  successAC: number;
  partialAC: number;
  acNotes: string[];
  proficiency?: Proficiency;
  attack?: DiceRoll;
  damage?: { roll: DiceRoll; full: number; bodyAdded: boolean };
  parried?: boolean;
  getDown?: string;
  counterspell?: CounterspellData;
  counter?: CounterData;
  final?: "taken" | "lapsed";
  /** Stamina of the defender and its allies when the attack was rolled (what this attack spends is counted from it). */
  staminaAtStart?: Record<string, number>;
  rolls: DiceRoll[];
  [key: string]: unknown;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

function findWeapon(sheet: ThirdAgeSheet, name: string) {
  const n = name.trim().toLowerCase();
  return sheet.weapons.find((w) => w.name.toLowerCase() === n);
}

function pickWeapon(attacker: TAC, weapon: string | undefined, mode: Mode | undefined): WeaponUse {
  const sheet = attacker.sheet;
  if (mode === "spell") {
    if (weapon && weapon.trim()) {
      const n = weapon.trim().toLowerCase();
      const sp = sheet.spells.find((s) => s.name.toLowerCase() === n);
      if (sp) return { name: sp.name, damage: sp.damage, kind: "ranged", proficient: true, spell: sp.name, spellAttribute: sp.attribute, spellSource: sp.source };
      if (isDiceExpr(weapon)) return { name: `spell (${weapon.trim()})`, damage: weapon.trim(), kind: "ranged", proficient: true, spellAttribute: "mind", spellSource: "magic" };
      throw new RuleError(
        `${attacker.name} has no spell "${weapon}" on the sheet${sheet.spells.length ? ` (spells: ${sheet.spells.map((s) => s.name).join(", ")})` : ""}: add it under spells with its damage, or give dice like 1d6`,
      );
    }
    const sp = sheet.spells[0];
    if (!sp) throw new RuleError(`${attacker.name} has no spells on the sheet: name the spell's damage dice as the weapon (e.g. 1d6), or add spells to the sheet`);
    return { name: sp.name, damage: sp.damage, kind: "ranged", proficient: true, spell: sp.name, spellAttribute: sp.attribute, spellSource: sp.source };
  }
  if (weapon && weapon.trim()) {
    const w = findWeapon(sheet, weapon);
    if (w) return { ...w };
    if (isDiceExpr(weapon)) {
      parseDice(weapon);
      return { name: weapon.trim(), damage: weapon.trim(), kind: mode === "ranged" || mode === "thrown" ? mode : "melee", proficient: true };
    }
    throw new RuleError(
      `${attacker.name} has no weapon "${weapon}"${sheet.weapons.length ? ` (weapons: ${sheet.weapons.map((w) => w.name).join(", ")})` : ""}: pick one from the sheet or give dice like 1d8`,
    );
  }
  const ranged = mode === "ranged" || mode === "thrown";
  const fit = sheet.weapons.find((w) => (ranged ? w.kind !== "melee" : w.kind === "melee")) ?? sheet.weapons[0];
  return fit ? { ...fit } : { ...UNARMED };
}

function alliesOf(input: AttackInput<ThirdAgeSheet>): TAC[] {
  const d = input.defender;
  return input.others.filter((c) => c.side === d.side && c.id !== d.id && c.id !== input.attacker.id);
}

/** Can act out of turn: not down, not surprised. */
function canReact(c: TAC): boolean {
  return !isDown(c) && !stateOf(c).conditions.includes("surprised");
}

function spentBy(d: ThirdAgeAttackData, id: string, defenderId: string): number {
  let n = 0;
  if (id === defenderId && d.parried) n++;
  if (id === defenderId && d.counter) n++;
  if (d.getDown === id) n++;
  return n;
}

/**
 * Stamina a reactor still has for this attack. Play pays a reaction's cost the
 * moment it is pressed, so the state may already be reduced: count from the
 * stamina held when the attack was rolled, never subtracting a paid cost twice
 * (seed 000, "Reactions": "they use a stamina point", one per reaction).
 */
function staminaLeft(c: TAC, d: ThirdAgeAttackData, defenderId: string): number {
  const now = stateOf(c).stamina;
  const start = d.staminaAtStart?.[c.id];
  return start === undefined ? now : Math.min(now, start - spentBy(d, c.id, defenderId));
}

function memorises(c: TAC, spell: string): boolean {
  const n = spell.toLowerCase();
  return c.sheet.memorised.some((m) => m.toLowerCase() === n);
}

function baseLevel(d: ThirdAgeAttackData): { level: Level; total?: number } {
  if (!d.attack) return { level: "failure" };
  const total = d.attack.total - (d.parried ? 2 : 0);
  return { level: levelOf(total, d.successAC, d.partialAC), total };
}

const TONE: Record<Level, Tone> = { success: "good", partial: "neutral", failure: "bad" };

export function outcomeOf(d: ThirdAgeAttackData): Level {
  const b = baseLevel(d).level;
  return d.counterspell ? lowerLevel(b, d.counterspell.steps) : b;
}

/**
 * Half damage on a partial success, rounded down but at least 1 (the same
 * "damage minimum 1" ruling as a success: a partial success still hurts).
 */
export function halved(full: number): number {
  return full > 0 ? Math.max(1, Math.floor(full / 2)) : 0;
}
/** "7 ÷ 2 = 3", "1 ÷ 2 = 0, at least 1 → 1". */
const halfWords = (full: number) => `${full} ÷ 2 = ${Math.floor(full / 2)}${Math.floor(full / 2) < halved(full) ? `, at least 1 → ${halved(full)}` : ""}`;

function hitDamage(d: ThirdAgeAttackData, level: Level): number {
  if (level === "failure" || !d.damage) return 0;
  return level === "success" ? d.damage.full : halved(d.damage.full);
}

function counterWeapon(defender: TAC, mode: Mode): WeaponUse | undefined {
  const ws = defender.sheet.weapons;
  if (mode === "melee") {
    const melee = ws.filter((w) => w.kind === "melee");
    const w = melee.find((x) => x.proficient) ?? melee[0];
    return w ? { ...w } : { ...UNARMED };
  }
  const far = ws.filter((w) => w.kind !== "melee");
  const w = far.find((x) => x.proficient) ?? far[0];
  return w ? { ...w } : undefined;
}

function counterOpen(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>): boolean {
  const level = outcomeOf(d);
  if (level === "success") return false;
  const def = input.defender;
  if (!canReact(def) || staminaLeft(def, d, def.id) < 1) return false;
  if (!counterWeapon(def, d.mode)) return false;
  const dmg = d.getDown ? 0 : hitDamage(d, level);
  return stateOf(def).hp - dmg > 0;
}

function reactionOptions(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>): ReactionOption[] {
  const def = input.defender;
  const opts: ReactionOption[] = [];
  const level = outcomeOf(d);
  if (level !== "failure") {
    if (d.mode !== "spell" && !d.parried && canReact(def) && staminaLeft(def, d, def.id) >= 1)
      opts.push({ id: "parry", label: "Parry (−2 to the attack)", by: def.id, cost: "1 stamina", rule: REF.reactions });
    // Get Down! spares a friend a hit: a hit of no damage needs no one in the way.
    if (!d.getDown && hitDamage(d, level) > 0)
      for (const a of alliesOf(input))
        if (canReact(a) && staminaLeft(a, d, def.id) >= 1)
          opts.push({ id: `getdown:${a.id}`, label: `Get Down! (${a.name} takes it)`, by: a.id, cost: "1 stamina", rule: REF.reactions });
    if (d.mode === "spell" && d.weapon.spell && !d.counterspell)
      for (const c of [def, ...alliesOf(input)])
        if (canReact(c) && memorises(c, d.weapon.spell))
          opts.push({
            id: c.id === def.id ? "counterspell" : `counterspell:${c.id}`,
            label: c.id === def.id ? "Counterspell" : `Counterspell (${c.name})`,
            by: c.id,
            cost: "no cost",
            rule: REF.reactions,
          });
  }
  opts.push({ id: "take", label: "Take it", by: def.id, cost: "no cost", rule: REF.attackRolls });
  // seed 000, "Attack Rolls": the Counter answers the hit. When it is already open (a partial success the
  // defender survives), it is offered beside "Take it": one press takes the hit and counters.
  if (level === "partial" && !d.getDown && counterOpen({ ...d, final: "taken" }, input))
    opts.push({ id: TAKE_COUNTER, label: "Take it, then Counter (half damage)", by: def.id, cost: "1 stamina", rule: REF.attackRolls });
  return opts;
}

/** The reactions phase's "Take it, then Counter": the hit becomes final and the Counter follows in the same press. */
export const TAKE_COUNTER = "take-counter";

function followupOptions(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>): ReactionOption[] {
  if (!counterOpen(d, input)) return [];
  const def = input.defender;
  const half = outcomeOf(d) === "partial";
  return [
    { id: "counter", label: half ? "Counter (half damage)" : "Counter (full damage)", by: def.id, cost: "1 stamina", rule: REF.attackRolls },
    { id: "pass", label: "No counter", by: def.id, cost: "no cost", rule: REF.reactions },
  ];
}

/** What the attack does when it is final: the damage, to the defender or the ally who got in the way. */
function finalEffects(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>): Effect[] {
  const level = outcomeOf(d);
  const dmg = hitDamage(d, level);
  if (dmg <= 0) return [];
  const ally = d.getDown ? input.others.find((c) => c.id === d.getDown) : undefined;
  const target = ally ?? input.defender;
  return [{ targetId: target.id, damage: dmg, damageKind: "normal", note: `${d.weapon.name}: ${dmg} damage (${LEVEL_WORDS[level].toLowerCase()})` }];
}

/** What one press changes: its own cost, the attack's effects when the press makes it final, a Counter's damage. */
interface Step {
  pay?: Effect[];
  final?: boolean;
  followup?: Effect[];
}

const parryCost = (d: TAC): Effect => ({ targetId: d.id, staminaCost: 1, note: "Parry" });
const getDownCost = (allyId: string): Effect => ({ targetId: allyId, staminaCost: 1, addConditions: ["prone"], note: "Get Down: takes the attack and falls prone" });

function counterStep(c: CounterData, input: AttackInput<ThirdAgeSheet>): Step {
  const followup: Effect[] = c.damage > 0 ? [{ targetId: input.attacker.id, damage: c.damage, damageKind: "normal", note: `Counter with ${c.weapon}: ${c.damage} damage` }] : [];
  return { pay: [{ targetId: input.defender.id, staminaCost: 1, note: "Counter" }], followup };
}

function describe(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>, phase: AttackState["phase"]): RuleResult {
  const att = input.attacker;
  const def = input.defender;
  const level = outcomeOf(d);
  const lines: string[] = [];
  const rules = new Set<string>([REF.attackRolls]);
  const w = d.weapon;
  // A stat line's attack with no name in front ("attack") is not named: its dice follow.
  const unnamed = d.mode !== "spell" && /^(attack|weapon)$/i.test(w.name.trim());
  lines.push(`${att.name} ${d.mode === "spell" ? "casts" : unnamed ? "attacks" : "attacks with"}${unnamed ? "" : ` ${w.name}`} (${w.damage}, ${d.mode})${d.step === 2 ? " — second weapon" : ""}.`);
  if (d.proficiency) {
    lines.push(`Not proficient (${d.proficiency.what}): ${d.proficiency.line}`);
    rules.add(REF.nonProficient);
  }
  if (d.attack) {
    const mods = d.mods.filter((m) => m.value !== 0 || m.label === "Attack Bonus").map((m) => `${m.label} ${signed(m.value, "−")}`).join(", ");
    lines.push(`Attack roll ${showRoll(d.attack)}${mods ? ` (${mods})` : ""}.`);
    if (d.mods.some((m) => m.label.startsWith("two weapons") || m.label === "one hand free")) rules.add(REF.twoWeapons);
    if (d.parried) {
      lines.push(`${def.name} parries: −2 → ${d.attack.total - 2}.`);
      rules.add(REF.reactions);
    }
    lines.push(`Against Success AC ${d.successAC} / Partial AC ${d.partialAC}${d.acNotes.length ? ` (${d.acNotes.join(", ")})` : ""}.`);
    if (d.acNotes.some((n) => n.includes("moved in melee"))) rules.add(REF.movement);
  } else {
    lines.push("No attack roll: the action failed.");
  }
  if (d.counterspell) {
    const before = baseLevel(d).level;
    lines.push(`Counterspell by ${d.counterspell.byName}: ${d.counterspell.line} — lowers the spell ${d.counterspell.steps} level${d.counterspell.steps === 1 ? "" : "s"}: ${LEVEL_WORDS[before]} → ${LEVEL_WORDS[level]}.`);
    rules.add(REF.reactions);
  }
  const dmg = hitDamage(d, level);
  if (level === "success") lines.push(`Success: ${d.damage ? `damage ${showRoll(d.damage.roll)}${d.damage.bodyAdded ? " (Body added)" : ""} → ${dmg}` : "no damage"}.`);
  else if (level === "partial") lines.push(`Partial success: half damage, ${d.damage ? `${showRoll(d.damage.roll)} → ${halfWords(d.damage.full)}` : "0"}.`);
  else lines.push("Failure: no damage.");
  if (d.getDown) {
    const ally = input.others.find((c) => c.id === d.getDown);
    lines.push(`Get Down! ${ally?.name ?? d.getDown} throws themself in the way: takes ${dmg} damage instead of ${def.name} and falls prone.`);
    rules.add(REF.reactions);
  }
  if (d.counter) {
    const c = d.counter;
    if (c.proficiency) lines.push(`Counter, not proficient: ${c.proficiency.line}`);
    lines.push(
      c.roll
        ? `${def.name} counters with ${c.weapon}: ${showRoll(c.roll)}${level === "partial" ? ` → ${halfWords(c.full)}` : ` → ${c.damage}`} damage to ${att.name}.`
        : `${def.name}'s counter with ${c.weapon} fumbles: no damage.`,
    );
    rules.add(REF.reactions);
  }
  if (phase === "reactions") lines.push("Not final yet: the defender may react.");
  else if (phase === "followups") lines.push(`${def.name} may Counter: 1 stamina, ${level === "partial" ? "half" : "full"} weapon damage.`);
  else if (d.final === "lapsed") lines.push("No reaction in time: the attack stands.");
  rules.add(REF.choice("partial AC, damage minimum 1, reactions"));
  const title = `${att.name} → ${def.name}: ${LEVEL_WORDS[level]}${phase === "done" ? "" : " (not final)"}`;
  return { title, lines, rules: [...rules], rolls: d.rolls };
}

function render(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>, phase: AttackState["phase"], ignored: SituationKey[], step: Step = {}): AttackState {
  const options = phase === "reactions" ? reactionOptions(d, input) : phase === "followups" ? followupOptions(d, input) : [];
  return {
    phase,
    attackerId: input.attacker.id,
    defenderId: input.defender.id,
    outcome: outcomeOf(d),
    tone: TONE[outcomeOf(d)],
    data: d,
    options,
    pay: step.pay ?? [],
    final: step.final ? finalEffects(d, input) : [],
    followup: step.followup ?? [],
    ignored,
    result: describe(d, input, phase),
  };
}

function ignoredKeys(input: AttackInput<ThirdAgeSheet>): SituationKey[] {
  return (Object.keys(input.situation) as SituationKey[]).filter((k) => {
    const v = input.situation[k];
    return v !== undefined && v !== false && !SITUATIONS.includes(k);
  });
}

/** Rolls the attack. `step` 2 is the second attack of two-weapon fighting (−4). */
export function beginAttack(input: AttackInput<ThirdAgeSheet>, bag: DiceBag, step: 1 | 2 = 1): AttackState {
  const { attacker: att, defender: def, situation: sit } = input;
  if (isDown(att)) throw new RuleError(`${att.name} is down and cannot attack.`);
  if (stateOf(def).conditions.includes("dead")) throw new RuleError(`${def.name} is already dead: pick another target.`);
  if (att.id === def.id) throw new RuleError("A combatant cannot attack itself.");
  const twoWeapons = step === 2 || fightsWithTwo(att, sit);
  // Two weapons without a named one: the first light weapon, then the second (the off hand).
  const named = input.weapon ?? (twoWeapons && sit.mode !== "spell" ? lightWeapons(att.sheet)[step - 1]?.name : undefined);
  const w = pickWeapon(att, named, sit.mode);
  const mode: Mode = sit.mode ?? w.kind;
  if (twoWeapons) {
    if (mode === "spell") throw new RuleError("Two-weapon fighting is for weapons, not spells: drop the two-weapons option.");
    const e = parseDice(w.damage);
    if (e.count > 1 || e.sides > 6) throw new RuleError(`Two-weapon fighting needs weapons of d6 damage or less: ${w.name} is ${w.damage}.`);
    if (sit.oneHandFree) throw new RuleError("A character wielding two weapons has no hand free: choose two weapons or one hand free.");
  }
  const sheet = att.sheet;
  const mods: Mod[] = [];
  let attrKey: AttributeKey;
  if (mode === "spell") {
    attrKey = w.spellAttribute ?? "mind";
    mods.push({ label: attributeLabel(attrKey), value: sheet[attrKey] });
    const src = w.spellSource ?? "magic";
    mods.push({ label: src === "magic" ? "Magic" : "Divinity", value: src === "magic" ? sheet.magic : sheet.divinity });
  } else {
    attrKey = mode === "melee" ? "body" : "dexterity";
    mods.push({ label: attributeLabel(attrKey), value: sheet[attrKey] });
    mods.push({ label: "Attack Bonus", value: sheet.attackBonus });
  }
  if (twoWeapons) mods.push({ label: step === 2 ? "two weapons, second attack" : "two weapons, first attack", value: step === 2 ? -4 : -2 });
  if (sit.oneHandFree && mode !== "spell") mods.push({ label: "one hand free", value: 1 });
  const attState = stateOf(att);
  if (attState.conditions.includes("prone")) mods.push({ label: "attacking while prone", value: -2 });
  if (sit.modifier) mods.push({ label: modifierLabel(input.modifierBy, "referee's modifier"), value: sit.modifier });

  const defState = stateOf(def);
  let successAC = def.sheet.successAC;
  let pAC = partialAC(def.sheet);
  const acNotes: string[] = [];
  if (defState.conditions.includes("moved-in-melee")) {
    successAC -= 2;
    pAC -= 2;
    acNotes.push("−2 AC: moved in melee");
  }
  if (defState.conditions.includes("prone")) {
    successAC -= 2;
    pAC -= 2;
    acNotes.push("−2 AC: prone");
  }

  const mark = bag.log.length;
  const staminaAtStart = Object.fromEntries([def, ...alliesOf(input)].map((c) => [c.id, stateOf(c).stamina]));
  const d: ThirdAgeAttackData = { mode, weapon: w, step, mods, successAC, partialAC: pAC, acNotes, staminaAtStart, rolls: [] };

  const needs: string[] = [];
  if (!w.proficient && mode !== "spell") needs.push(`weapon ${w.name}`);
  if (!sheet.armourProficient) needs.push("armour");
  if (needs.length) {
    const profAttr: AttributeKey = mode === "melee" ? "body" : mode === "spell" ? "mind" : "dexterity";
    const r = attributeRoll(sheet, profAttr, bag, { label: `proficiency (${attributeLabel(profAttr)})` });
    d.proficiency = { attribute: profAttr, what: needs.join(" and "), roll: r.roll, level: r.level, line: r.line };
    if (r.level === "partial") mods.push({ label: "clumsy (not proficient)", value: -2 });
  }
  if (d.proficiency?.level !== "failure") {
    const total = mods.reduce((s, m) => s + m.value, 0);
    d.attack = bag.roll(step === 2 ? "attack (second weapon)" : "attack", 2, 10, { modifier: total });
    if (baseLevel(d).level !== "failure") {
      const bodyAdded = mode === "melee";
      const roll = rollExpr(bag, "damage", parseDice(w.damage), bodyAdded ? sheet.body : 0);
      d.damage = { roll, full: Math.max(1, roll.total), bodyAdded };
    }
  }
  d.rolls = bag.since(mark);
  return render(d, input, "reactions", ignoredKeys(input));
}

function rollCounter(d: ThirdAgeAttackData, input: AttackInput<ThirdAgeSheet>, bag: DiceBag): CounterData {
  const def = input.defender;
  const w = counterWeapon(def, d.mode)!;
  const level = outcomeOf(d);
  const needs: string[] = [];
  if (!w.proficient) needs.push(`weapon ${w.name}`);
  if (!def.sheet.armourProficient) needs.push("armour");
  let proficiency: Proficiency | undefined;
  if (needs.length) {
    const attr: AttributeKey = w.kind === "melee" ? "body" : "dexterity";
    const r = attributeRoll(def.sheet, attr, bag, { label: `proficiency (${attributeLabel(attr)})` });
    proficiency = { attribute: attr, what: needs.join(" and "), roll: r.roll, level: r.level, line: r.line };
    if (r.level === "failure") return { weapon: w.name, proficiency, full: 0, damage: 0 };
  }
  const bodyAdded = w.kind === "melee" && d.mode === "melee";
  const roll = rollExpr(bag, "counter damage", parseDice(w.damage), bodyAdded ? def.sheet.body : 0);
  const full = Math.max(1, roll.total);
  return { weapon: w.name, proficiency, roll, full, damage: level === "partial" ? halved(full) : full };
}

/** Counterspell: the reactor's Mind roll lowers the caster's level of success (success 2 levels, partial 1). */
function rollCounterspell(by: TAC, bag: DiceBag): CounterspellData {
  const r = attributeRoll(by.sheet, "mind", bag, { label: `counterspell (${by.name}, Mind)` });
  const steps = r.level === "success" ? 2 : r.level === "partial" ? 1 : 0;
  return { by: by.id, byName: by.name, roll: r.roll, level: r.level, steps, line: r.line };
}

export function react(state: AttackState, optionId: string, input: AttackInput<ThirdAgeSheet>, bag: DiceBag): AttackState {
  const opt = state.options.find((o) => o.id === optionId);
  if (!opt)
    throw new RuleError(
      state.phase === "done"
        ? "This attack is already over: nothing more can be pressed."
        : `"${optionId}" is not open now (open: ${state.options.map((o) => o.label).join(", ") || "none"}): the attack has moved on.`,
    );
  const d = clone(state.data) as ThirdAgeAttackData;
  const mark = bag.log.length;
  let phase: AttackState["phase"] = state.phase;
  let step: Step = {};
  if (state.phase === "reactions") {
    if (optionId === "parry") {
      d.parried = true;
      step = { pay: [parryCost(input.defender)] };
    } else if (optionId.startsWith("getdown:")) {
      d.getDown = optionId.slice("getdown:".length);
      step = { pay: [getDownCost(d.getDown)] };
    } else if (optionId === "counterspell" || optionId.startsWith("counterspell:")) {
      const id = optionId === "counterspell" ? input.defender.id : optionId.slice("counterspell:".length);
      const by = id === input.defender.id ? input.defender : input.others.find((c) => c.id === id);
      if (!by) throw new RuleError("That counterspeller is no longer in the encounter.");
      d.counterspell = rollCounterspell(by, bag);
    } else if (optionId === "take") {
      d.final = "taken";
      phase = followupOptions(d, input).length ? "followups" : "done";
      step = { final: true };
    } else if (optionId === TAKE_COUNTER) {
      d.final = "taken";
      d.counter = rollCounter(d, input, bag);
      step = { ...counterStep(d.counter, input), final: true };
      phase = "done";
    }
  } else if (state.phase === "followups") {
    if (optionId === "counter") {
      d.counter = rollCounter(d, input, bag);
      step = counterStep(d.counter, input);
    }
    phase = "done";
  }
  d.rolls = [...d.rolls, ...bag.since(mark)];
  return render(d, input, phase, state.ignored, step);
}

/** Nobody reacted in time: final as if "Take it" were pressed (from "followups": already final, the Counter skipped). */
export function lapse(state: AttackState, input: AttackInput<ThirdAgeSheet>, _bag: DiceBag): AttackState {
  if (state.phase === "done") return nothingNew(state);
  const d = clone(state.data) as ThirdAgeAttackData;
  if (!d.final) d.final = "lapsed";
  return render(d, input, "done", state.ignored, { final: state.phase === "reactions" });
}

/**
 * seed 000, "Two-Weapon Fighting and One Hand Free": the second attack (−4),
 * with the off-hand weapon (`input.weapon`, else the second light weapon).
 */
export function beginSecondWeapon(input: AttackInput<ThirdAgeSheet>, bag: DiceBag): AttackState {
  return beginAttack({ ...input, situation: { ...input.situation, twoWeapons: true } }, bag, 2);
}

/**
 * The round's attacks (`input.attackIndex`): with two weapons (declared, or
 * asked for on the first attack) the second is the off hand at −4; anything
 * else is an ordinary attack (a third only comes by the referee's override).
 */
export function attackOfRound(input: AttackInput<ThirdAgeSheet>, bag: DiceBag): AttackState {
  const second = input.attackIndex === 1 && fightsWithTwo(input.attacker, input.situation);
  return second ? beginSecondWeapon(input, bag) : beginAttack(input, bag);
}

/** Chance that 2d10 + m reaches `target` (exact). */
export function chance2d10AtLeast(target: number, m: number): number {
  let n = 0;
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b + m >= target) n++;
  return n / 100;
}

function damageSpread(expr: string, extra: number): { min: number; max: number; avg: number; halfMin: number; halfMax: number; halfAvg: number } {
  const e = parseDice(expr);
  const dist = new Map<number, number>([[e.modifier + extra, 1]]);
  let cur = dist;
  for (let i = 0; i < e.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of cur) for (let f = 1; f <= e.sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + p / e.sides);
    cur = next;
  }
  let min = Infinity, max = -Infinity, avg = 0, halfMin = Infinity, halfMax = -Infinity, halfAvg = 0;
  for (const [v, p] of cur) {
    const full = Math.max(1, v);
    const half = halved(full);
    min = Math.min(min, full); max = Math.max(max, full); avg += p * full;
    halfMin = Math.min(halfMin, half); halfMax = Math.max(halfMax, half); halfAvg += p * half;
  }
  return { min, max, avg, halfMin, halfMax, halfAvg };
}

/** /odds: exact chances of success / partial / failure and the damage spread, before rolling. */
export function odds(input: AttackInput<ThirdAgeSheet>): RuleResult {
  const { attacker: att, defender: def, situation: sit } = input;
  const w = pickWeapon(att, input.weapon, sit.mode);
  const mode: Mode = sit.mode ?? w.kind;
  const s = att.sheet;
  let m = 0;
  if (mode === "spell") {
    const k = w.spellAttribute ?? "mind";
    m += s[k] + ((w.spellSource ?? "magic") === "magic" ? s.magic : s.divinity);
  } else m += (mode === "melee" ? s.body : s.dexterity) + s.attackBonus;
  const two = fightsWithTwo(att, sit) && mode !== "spell";
  if (two) m -= input.attackIndex === 1 ? 4 : 2;
  if (sit.oneHandFree && !two && mode !== "spell") m += 1;
  if (stateOf(att).conditions.includes("prone")) m -= 2;
  m += sit.modifier ?? 0;
  let sAC = def.sheet.successAC;
  let pAC = partialAC(def.sheet);
  const dc = stateOf(def).conditions;
  const shift = (dc.includes("moved-in-melee") ? 2 : 0) + (dc.includes("prone") ? 2 : 0);
  sAC -= shift;
  pAC -= shift;
  const pS = chance2d10AtLeast(sAC, m);
  const pP = chance2d10AtLeast(pAC, m) - pS;
  const pF = 1 - pS - pP;
  const dmg = damageSpread(w.damage, mode === "melee" ? s.body : 0);
  const lines = [
    `2d10 ${signed(m, "−")} against Success AC ${sAC} / Partial AC ${pAC}.`,
    `Success ${pct(pS, { fixed: true })} · Partial ${pct(pP, { fixed: true })} · Failure ${pct(pF, { fixed: true })}.`,
    `Damage on a success: ${dmg.min}–${dmg.max} (average ${dmg.avg.toFixed(1)}); on a partial: ${dmg.halfMin}–${dmg.halfMax} (average ${dmg.halfAvg.toFixed(1)}).`,
  ];
  if (!w.proficient || !s.armourProficient) lines.push("Not proficient: an attribute roll comes first (not counted here).");
  lines.push("Before reactions: a Parry lowers the roll by 2.");
  return { title: `Odds: ${att.name} → ${def.name}`, lines, rules: [REF.attackRolls], rolls: [] };
}
