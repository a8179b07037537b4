/** Surprise, reaction rolls, morale (and intimidation), loyalty. */
import type { DiceBag } from "../../dice/bag.js";
import {
  RuleError,
  type Effect,
  type LoyaltyResult,
  type MoraleCue,
  type MoraleResult,
  type ReactionRollResult,
  type RuleResult,
  type Side,
  type SurpriseResult,
  type Unsupported,
} from "../types.js";
import { showRoll, signed } from "./dice.js";
import { REF } from "./refs.js";
import type { TAC, ThirdAgeSheet } from "./sheet.js";
import { banded } from "../../numbers.js";
import { modifiedRange } from "../../surprise.js";

const OTHER: Record<Side, Side> = { party: "foes", foes: "party" };
/** Each side's name and its verbs: "the party rolls … is", "the foes roll … are". */
const SIDE: Record<Side, { name: string; rolls: string; is: string }> = {
  party: { name: "the party", rolls: "rolls", is: "is" },
  foes: { name: "the foes", rolls: "roll", is: "are" },
};
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * seed 000, "Surprise": 1d6 for the players and 1d6 for the monsters; on 1–2
 * the OPPOSING side is surprised and cannot act in the first round.
 * `modifiers[side]` is the referee's bonus (+) or penalty (−) to the die rolled
 * for that side: a bonus helps that side, widening the range on which it
 * surprises the other (+2: 1–4); a range that becomes empty cannot surprise.
 */
export function surprise(
  input: { party: TAC[]; foes: TAC[]; modifiers?: Partial<Record<Side, number>> },
  bag: DiceBag,
): SurpriseResult {
  const mark = bag.log.length;
  const surprised: Record<Side, boolean> = { party: false, foes: false };
  const lines: string[] = [];
  for (const side of ["party", "foes"] as Side[]) {
    const on = modifiedRange(2, input.modifiers?.[side] ?? 0, 1);
    const r = bag.roll(`surprise (${side})`, 1, 6);
    const hit = r.total <= on.range;
    if (hit) surprised[OTHER[side]] = true;
    const me = SIDE[side];
    const them = SIDE[OTHER[side]];
    const verdict =
      on.range === 0 ? `${them.name} cannot be surprised` : `${them.name} ${them.is}${hit ? "" : " not"} surprised`;
    const how = on.modified ? `, surprises ${on.words}` : hit ? " → 1–2" : " → 3+";
    // Each side's die surprises the other: say so in that order ("the party rolls to surprise the foes").
    lines.push(`${cap(me.name)} ${me.rolls} to surprise ${them.name}: ${showRoll(r)}${how}: ${verdict}`);
  }
  if (surprised.party && surprised.foes) lines.push("Both sides are surprised: neither can act in the first round.");
  else if (surprised.party) lines.push("The party is surprised and cannot act in the first round.");
  else if (surprised.foes) lines.push("The foes are surprised and cannot act in the first round.");
  else lines.push("Nobody is surprised.");
  const title =
    surprised.party && surprised.foes
      ? "Surprise: both sides"
      : surprised.party
        ? "Surprise: the party is surprised"
        : surprised.foes
          ? "Surprise: the foes are surprised"
          : "Surprise: nobody";
  return { title, lines, rules: [REF.surprise], rolls: bag.since(mark), surprised };
}

/** seed 000, "Reaction Rolls": the five bands, edges inclusive. */
export function reactionBand(total: number): string {
  return banded(
    total,
    [
      [6, "Immediate Hostility"],
      [10, "Unfriendly"],
      [14, "Neutral, Suspicious"],
      [18, "Uninterested"],
    ],
    () => "Friendly",
  );
}

