/**
 * Rolls against attributes: checks (d20 ≤ score), the Life save and the Guard
 * test, morale, loyalty, retreat (seed 004, "Retreat").
 */
import type { DiceBag } from "../../dice/bag.js";
import {
  RuleError,
  type CheckInput,
  type Combatant,
  type LoyaltyResult,
  type MoraleResult,
  type RuleResult,
  type SaveInput,
  type SaveResult,
} from "../types.js";
import { lifeSaveOn, rollUnder } from "./damage.js";
import { R } from "./refs.js";
import { readState, stored, type LifeGuardSheet, type LifeGuardState } from "./sheet.js";

type C = Combatant<LifeGuardSheet>;

export const ATTRIBUTES = ["Life", "Guard", "STR", "DEX", "WIL"];
export const SAVES = ["life", "guard"];

function score(c: C, attribute: string): { name: string; value: number } {
  const a = attribute.trim().toLowerCase();
  const s = readState(c);
  if (a === "life") return { name: "Life", value: s.life };
  if (a === "guard" || a === "grd") return { name: "Guard", value: s.guard };
  if (a === "str") return { name: "STR", value: c.sheet.str };
  if (a === "dex") return { name: "DEX", value: c.sheet.dex };
  if (a === "wil") return { name: "WIL", value: c.sheet.wil };
  throw new RuleError(`Unknown attribute "${attribute}": use one of ${ATTRIBUTES.join(", ")}.`);
}

/** A check: d20 ≤ the score (+ modifier); 1 always succeeds, 20 always fails. Life and Guard use their current values. */
export function check(input: CheckInput<LifeGuardSheet>, bag: DiceBag): RuleResult & { success: boolean } {
  const mark = bag.log.length;
  const { name, value } = score(input.who, input.attribute);
  const target = value + (input.modifier ?? 0);
  const { roll, success } = rollUnder(bag, `${name} check (≤ ${target})`, target);
  return {
    title: `${name} check: ${success ? "success" : "failure"}`,
    lines: [
      `d20 = ${roll} against ${name} ${value}${input.modifier ? ` ${input.modifier > 0 ? "+" : "−"} ${Math.abs(input.modifier)}` : ""}: ${success ? "success" : "failure"}.`,
    ],
    rules: [R.actions, R.choice("Checks and saves")],
    rolls: bag.since(mark),
    success,
  };
}

/** A Life save, returning the new state too (Doomed dies on a failure). */
export function lifeSave(c: C, bag: DiceBag, modifier = 0): RuleResult & { success: boolean; state: LifeGuardState } {
  const mark = bag.log.length;
  const s = readState(c);
  const r = lifeSaveOn(s, bag, modifier);
  return {
    title: `Life save: ${r.success ? "saved" : "failed"}`,
    lines: r.lines,
    rules: [R.scars, R.choice("Checks and saves")],
    rolls: bag.since(mark),
    success: r.success,
    state: stored(s) as LifeGuardState,
  };
}

/** A Guard test: d20 ≤ current Guard. */
export function guardTest(c: C, bag: DiceBag, modifier = 0, label = "Guard test"): RuleResult & { success: boolean } {
  const mark = bag.log.length;
  const g = readState(c).guard;
  const target = g + modifier;
  const { roll, success } = rollUnder(bag, `${label} (≤ ${target})`, target);
  return {
    title: `${label}: ${success ? "success" : "failure"}`,
    lines: [`d20 = ${roll} against Guard ${target}: ${success ? "success" : "failure"}.`],
    rules: [R.choice("Rolling against Guard")],
    rolls: bag.since(mark),
    success,
  };
}

