/** A roll call as stored: the shapes its codec and rollcall.ts both read. */
import type { CheckRequest, SaveRequest } from "./table.js";

export interface CallTarget {
  characterId: string;
  name: string;
  ownerId: string;
}
export interface CallResult {
  success: boolean;
  /** The outcome in one line, e.g. "Strength check: 14 vs 12, passes". */
  line: string;
}
export type CallInput = Omit<CheckRequest, "character" | "hidden"> | Omit<SaveRequest, "character" | "hidden">;
