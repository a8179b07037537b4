/** seed 001, "EVASION AND PURSUIT" and "Mass Combat". */
import type { DiceBag } from "../../dice/bag.js";
import { reactionBand } from "../bx/index.js";
import { RuleError, type RuleResult } from "../types.js";
import { R_EVASION, R_MASS, R_MISC } from "./bonuses.js";

/**
 * Do they pursue? 2d6 on the reaction table: a low score means they will.
 * Hostile and uncertain results (2–8) pursue; indifferent and friendly (9–12) do not.
 */
export function pursuitRoll(bag: DiceBag, modifier = 0): RuleResult & { pursues: boolean } {
  const mark = bag.log.length;
  const r = bag.roll("pursuit", 2, 6, { modifier });
  const pursues = r.total <= 8;
  return {
    title: pursues ? "They pursue" : "They let you go",
    lines: [`2d6 = ${r.total} (${reactionBand(r.total)}): ${pursues ? "2–8, they give chase" : "9–12, no pursuit"}.`],
    rules: [R_EVASION, R_MISC],
    rolls: bag.since(mark),
    pursues,
  };
}

/** Dropped food (unintelligent) or treasure (intelligent) stops the pursuit on 1–5 of a d6. */
export function dropToDistract(
  input: { dropped: "food" | "treasure"; intelligent: boolean },
  bag: DiceBag,
): RuleResult & { stops: boolean } {
  const fits = input.dropped === "food" ? !input.intelligent : input.intelligent;
  if (!fits)
    return {
      title: "No distraction",
      lines: [
        input.dropped === "food"
          ? "Intelligent monsters stop for treasure, not food."
          : "Unintelligent monsters stop for food, not treasure.",
      ],
      rules: [R_EVASION],
      rolls: [],
      stops: false,
    };
  const mark = bag.log.length;
  const v = bag.d("distraction", 6);
  return {
    title: v <= 5 ? "They stop" : "They keep coming",
    lines: [`d6 ${v}: ${v <= 5 ? "1–5, they stop" : "6, they keep coming"}.`],
    rules: [R_EVASION],
    rolls: bag.since(mark),
    stops: v <= 5,
  };
}

/** Around a corner, up or down stairs, through a doorway: pursuit continues on 1–2; through a secret door on 1. */
export function pursuitContinues(
  obstacle: "corner" | "stairs" | "doorway" | "secret door",
  bag: DiceBag,
): RuleResult & { continues: boolean } {
  const range = obstacle === "secret door" ? 1 : 2;
  const mark = bag.log.length;
  const v = bag.d(`pursuit past ${obstacle}`, 6);
  const continues = v <= range;
  return {
    title: continues ? "Still in pursuit" : "Pursuit lost",
    lines: [`d6 ${v}, continues on 1${range === 2 ? "–2" : ""}: ${continues ? "they follow" : "they lose the trail"}.`],
    rules: [R_EVASION],
    rolls: bag.since(mark),
    continues,
  };
}

/** Rounds for a pursuer to close a gap at running speed (full Turn movement per round); null if it never does. */
export function roundsToCatch(input: { gap: number; fleeRate: number; pursuerRate: number }): number | null {
  if (input.gap < 0) throw new RuleError("The gap must be 0 or more");
  if (input.gap === 0) return 0;
  const closing = input.pursuerRate - input.fleeRate;
  return closing > 0 ? Math.ceil(input.gap / closing) : null;
}

/**
 * A unit's hit points as it enters the fight: "the referee rolls ten 6-sided
 * dice and totals the score" (a d6 a man), unless the referee typed them.
 */
export function rollUnit(
  sheet: { men?: number | undefined; hp: number },
  dice: DiceBag,
  typed: Record<string, unknown>,
): { sheet: Record<string, unknown>; result: RuleResult } | null {
  if (!sheet.men || typed.hp !== undefined) return null;
  const mark = dice.log.length;
  const r = dice.roll(`unit of ${sheet.men}`, sheet.men, 6);
  return {
    sheet: { ...sheet, hp: r.total },
    result: {
      title: `A unit of ${sheet.men}: ${r.total} hit points`,
      lines: [`${sheet.men}d6 = ${r.total}: the unit fights as one man.`],
      rules: [R_MASS],
      rolls: dice.since(mark),
    },
  };
}

/** Survivors: one man for each tenth (1/men) of the original total left, fractions rounded up. */
export function unitSurvivors(original: number, remaining: number, men = 10): number {
  if (original <= 0) throw new RuleError("The unit's original hit points must be more than 0");
  if (remaining <= 0) return 0;
  const perMan = original / men;
  return Math.min(men, Math.ceil(Math.round((remaining / perMan) * 1e9) / 1e9));
}
