/**
 * What a system may lack, in groups: each group a system has is given whole in its manifest; each it lacks
 * has one refusal in players' words (./define.ts). Part of the contract in ../types.ts.
 */
import type { DiceBag } from "../../dice/bag.js";
import type { AttackInput } from "./attack.js";
import type { LoyaltyResult, MoraleCue, MoraleResult, ReactionRollResult, SurpriseResult } from "./checks.js";
import type { Combatant, DamageResult, Effect, Side } from "./combatant.js";
import type { RuleResult, Unsupported } from "./results.js";
import type { FilledSheet } from "./sheet.js";

/** Who is surprised when the sides meet. */
export interface SurpriseRules<Sheet> {
  /** `modifiers`: the referee's bonus or penalty to each side's roll; `settings`: the campaign's options (systems read those they know). */
  surprise(
    input: {
      party: Combatant<Sheet>[];
      foes: Combatant<Sheet>[];
      modifiers?: Partial<Record<Side, number>>;
      settings?: Record<string, unknown>;
    },
    dice: DiceBag,
  ): SurpriseResult;
}

/** How met creatures react (the reaction table). */
export interface ReactionRules<Sheet> {
  reaction(input: { leader?: Combatant<Sheet>; modifier?: number }, dice: DiceBag): ReactionRollResult;
}

/** Morale: the roll, when the referee is prompted to call it, and who checks together. */
export interface MoraleRules<Sheet> {
  /** `side`: whose morale. Unsupported when the text gives it to others only (The Third Age: monsters). */
  morale(
    input: { who: Combatant<Sheet>[]; rating?: number; modifier?: number; side?: Side },
    dice: DiceBag,
  ): MoraleResult | Unsupported;
  /**
   * When the referee should be prompted to check a side's morale, after damage: `down` of `of`
   * non-player combatants of `side` are down. Null: no prompt. Absent: play's usual triggers.
   */
  moraleCue?(side: Side, down: number, of: number): MoraleCue | null;
  /**
   * Who checks morale together (B/X: each creature type on its own, an ogre apart from its orcs), each group
   * named: play rolls once per group, and each roll's marks go to that group. Absent: the side rolls as one.
   */
  moraleGroups?(who: Combatant<Sheet>[]): { name: string; who: Combatant<Sheet>[] }[];
}

/** Retainers' loyalty: where it starts and the check. */
export interface RetainerRules<Sheet> {
  loyalty(input: { loyalty: number; modifier?: number }, dice: DiceBag): LoyaltyResult;
  /** Starting loyalty of a retainer hired by `employer`. */
  startingLoyalty(employer: Combatant<Sheet> | undefined, retainerSheet?: Sheet): number;
}

/** Talking foes into surrender (The Third Age: a Charisma roll above the monsters' morale). On success `effects` mark them surrendered. */
export interface ParleyRules<Sheet> {
  parley(
    input: {
      who: Combatant<Sheet>;
      targets: Combatant<Sheet>[];
      intent: "intimidate" | "persuade";
      rating?: number;
      modifier?: number;
    },
    dice: DiceBag,
  ): RuleResult & { success: boolean; effects: Effect[] };
}

/** Exact chance to hit and the damage spread, before rolling (for /odds); Unsupported when this attack cannot be listed. */
export interface OddsRules<Sheet> {
  odds(input: AttackInput<Sheet>): RuleResult | Unsupported;
}

/** New XP for a character: the sheet fields that change (XP placed where the text says), and the words. */
export interface XpRules<Sheet> {
  awardXp(sheet: Sheet, amount: number): { patch: Record<string, unknown>; result: RuleResult };
}

/**
 * A new sheet filled by the rules: what the text rolls (ability scores, hit points by class and level) and
 * derives from its tables, around what the player typed (`typed` wins). Null when it gives nothing for this sheet.
 */
export interface FillRules {
  fillSheet(typed: Record<string, unknown>, dice: DiceBag): FilledSheet | null;
}

/**
 * Treating a wound the text says lasts "until you are treated" (Life & Guard's Head Wound), between fights.
 * `by`: who treats (a name, or null for the referee). Throws RuleError when there is nothing to treat.
 */
export interface TreatRules<Sheet> {
  treat(c: Combatant<Sheet>, by: string | null): DamageResult;
}

/** Falling damage from a height in feet, as the referee applies it (/damage fall). */
export interface FallRules<Sheet> {
  fall(who: Combatant<Sheet>, heightFt: number, dice: DiceBag): RuleResult & { damage: number };
}

/** Where the foes come in, among `entries` ways in (the B/X house rules' "direction of appearance"): a roll the referee calls. */
export interface AppearanceRules {
  appearance(input: { entries: number }, dice: DiceBag): RuleResult;
}

/** The groups a system may have, by name. */
export interface Capabilities<Sheet> {
  surprise: SurpriseRules<Sheet>;
  reaction: ReactionRules<Sheet>;
  morale: MoraleRules<Sheet>;
  retainers: RetainerRules<Sheet>;
  parley: ParleyRules<Sheet>;
  odds: OddsRules<Sheet>;
  xp: XpRules<Sheet>;
  fill: FillRules;
  treat: TreatRules<Sheet>;
  fall: FallRules<Sheet>;
  appearance: AppearanceRules;
}
export type Capability = keyof Capabilities<unknown>;

const EVERY: Record<Capability, true> = {
  surprise: true,
  reaction: true,
  morale: true,
  retainers: true,
  parley: true,
  odds: true,
  xp: true,
  fill: true,
  treat: true,
  fall: true,
  appearance: true,
};
/** Every group's name, in one order (a missing one fails to compile above). */
export const CAPABILITIES = Object.keys(EVERY) as Capability[];
