/**
 * The contract every rule system implements. Pure: no I/O, no clock, no
 * Discord. Randomness arrives as a DiceBag; every result names the rule that
 * produced it and carries the dice it used, so the embed can show both.
 *
 * `RuleSystem` is declared here, once; its parts and the types they use live in
 * ./contract/ (one concern each) and are re-exported, so callers import from here.
 */
import type { SituationKey, AttackRules } from "./contract/attack.js";
import type { CampaignOptions, DungeonRules } from "./contract/campaign.js";
import type { CheckRules, EncounterRules } from "./contract/checks.js";
import type { HealthRules } from "./contract/health.js";
import type { OrderRules } from "./contract/round.js";
import type { SheetRules } from "./contract/sheet.js";

export * from "./contract/results.js";
export * from "./contract/combatant.js";
export * from "./contract/attack.js";
export * from "./contract/checks.js";
export * from "./contract/round.js";
export * from "./contract/health.js";
export * from "./contract/sheet.js";
export * from "./contract/campaign.js";

/** A system's id: the registry (src/rules/systems/index.ts) is keyed by exactly these. */
export type SystemId = "third-age" | "bx" | "bx-house" | "siege" | "life-guard";

/**
 * A rule system: who it is and where its text is, then its parts: sheets, checks and saves, the rolls of an
 * encounter, the round, the attack, and what hurts and heals.
 */
export interface RuleSystem<Sheet extends Record<string, unknown> = Record<string, unknown>>
  extends SheetRules<Sheet>, CheckRules<Sheet>, EncounterRules<Sheet>, OrderRules<Sheet>, AttackRules<Sheet>, HealthRules<Sheet> {
  id: SystemId;
  name: string;
  /** Reactions / situation keys this system understands (for help and the "ignored" list). */
  situations: SituationKey[];
  /** The rule text's file number ("000"): code cites `seed 000, "Heading"`, players read the book's name. */
  seed: string;
  /** The campaign's options this system sets or adds. */
  campaignOptions: CampaignOptions;
  /** The dungeon's rules this text gives (movement, its wandering check). */
  dungeon?: DungeonRules;
  /** Where the text is silent, what the bot uses, said once (in /help for the system) rather than on every number. */
  silent?: string;
}
