/** A fighter as rules see it, its state and the changes rules make to it. Part of the contract in ../types.ts. */
import type { Mark } from "../../marks.js";
import type { RuleResult } from "./results.js";

/**
 * How long a mark lasts. "attack": only while one attack resolves; "round": to
 * the end of the round it was set in; "next-round": to the end of the round
 * after; "turn": the campaign's 10-minute turn (kept across fights in it);
 * "encounter": until the fight ends; "healed": until healing or rest removes it;
 * "permanent": for good. Fight marks ("attack" to "encounter") are never written
 * onto a sheet.
 */
export type Lifetime = "attack" | "round" | "next-round" | "turn" | "encounter" | "healed" | "permanent";

export type Side = "party" | "foes";

/**
 * A fighter as rules see it: the sheet (validated by the system's schema) and
 * the mutable state for this fight / campaign (HP, Guard, stamina, conditions).
 */
export interface Combatant<Sheet = Record<string, unknown>, State = CombatState> {
  id: string;
  name: string;
  side: Side;
  kind: "pc" | "retainer" | "monster";
  sheet: Sheet;
  state: State;
}

/** Who set a mark: a declaration (its id) of the combatant `by`, in `round`. */
export interface MarkSource {
  by: string;
  decl: string;
  round: number;
}

/**
 * The state every system keeps; systems add their own keys (guard, life, stamina, scars…). Play keeps beside the
 * marks, by each mark's key, the round that set it, the lifetime the referee chose and the declarations that set it
 * (src/play/round/marks.ts); the state codec checks them as it reads a row.
 */
export interface CombatState {
  /** Conditions in words, lower-case: "prone", "unconscious", "dying", "dead", "surprised"… (src/rules/marks.ts) */
  conditions: Mark[];
  /** The round that set each mark ("next-round" marks end at the end of the round after it). */
  since?: Record<string, number>;
  /** The lifetime the referee chose for a mark with /condition, in place of its word's. */
  lasts?: Record<string, Lifetime>;
  /** The declarations that set each mark: taking one back takes off the marks only it set. */
  by?: Record<string, MarkSource[]>;
  /** Where in this fight it fell: [round, turn]. */
  fell?: [number, number];
  [key: string]: unknown;
}

/** Kinds of damage: "illusion" only where a system offers it (`damageKinds`: Castles & Crusades' illusory damage). */
export type DamageKind = "normal" | "subdual" | "illusion";

/** A change to apply to a combatant: what an attack costs or does, what a declaration or a round's end sets. */
export interface Effect {
  targetId: string;
  /** Damage before the target's own reductions (armour etc. are applied by `applyDamage`). */
  damage?: number;
  /** Damage already reduced by the system (applied as is). */
  damageKind?: DamageKind;
  staminaCost?: number;
  addConditions?: Mark[];
  removeConditions?: Mark[];
  /** Armour-piercing (Life & Guard): the target's Armour soaks at most this much of `damage`. */
  armourCap?: number;
  /** Life & Guard: the Armour that soaks this hit in place of the sheet's, rolled with the attack (an enchanted armour's 2d6). */
  armour?: number;
  /** Fields of the target's sheet that change for good (Life & Guard: a torch expended leaves the weapons list). */
  sheet?: Record<string, unknown>;
  note?: string;
}

export interface DamageResult {
  state: CombatState;
  result: RuleResult;
}

export interface StateView {
  /** "HP 5/8", "Guard 3/7 · Life 7/7". */
  summary: string;
  /** 0..1 for a bar. */
  fraction: number;
  /**
   * Where it stands, in the system's words: "dead", "unconscious", "dying", "wounded", "out of
   * stamina"…; "" when there is nothing to say (unhurt). Never "fine" for someone who is not.
   */
  status: string;
}
