/**
 * What a Third Age attack keeps between presses (JSON in AttackState.data), and what it reads from it:
 * the level of success, the damage it does, the stamina each reactor has left (seed 000, "Reactions").
 */
import type { DiceRoll } from "../../dice/bag.js";
import type { AttackInput, Tone } from "../types.js";
import type { AttackPlan } from "./attack-plan.js";
import { levelOf, lowerLevel, type Level } from "./roll.js";
import { isDown, stateOf, type AttributeKey, type TAC, type ThirdAgeSheet } from "./sheet.js";

export interface Proficiency {
  attribute: AttributeKey;
  what: string;
  roll: DiceRoll;
  level: Level;
  line: string;
}

export interface CounterspellData {
  by: string;
  byName: string;
  roll: DiceRoll;
  level: Level;
  steps: number;
  line: string;
}

export interface CounterData {
  weapon: string;
  proficiency?: Proficiency;
  roll?: DiceRoll;
  full: number;
  damage: number;
}

export interface ThirdAgeAttackData extends Omit<AttackPlan, "needs"> {
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
}

export type TAInput = AttackInput<ThirdAgeSheet>;

export function alliesOf(input: TAInput): TAC[] {
  const d = input.defender;
  return input.others.filter((c) => c.side === d.side && c.id !== d.id && c.id !== input.attacker.id);
}

/** Can act out of turn: not down, not surprised. */
export function canReact(c: TAC): boolean {
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
export function staminaLeft(c: TAC, d: ThirdAgeAttackData, defenderId: string): number {
  const now = stateOf(c).stamina;
  const start = d.staminaAtStart?.[c.id];
  return start === undefined ? now : Math.min(now, start - spentBy(d, c.id, defenderId));
}

export function baseLevel(d: ThirdAgeAttackData): { level: Level; total?: number } {
  if (!d.attack) return { level: "failure" };
  const total = d.attack.total - (d.parried ? 2 : 0);
  return { level: levelOf(total, d.successAC, d.partialAC), total };
}

export const TONE: Record<Level, Tone> = { success: "good", partial: "neutral", failure: "bad" };

export function outcomeOf(d: ThirdAgeAttackData): Level {
  const b = baseLevel(d).level;
  return d.counterspell ? lowerLevel(b, d.counterspell.steps) : b;
}

/**
 * Half damage on a partial success, rounded down, with no minimum: seed 000, "Attack Rolls", "the target takes
 * half damage rounded down" (a partial hit of 1 deals 0).
 */
export function halved(full: number): number {
  return Math.max(0, Math.floor(full / 2));
}
/** "7 ÷ 2 = 3", "1 ÷ 2 = 0". */
export const halfWords = (full: number) => `${full} ÷ 2 = ${halved(full)}`;

export function hitDamage(d: ThirdAgeAttackData, level: Level): number {
  if (level === "failure" || !d.damage) return 0;
  return level === "success" ? d.damage.full : halved(d.damage.full);
}