/** /save: kind "life" (default) or "guard". */
export function save(input: SaveInput<LifeGuardSheet>, bag: DiceBag): SaveResult {
  const kind = (input.kind ?? "life").trim().toLowerCase();
  if (kind === "life") {
    const before = readState(input.who).conditions;
    const { state, ...r } = lifeSave(input.who, bag, input.modifier ?? 0);
    // seed 004, "Scars", Doomed: the save itself ends Doomed, and a failure kills: play stores it.
    const add = state.conditions.filter((c) => !before.includes(c));
    const remove = before.filter((c) => !state.conditions.includes(c));
    if (!add.length && !remove.length) return r;
    return {
      ...r,
      effects: [
        {
          targetId: input.who.id,
          ...(add.length ? { addConditions: add } : {}),
          ...(remove.length ? { removeConditions: remove } : {}),
        },
      ],
    };
  }
  if (kind === "guard" || kind === "grd") return guardTest(input.who, bag, input.modifier ?? 0);
  throw new RuleError(`Unknown save "${input.kind}": use life or guard.`);
}

/** Morale: 2d6 (+ modifier); above the Morale rating, the group flees. */
export function morale(input: { who: C[]; rating?: number; modifier?: number }, bag: DiceBag): MoraleResult {
  const mark = bag.log.length;
  const rating = input.rating ?? (input.who.length ? Math.max(...input.who.map((c) => c.sheet.morale)) : undefined);
  if (rating === undefined) throw new RuleError("Give a Morale rating or the monsters who test.");
  const r = bag.roll("morale", 2, 6, input.modifier ? { modifier: input.modifier } : {});
  const holds = r.total <= rating;
  return {
    title: holds ? "Morale holds" : "Morale breaks: they flee",
    lines: [
      `2d6${input.modifier ? ` ${input.modifier > 0 ? "+" : "−"} ${Math.abs(input.modifier)}` : ""} = ${r.total} against Morale ${rating}: ${holds ? "they fight on" : "higher than Morale — they flee"}.`,
    ],
    rules: [R.enemyTypes, R.choice("Morale")],
    rolls: bag.since(mark),
    holds,
    // Those who flee leave the fight: out of the order, no longer standing foes.
    effects: holds ? [] : input.who.map((c) => ({ targetId: c.id, addConditions: ["fled"] })),
  };
}

/** Loyalty: as morale, 2d6 (+ modifier) against loyalty; above it, the retainer deserts. */
export function loyalty(input: { loyalty: number; modifier?: number }, bag: DiceBag): LoyaltyResult {
  const mark = bag.log.length;
  const r = bag.roll("loyalty", 2, 6, input.modifier ? { modifier: input.modifier } : {});
  const stays = r.total <= input.loyalty;
  return {
    title: stays ? "Loyalty: stays" : "Loyalty: deserts",
    lines: [`2d6 = ${r.total} against loyalty ${input.loyalty}: ${stays ? "stays" : "deserts"}.`],
    rules: [R.choice("Loyalty")],
    rolls: bag.since(mark),
    outcome: stays ? "stays" : "deserts",
  };
}

/** A retainer's starting loyalty: its own Morale (default 7, the Standard enemy type's). */
export function startingLoyalty(_employer: C | undefined, retainerSheet?: LifeGuardSheet): number {
  return retainerSheet?.morale ?? 7;
}

/** Running away: needs a safe destination, then a successful Guard test. */
export function retreat(
  c: C,
  opts: { safeDestination: boolean; modifier?: number },
  bag: DiceBag,
): RuleResult & { escaped: boolean } {
  if (!opts.safeDestination)
    return {
      title: "Retreat: nowhere to run",
      lines: [`${c.name} has no safe destination to run to: retreat is impossible.`],
      rules: [R.retreat],
      rolls: [],
      escaped: false,
    };
  const t = guardTest(c, bag, opts.modifier ?? 0, "Retreat (Guard test)");
  return {
    ...t,
    title: t.success ? "Retreat: escaped" : "Retreat: caught",
    rules: [R.retreat, ...t.rules],
    escaped: t.success,
  };
}

/** Life & Guard lacks these rolls: what players read instead. */
export const NO_SURPRISE =
  "Life & Guard has no surprise roll: in the first round each PC rolls against Guard to act — /initiative rolls it when the first round starts.";
export const NO_REACTION =
  "Life & Guard has no reaction table: the Bard decides how the creatures react (use /roll 2d6 if you want a die).";
