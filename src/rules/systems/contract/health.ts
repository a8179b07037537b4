/** Damage, healing, rest and time passing. Part of the contract in ../types.ts. */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, DamageKind, DamageResult } from "./combatant.js";

/** What hurts and heals a combatant, as a rule system gives it. */
export interface HealthRules<Sheet> {
  applyDamage(
    c: Combatant<Sheet>,
    amount: number,
    dice: DiceBag,
    kind?: DamageKind,
    opts?: { armourCap?: number; armour?: number },
  ): DamageResult;
  /** The kinds of damage /damage offers beyond normal (absent: subdual only). */
  damageKinds?: DamageKind[];
  /** What rest restores, for systems that say: a dungeon turn of rest, or a long rest. */
  rest?(c: Combatant<Sheet>, kind: "turn" | "long"): DamageResult;
  /** Dungeon turns of rest in a row that make a long rest (Life & Guard: "rest for a few hours"); without it, rest is a turn's. */
  longRestTurns?: number;
  applyHealing(c: Combatant<Sheet>, amount: number): DamageResult;
  /** What game time outside a fight does to a combatant (subdual damage healing, waking up); null when nothing changes. */
  timePasses?(c: Combatant<Sheet>, minutes: number, dice: DiceBag): DamageResult | null;
  /** Full days of complete rest: natural healing by the text (seed 002, "Healing"). */
  restDays?(c: Combatant<Sheet>, days: number, dice: DiceBag): DamageResult;
}
