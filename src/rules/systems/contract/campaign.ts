/** The campaign's options a system sets or adds, and the dungeon's rules. Part of the contract in ../types.ts. */
import type { z } from "zod";
import type { DiceBag } from "../../dice/bag.js";
import type { RuleRef, RuleResult } from "./results.js";

/** A campaign option the system adds (or one of the shared ones it narrows, like Third Age's wandering interval). */
export interface SystemOption {
  /** In words, for /campaign show: "initiative ties". */
  words: string;
  /** The values allowed, in words: "reroll or simultaneous". */
  allowed: string;
  /** Validates a typed value (already turned into a boolean or number where it reads as one). */
  schema: z.ZodType;
}

/** The campaign's options as this system sees them: its defaults and its own options. */
export interface CampaignOptions {
  /** Defaults this text sets for the shared options (initiative method, wandering interval…) and its own. */
  defaults: Record<string, unknown>;
  /** Options only this system has (or shared ones it narrows), by key. */
  own: Record<string, SystemOption>;
  /**
   * Shared options this text gives no meaning (Life & Guard's sides alternate: no initiative method), by key,
   * with why in players' words: left off the campaign card, and /campaign set refuses them with the reason.
   */
  unused?: Record<string, string>;
}

/** A party member for the dungeon's rules: a name and a sheet. */
export interface DungeonMember {
  name: string;
  sheet: Record<string, unknown>;
}

/** How far the party moves in a dungeon turn, in the system's words. */
export interface PartyMovement {
  /** Feet per dungeon turn, or null when the system gives no rate. */
  perTurn: number | null;
  line: string;
  rules: RuleRef[];
}

/** A wandering-monster check: whether it was made and whether something comes. */
export interface WanderingResult extends RuleResult {
  checked: boolean;
  encounter: boolean;
}

/** The dungeon as this system's text plays it (each optional: the shared procedure applies without it). */
export interface DungeonRules {
  /** The party's movement in a dungeon turn (`settings`: the campaign's options, e.g. B/X's encumbrance). */
  movement?(input: {
    members: DungeonMember[];
    settings: Record<string, unknown>;
    loads: Record<string, number>;
  }): PartyMovement;
  /** The text's own check, or null to use the shared "X in 6 every N turns". */
  wandering?(input: { turn: number; every: number; chance: number }, dice: DiceBag): WanderingResult | null;
  /**
   * What a dungeon turn is in this text (its heading), or the ruling followed where it has none; and the
   * same for light and supplies. Absent: B/X's "Time: Rounds and Turns" and "Resources".
   */
  cites?: { time: string; light: string; supplies: string };
  /** A faster pace the text offers and what it costs (The Third Age: no forewarning); the turn's movement at it. Absent: the text has none. */
  fast?: PartyMovement;
}
