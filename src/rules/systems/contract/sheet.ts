/** Sheets: their schemas, presets, the embed's fields, filled and rolled sheets. Part of the contract in ../types.ts. */
import type { z } from "zod";
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, CombatState, StateView } from "./combatant.js";
import type { RuleResult } from "./results.js";

/** What the rules fill in on a new sheet: rolled, derived, and what stays the player's own. */
export interface FilledSheet {
  /** The sheet's fields as rolled or derived, merged under what the player typed. */
  fields: Record<string, unknown>;
  /** How each was rolled or derived, one line each. */
  result: RuleResult;
  /** Fields the rules filled (rolled or from a table). */
  filled: string[];
  /** How each filled field got its value, in a few words ("rolled 1d8 [6]"): the created sheet says it beside the value. */
  said?: Record<string, string>;
}

/** One field of the sheet's form, in the system's words. */
export interface FormFieldWords {
  /** The label, as the book names it ("Attack bonus"): at most 45 characters. */
  label: string;
  /** What to type, with an example ("a whole number, e.g. 3"): at most 70 characters. */
  example: string;
  /** What a blank gives on a new sheet when it is not the schema's default ("rolled 3d6", "by class and level"). */
  blank?: string;
}

/**
 * The sheet's form (/character create and edit without a typed sheet): its fields in the order a player
 * fills a sheet, each in the system's words. A schema field not listed is left off the form (a monster's, or
 * one the bot keeps), unless the character's sheet has it set; it can still be typed with `sheet`.
 */
export type SheetFormWords = Record<string, FormFieldWords>;

/**
 * The version of one kind of data a system stores (its sheets, or its part of a combatant's state), and how it
 * reads an older one. Pure: the play codecs (src/play/codecs/sheets.ts) store the version beside each row and call
 * `upgrade` as they read a row stored at an older one, then check the row as always. A row with no version
 * (stored before the system had one) is version 0.
 */
export interface DataVersion {
  /** The version this release writes: 1 at the first change of shape, one more at each change after. */
  readonly version: number;
  /** The data at `version`, from what a row at `from` (0 up to `version - 1`) holds: each step in turn, one after the other. */
  upgrade(raw: Record<string, unknown>, from: number): Record<string, unknown>;
}

/** What a system versions of what it stores; a kind it leaves out is at version 0 and read as it is. */
export interface StoredVersions {
  /** Sheets: Character.sheet, Retainer.sheet, Combatant.sheet and a saved monster's. */
  sheet?: DataVersion;
  /** Its part of a state: Combatant.state, and what a character or retainer keeps between fights. */
  state?: DataVersion;
}

/** Sheets and monsters, as a rule system reads and shows them. */
export interface SheetRules<Sheet> {
  /** The sheet of a PC or retainer. Errors must name the field and the allowed range. */
  sheet: z.ZodType<Sheet>;
  /** The sheet of a monster (custom stats). */
  monster: z.ZodType<Sheet>;
  /** Monster presets by lower-case name ("standard", "goblin"). */
  presets: Record<string, Sheet>;
  /** The sheet's form in the system's words and order. */
  form: SheetFormWords;
  /** Fields shown on the sheet embed, in order: [label, value]. */
  describeSheet(sheet: Sheet): [string, string][];
  /** Fresh state for a new combatant from its sheet. */
  initialState(sheet: Sheet): CombatState;
  /**
   * The sheet's fields whose values a fight keeps in its state (hit points, pools such as stamina): a sheet
   * edited mid-fight changes the rest of the fight at once, these only when the fight is over.
   */
  fightOwns: readonly string[];
  view(c: Combatant<Sheet>): StateView;
  /** A monster's sheet as it enters a fight, its hit points rolled from its hit dice; null when `typed` (the referee's own fields) already sets them. */
  rollMonster?(
    sheet: Sheet,
    dice: DiceBag,
    typed: Record<string, unknown>,
  ): { sheet: Record<string, unknown>; result: RuleResult } | null;
  /**
   * One stat line in the system's terms (B/X: `HD 4+1 AC 5 ATK 1d10 ML 10`) as the
   * key=value fields the monster schema reads, and the name in front if any.
   * Throws RuleError naming what it could not read.
   */
  statLine?(line: string): { name: string | null; fields: string };
  /** An example of that stat line, shown when a monster is not found (B/X: `HD 4+1 AC 5 ATK 1d10 ML 10`). */
  statLineExample?: string;
  /**
   * The versions of its stored sheets and states, when their shape has changed since release (absent: version 0).
   * Module constants (a system built per campaign gives the same objects): the codecs keep one codec for each.
   */
  versions?: StoredVersions;
}
