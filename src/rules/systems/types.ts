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
import type { Capabilities, Capability } from "./contract/capabilities.js";
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
export * from "./contract/capabilities.js";

/**
 * What every rule system has: who it is and where its text is, then its parts: sheets, checks and saves, the
 * encounter's distance, the round, the attack, and what hurts and heals. A manifest missing one fails to compile.
 */
export interface SystemCore<Sheet extends Record<string, unknown> = Record<string, unknown>>
  extends SheetRules<Sheet>,
    CheckRules<Sheet>,
    EncounterRules,
    OrderRules<Sheet>,
    AttackRules<Sheet>,
    HealthRules<Sheet> {
  /** Its id: the key it is registered under (src/rules/systems/index.ts), where `SystemId` is derived. */
  id: string;
  name: string;
  /** Reactions / situation keys this system understands (for help and the "ignored" list). */
  situations: SituationKey[];
  /** The rule text's file number ("000"): code cites `seed 000, "Heading"`, players read the book's name. */
  seed: string;
  /**
   * The campaign's options this system sets or adds, and (`configure`) the system built with them, when its rules
   * read them (B/X: ties, variable damage).
   */
  campaignOptions: CampaignOptions & { configure?(settings: Record<string, unknown>): RuleSystem };
  /** The dungeon's rules this text gives (movement, its wandering check). */
  dungeon?: DungeonRules;
  /** Where the text is silent, what the bot uses, said once (in /help for the system) rather than on every number. */
  silent?: string;
}

/**
 * A rule system, as `defineSystem` (./define.ts) builds it from its manifest: the core, the capability groups it
 * has, and for each group it lacks the refusal players read. Play reaches a group through `capability` or `has`.
 */
export interface RuleSystem<Sheet extends Record<string, unknown> = Record<string, unknown>> extends SystemCore<Sheet> {
  /** The capability groups this system has. */
  can: Partial<Capabilities<Sheet>>;
  /** For each group it lacks, why, in players' words (naming the book). */
  lacks: Partial<Record<Capability, string>>;
}
