/**
 * Food and water (seed 002, "Resources": "food, water"): each member of the
 * party eats one ration and drinks one day's water for every day the clock
 * passes (choice: the seed names the resources, not the amounts).
 */
import { RuleError } from "../systems/types.js";
import { ROUNDS_PER_DAY } from "./clock.js";
import type { Supplies } from "./state.js";

export interface Eaten {
  supplies: Supplies;
  fedDays: number;
  lines: string[];
  /** Someone went hungry or thirsty: the referee applies what follows. */
  short?: boolean;
}

const NEED = { rations: ["ration", "rations"], water: ["day of water", "days of water"] } as const;

/** Eats for each day boundary the clock has passed since `fedDays` (none if the stock is not tracked). */
export function eatAndDrink(input: { supplies: Supplies; fedDays: number; rounds: number; mouths: number }): Eaten {
  const days = Math.floor(input.rounds / ROUNDS_PER_DAY) - input.fedDays;
  if (days <= 0) return { supplies: input.supplies, fedDays: input.fedDays, lines: [] };
  const lines: string[] = [];
  let short = false;
  const next = { ...input.supplies };
  for (const k of ["rations", "water"] as const) {
    const have = next[k];
    if (have === null) continue;
    const need = days * input.mouths;
    const used = Math.min(have, need);
    next[k] = have - used;
    lines.push(`${days === 1 ? "A day" : `${days} days`} passed: the party uses ${used} ${k} (${next[k]} left).`);
    if (used < need) short = true;
    if (used < need)
      lines.push(
        `⚠️ ${need - used} ${NEED[k][need - used === 1 ? 0 : 1]} short: someone goes ${k === "rations" ? "hungry" : "thirsty"}.`,
      );
    else if (next[k]! < input.mouths) lines.push(`⚠️ Not enough ${k} for another day.`);
  }
  return { supplies: next, fedDays: input.fedDays + days, lines, ...(short ? { short } : {}) };
}

/** Sets one stock (a whole number 0..9999, or null to stop tracking it). */
export function setStock(supplies: Supplies, kind: keyof Supplies, amount: number | null): Supplies {
  if (amount !== null && (!Number.isInteger(amount) || amount < 0 || amount > 9999))
    throw new RuleError(`The party's ${kind} must be a whole number from 0 to 9999.`);
  return { ...supplies, [kind]: amount };
}

export function suppliesLines(s: Supplies): string[] {
  const tracked = (Object.entries(s) as [keyof Supplies, number | null][]).filter(([, v]) => v !== null);
  return tracked.length
    ? [tracked.map(([k, v]) => `${k} ${v}`).join(" · ")]
    : ["Not tracked: set them with /dungeon set rations/water/torches/oil."];
}
