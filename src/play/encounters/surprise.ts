/** Surprise as play applies it: the referee's modifiers, and who ends up surprised. */
import type { SurpriseResult } from "../../rules/systems/types.js";
import { UserError } from "../errors.js";

/** The referee's surprise modifiers, checked: whole numbers from −20 to +20 (the text's usual range is −5 to +5). */
export function surpriseOptions(m?: Partial<Record<"party" | "foes", number>> | null): {
  modifiers?: Partial<Record<"party" | "foes", number>>;
} {
  const given = Object.fromEntries(Object.entries(m ?? {}).filter(([, v]) => v != null && v !== 0));
  for (const v of Object.values(given))
    if (!Number.isInteger(v) || Math.abs(v) > 20)
      throw new UserError("A surprise modifier is a whole number from −20 to +20 (usually −5 to +5).");
  return Object.keys(given).length ? { modifiers: given } : {};
}

/** Who a surprise roll leaves surprised: those it names one by one, else the whole side. */
export const isSurprised = (r: SurpriseResult, c: { id: string; side: string }): boolean =>
  r.surprisedIds ? r.surprisedIds.includes(c.id) : !!r.surprised[c.side as "party" | "foes"];
