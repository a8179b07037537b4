/**
 * Surprise, reaction, morale and loyalty. Seed 002 refers to these tables
 * ("Monster Morale (Optional Rule)", "Retainers") without including them; the
 * classic B/X values are used and every result says so.
 */
import type { DiceBag } from "../../dice/bag.js";
import {
  RuleError,
  type Combatant,
  type LoyaltyResult,
  type MoraleResult,
  type ReactionRollResult,
  type Side,
  type SurpriseResult,
  type Unsupported,
} from "../types.js";
import { chaLoyaltyModifier, chaReactionModifier, signed } from "./dice.js";
import type { BxSheet } from "./sheet.js";
import { banded } from "../../numbers.js";
import { modifiedRange, rolledAgainst } from "../../surprise.js";

export const R_CLASSIC_SURPRISE = "classic B/X surprise (1d6, surprised on 1–2)";
export const R_REACTION_TABLE = "standard B/X reaction table, 2d6 (the table seed 001 and seed 002 refer to)";
export const R_MORALE = 'seed 002, "Monster Morale (Optional Rule)" (classic 2d6 morale table)';
export const R_LOYALTY = "classic B/X retainer loyalty (2d6 vs loyalty)";

export function bxSurprise(
  input: { party: Combatant<BxSheet>[]; foes: Combatant<BxSheet>[]; modifiers?: Partial<Record<Side, number>> },
  bag: DiceBag,
): SurpriseResult {
  const mark = bag.log.length;
  const surprised: Record<Side, boolean> = { party: false, foes: false };
  const lines: string[] = [];
  for (const side of ["party", "foes"] as const) {
    // A bonus to a side's surprise roll helps that side: it is surprised on fewer numbers.
    const on = modifiedRange(2, input.modifiers?.[side] ?? 0, -1, "-");
    const v = bag.d(`surprise (${side})`, 6);
    surprised[side] = v <= on.range;
    lines.push(`${side === "party" ? "Party" : "Foes"}: ${rolledAgainst(v, on)}.`);
  }
  if (surprised.party && surprised.foes) lines.push("Both sides are surprised: neither acts for the first round.");
  else if (surprised.party || surprised.foes)
    lines.push(surprised.party ? "The foes get a free round." : "The party gets a free round.");
  return { title: "Surprise", lines, rules: [R_CLASSIC_SURPRISE], rolls: bag.since(mark), surprised };
}

/** The standard 2d6 reaction bands. */
export function reactionBand(total: number): string {
  return banded(
    total,
    [
      [2, "Hostile, attacks"],
      [5, "Hostile"],
      [8, "Uncertain"],
      [11, "Indifferent"],
    ],
    () => "Friendly",
  );
}

export function bxReaction(
  input: { leader?: Combatant<BxSheet>; modifier?: number },
  bag: DiceBag,
): ReactionRollResult {
  const mark = bag.log.length;
  const cha = input.leader ? chaReactionModifier(input.leader.sheet.cha) : 0;
  const mod = (input.modifier ?? 0) + cha;
  const r = bag.roll("reaction", 2, 6, { modifier: mod });
  const reaction = reactionBand(r.total);
  const lines = [
    `2d6 ${r.dice.map((d) => d.value).join("+")}${mod ? ` ${signed(mod)}` : ""} = ${r.total}: ${reaction}.`,
  ];
  if (cha) lines.push(`${input.leader!.name}'s CHA ${input.leader!.sheet.cha}: ${signed(cha)}.`);
  lines.push("Bands: 2 hostile, attacks · 3–5 hostile · 6–8 uncertain · 9–11 indifferent · 12 friendly.");
  return { title: `Reaction: ${reaction}`, lines, rules: [R_REACTION_TABLE], rolls: bag.since(mark), reaction };
}

/**
 * Morale: 2d6 against the morale score; a roll greater than the score fails.
 * A score of 2 never fights, 12 never checks. `modifier` adjusts the score
 * (+1 braver, −1 more timid), as classic B/X adjusts morale scores.
 */
