/** What a pending attack keeps to rebuild its input: its shape alone, read by its codec and by pending.ts. */
import type { Situation } from "../../rules/systems/types.js";
import type { DiceRoll } from "../../rules/dice/bag.js";

export interface StoredInput {
  attackerId: string;
  defenderId: string;
  weapon?: string;
  situation: Situation;
  /** Who gave the situation's modifier (the referee, or the player attacking). */
  modifierBy?: "referee" | "player";
  /** Lines from effects already applied (damage outcomes), kept for the embed. */
  outcomeLines: string[];
  /** Dice those effects rolled (a Life save), shown with the attack's own. */
  outcomeRolls?: DiceRoll[];
  /** Attacks the attacker made earlier in the same round. */
  attackIndex?: number;
  round?: number;
  /** The referee's override:true, for rules that read it (AttackInput.override). */
  override?: boolean;
}
