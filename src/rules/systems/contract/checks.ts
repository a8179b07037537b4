/** Checks, saves, and the results of the rolls around an encounter (surprise, reactions, morale, loyalty). Part of the contract in ../types.ts. */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, Effect, Side } from "./combatant.js";
import type { PlaceOrder } from "./attack.js";
import type { RuleRef, RuleResult, Unsupported } from "./results.js";

export interface CheckInput<S = Record<string, unknown>> {
  who: Combatant<S>;
  /** One of the system's `attributes` (case-insensitive). */
  attribute: string;
  modifier?: number;
  /** For opposed/target numbers where the system needs one (difficulty, challenge level). */
  difficulty?: number;
}

export interface SaveInput<S = Record<string, unknown>> {
  who: Combatant<S>;
  kind?: string;
  modifier?: number;
  /** In a fight: the place acting now against the one who saves ("attacker first": its turn has not come yet this round). */
  order?: PlaceOrder;
  /** Optional: the damage of the effect saved against (a breath, a spell), already rolled; a system that ties it to the save returns it as a damage effect. */
  damage?: number;
}

/** A save's result; `effects` (optional) are applied to the one who rolled (Life & Guard: a Doomed PC's failed Life save kills). */
export interface SaveResult extends RuleResult {
  success: boolean;
  effects?: Effect[];
}

export interface SurpriseResult extends RuleResult {
  surprised: Record<Side, boolean>;
  /** When members check one by one (Castles & Crusades): exactly who is surprised; play marks these instead of whole sides. */
  surprisedIds?: string[];
}

export interface ReactionRollResult extends RuleResult {
  /** The band in words: "Immediate Hostility", "Friendly"… */
  reaction: string;
}

export interface MoraleResult extends RuleResult {
  holds: boolean;
  /** Marks the roll leaves on those who rolled ("morale made once", "fights to the death", "fled"); play applies them in a fight. */
  effects?: Effect[];
}

export interface LoyaltyResult extends RuleResult {
  outcome: "stays" | "hesitates" | "deserts";
}

/** A referee's prompt to check morale, and the rule behind it. */
export interface MoraleCue {
  words: string;
  rule: RuleRef;
}

/** Checks and saves, as a rule system gives them. */
export interface CheckRules<Sheet> {
  /** Attribute names for /check, as the system spells them. */
  attributes: string[];
  /** Saving-throw kinds for /save. */
  saves: string[];
  check(input: CheckInput<Sheet>, dice: DiceBag): (RuleResult & { success: boolean }) | Unsupported;
  save(input: SaveInput<Sheet>, dice: DiceBag): SaveResult | Unsupported;
}

/** The rolls around meeting foes every system has (the rest are capabilities, ./capabilities.ts). */
export interface EncounterRules {
  /** The distance between the sides when an encounter starts, by the text (surprise may change it). Play uses 2d6 × 10 feet without it. */
  encounterDistance?(input: { surprise: boolean; outdoors?: boolean }, dice: DiceBag): RuleResult;
  /**
   * The encounter keeps the distance between the sides (B/X): play places each combatant on the line with a mark
   * "at:<feet>" (the party at 0, the foes at the rolled distance; one added later with its side), the system's
   * moves change it and its attacks read it.
   */
  keepsDistance?: boolean;
}