export function bxMorale(
  input: { who: Combatant<BxSheet>[]; rating?: number; modifier?: number },
  bag: DiceBag,
): MoraleResult | Unsupported {
  const base = input.rating ?? input.who.find((c) => c.sheet.morale !== undefined)?.sheet.morale;
  // Player characters never check morale: their players decide (retainers roll on their loyalty).
  if (base === undefined && input.who.length && input.who.every((c) => c.kind === "pc"))
    return { unsupported: true, message: "Player characters do not check morale in B/X: their players decide." };
  if (base === undefined)
    throw new RuleError("No morale score: give a rating (2–12) or add monsters with a morale score");
  if (!Number.isInteger(base) || base < 2 || base > 12) throw new RuleError("Morale rating must be between 2 and 12");
  const mod = input.modifier ?? 0;
  const score = Math.max(2, Math.min(12, base + mod));
  const mark = bag.log.length;
  const names = input.who.length ? input.who.map((c) => c.name).join(", ") : "Morale";
  if (score >= 12)
    return {
      title: `${names}: fights to the death`,
      lines: [`Morale ${score}: never checks morale.`],
      rules: [R_MORALE],
      rolls: [],
      holds: true,
    };
  if (score <= 2)
    return {
      title: `${names}: flees`,
      lines: [`Morale ${score}: never fights.`],
      rules: [R_MORALE],
      rolls: [],
      holds: false,
      effects: input.who.map((c) => ({ targetId: c.id, addConditions: ["fled"] })),
    };
  const r = bag.roll("morale", 2, 6);
  const holds = r.total <= score;
  return {
    effects: holds ? [] : input.who.map((c) => ({ targetId: c.id, addConditions: ["fled"], note: "morale broke" })),
    title: `${names}: ${holds ? "morale holds" : "morale breaks"}`,
    lines: [
      `2d6 = ${r.total} against morale ${score}${mod ? ` (${base} ${signed(mod)})` : ""}: ${holds ? "not higher, they fight on" : "higher, they flee or surrender"}.`,
    ],
    rules: [R_MORALE],
    rolls: bag.since(mark),
    holds,
  };
}

/** Loyalty: 2d6 against the retainer's loyalty: lower stays, equal hesitates, higher deserts. `modifier` adjusts the loyalty. */
export function bxLoyalty(input: { loyalty: number; modifier?: number }, bag: DiceBag): LoyaltyResult {
  if (!Number.isInteger(input.loyalty) || input.loyalty < 2 || input.loyalty > 12)
    throw new RuleError("Loyalty must be between 2 and 12");
  const score = input.loyalty + (input.modifier ?? 0);
  const mark = bag.log.length;
  const r = bag.roll("loyalty", 2, 6);
  const outcome: LoyaltyResult["outcome"] = r.total < score ? "stays" : r.total === score ? "hesitates" : "deserts";
  return {
    title: `Loyalty: ${outcome}`,
    lines: [
      `2d6 = ${r.total} against loyalty ${score}: ${outcome === "stays" ? "lower, the retainer stays" : outcome === "hesitates" ? "equal, the retainer hesitates (the referee decides, or roll again next time)" : "higher, the retainer deserts or refuses"}.`,
    ],
    rules: [R_LOYALTY],
    rolls: bag.since(mark),
    outcome,
  };
}

/** Starting loyalty: the retainer sheet's own, else 7 adjusted by the employer's CHA (3 → 4 … 18 → 10). */
export function bxStartingLoyalty(employer: Combatant<BxSheet> | undefined, retainerSheet?: BxSheet): number {
  if (retainerSheet?.loyalty !== undefined) return retainerSheet.loyalty;
  return 7 + (employer ? chaLoyaltyModifier(employer.sheet.cha) : 0);
}

/** A creature's type from its name in the fight: "Goblin 2" → "Goblin". */
export const creatureType = (name: string): string => name.replace(/\s+\d+$/, "").trim() || name;

/**
 * seed 002, "Monster Morale (Optional Rule)": morale is the monster's own score, so each creature type checks on
 * its own (an ogre at 10, its orcs at 8), not the side at the first score found. Groups by type, in order met.
 */
export function bxMoraleGroups<C extends { name: string }>(who: C[]): { name: string; who: C[] }[] {
  const groups = new Map<string, { name: string; who: C[] }>();
  for (const c of who) {
    const name = creatureType(c.name);
    const key = name.toLowerCase();
    if (!groups.has(key)) groups.set(key, { name, who: [] });
    groups.get(key)!.who.push(c);
  }
  return [...groups.values()];
}