/** seed 000, "Reaction Rolls": 2d10 + the party leader's Charisma. */
export function reaction(input: { leader?: TAC; modifier?: number }, bag: DiceBag): ReactionRollResult {
  const mark = bag.log.length;
  const cha = input.leader?.sheet.charisma ?? 0;
  const mod = input.modifier ?? 0;
  const r = bag.roll("reaction", 2, 10, { modifier: cha + mod });
  const band = reactionBand(r.total);
  const lines = [
    `Reaction roll ${showRoll(r)}${input.leader ? ` (${input.leader.name}'s Charisma ${signed(cha, "−")}` : " (no leader: Charisma +0"}${mod ? `, modifier ${signed(mod, "−")})` : ")"}`,
    `${r.total}: ${band} (6−: Immediate Hostility · 7–10: Unfriendly · 11–14: Neutral, Suspicious · 15–18: Uninterested · 19+: Friendly)`,
  ];
  return { title: `Reaction: ${band}`, lines, rules: [REF.reactionRolls], rolls: bag.since(mark), reaction: band };
}

/** The morale rating of a group: the given one, else the highest on their sheets, else 7 (choice). */
export function moraleRating(who: TAC[], rating?: number): number {
  if (rating !== undefined) return rating;
  const ratings = who.map((c) => c.sheet.morale).filter((x): x is number => x !== undefined);
  return ratings.length ? Math.max(...ratings) : 7;
}

/**
 * seed 000, "Morale and Loyalty": "when the monsters have sustained multiple
 * casualties the referee should check morale": the prompt comes when the
 * second monster falls (further checks are the referee's call). Retainers
 * (the party's side) answer to loyalty, not to this trigger.
 */
export function moraleCue(side: Side, down: number, of: number): MoraleCue | null {
  if (side !== "foes" || down !== 2 || of <= down) return null;
  return { words: "multiple casualties (The Third Age · Morale and Loyalty)", rule: REF.moraleLoyalty };
}

/**
 * seed 000, "Morale and Loyalty": 2d6; above the rating, they flee, and leave the fight. The text gives
 * morale to monsters; the party's retainers answer to loyalty.
 */
export function morale(
  input: { who: TAC[]; rating?: number; modifier?: number; side?: Side },
  bag: DiceBag,
): MoraleResult | Unsupported {
  if (input.side === "party")
    return {
      unsupported: true,
      message:
        "The Third Age gives morale to monsters only (Morale and Loyalty): the party's characters choose for themselves, and retainers roll loyalty (/retainer check).",
    };
  const rating = moraleRating(input.who, input.rating);
  if (!Number.isInteger(rating) || rating < 2 || rating > 12)
    throw new RuleError("Morale rating must be a whole number between 2 and 12");
  const mark = bag.log.length;
  const r = bag.roll("morale", 2, 6, { modifier: input.modifier ?? 0 });
  const holds = r.total <= rating;
  const names = input.who.map((c) => c.name).join(", ") || "The monsters";
  const lines = [
    `Morale roll ${showRoll(r)} vs morale ${rating}`,
    holds
      ? `${r.total} is not above ${rating}: ${names} hold${input.who.length === 1 ? "s" : ""}.`
      : `${r.total} is above ${rating}: ${names} flee${input.who.length === 1 ? "s" : ""}!`,
  ];
  const rules: string[] = [REF.moraleLoyalty];
  if (input.rating === undefined) rules.push(REF.choice("group morale = the highest rating, 7 if none"));
  const effects = holds ? [] : input.who.map((c): Effect => ({ targetId: c.id, addConditions: ["fled"] }));
  return {
    title: holds ? "Morale: they hold" : "Morale: they flee",
    lines,
    rules,
    rolls: bag.since(mark),
    holds,
    effects,
  };
}

/**
 * seed 000, "Morale and Loyalty": to intimidate or persuade monsters to
 * surrender, a Charisma attribute roll (2d10 + Charisma + modifier) must be
 * ABOVE the monsters' morale rating.
 */
export function intimidate(
  input: { who: TAC; targets: TAC[]; rating?: number; modifier?: number; intent?: "intimidate" | "persuade" },
  bag: DiceBag,
): RuleResult & { success: boolean } {
  const rating = moraleRating(input.targets, input.rating);
  const mark = bag.log.length;
  const cha = input.who.sheet.charisma;
  const mod = input.modifier ?? 0;
  const r = bag.roll("Charisma roll", 2, 10, { modifier: cha + mod });
  const success = r.total > rating;
  const verb = input.intent === "persuade" ? "persuade" : "intimidate";
  const names = input.targets.map((c) => c.name).join(", ") || "the monsters";
  return {
    title: success ? `${input.who.name} makes them surrender` : `${input.who.name} fails to ${verb} them`,
    lines: [
      `Charisma roll ${showRoll(r)} (Charisma ${signed(cha, "−")}${mod ? `, modifier ${signed(mod, "−")}` : ""}) vs morale ${rating}: needs more than ${rating}`,
      success ? `${names} surrender${input.targets.length === 1 ? "s" : ""}.` : `${names} will not surrender.`,
    ],
    rules: [REF.moraleLoyalty],
    rolls: bag.since(mark),
    success,
  };
}

/** seed 000, "Morale and Loyalty": loyalty starts at 7 modified by the employer's Charisma. */
export function startingLoyalty(employer: { sheet: ThirdAgeSheet } | undefined): number {
  return 7 + (employer?.sheet.charisma ?? 0);
}

/**
 * A loyalty check (choice, "as for morale"): 2d6 + modifier; above loyalty the
 * retainer deserts, equal hesitates, below stays.
 */
export function loyalty(input: { loyalty: number; modifier?: number }, bag: DiceBag): LoyaltyResult {
  if (!Number.isInteger(input.loyalty)) throw new RuleError("Loyalty must be a whole number");
  const mark = bag.log.length;
  const r = bag.roll("loyalty", 2, 6, { modifier: input.modifier ?? 0 });
  const outcome: LoyaltyResult["outcome"] =
    r.total > input.loyalty ? "deserts" : r.total === input.loyalty ? "hesitates" : "stays";
  const words = {
    deserts: `${r.total} is above loyalty ${input.loyalty}: the retainer deserts or refuses.`,
    hesitates: `${r.total} equals loyalty ${input.loyalty}: the retainer hesitates (the referee decides, or the employer must persuade).`,
    stays: `${r.total} is below loyalty ${input.loyalty}: the retainer stays and obeys.`,
  };
  return {
    title: `Loyalty: ${outcome === "deserts" ? "deserts" : outcome === "hesitates" ? "hesitates" : "stays"}`,
    lines: [`Loyalty check ${showRoll(r)} vs loyalty ${input.loyalty}`, words[outcome]],
    rules: [REF.moraleLoyalty, REF.choice("loyalty check 2d6 vs loyalty as for morale")],
    rolls: bag.since(mark),
    outcome,
  };
}
