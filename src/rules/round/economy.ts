/**
 * The pieces of a round every system shares: one attack a round, nothing
 * declared, no action while down or surprised in the first round. A system's
 * `round` spreads `baseRound(...)` and overrides what its text says.
 */
import type {
  Allowance,
  Combatant,
  Declaration,
  DeclareInput,
  DeclareResult,
  RoundContext,
  RoundRules,
} from "../systems/types.js";
import { RuleError } from "../systems/types.js";

export interface BaseRoundOptions<S> {
  /** Whether a combatant is down (the system's own test). */
  isDown(c: Combatant<S>): boolean;
  /** Citation for "one attack a round". */
  rule: string;
  /** Citation for surprise. */
  surpriseRule?: string;
  /** Whether initiative is rolled each round. */
  rerolls?(settings: Record<string, unknown>): boolean;
}

export function oneAttack(rule: string): Allowance {
  return { attacks: 1, why: "one attack this round", rule };
}

/** A routine's attack count from a monster sheet ("attacks" as a number, or a list of attacks). */
export function routineAttacks(sheet: Record<string, unknown>): number {
  const a = sheet.attacks;
  if (typeof a === "number" && a >= 1) return Math.floor(a);
  if (Array.isArray(a) && a.length >= 1) return a.length;
  return 1;
}

export function baseCannotAct<S>(opts: BaseRoundOptions<S>) {
  return (who: Combatant<S>, ctx: RoundContext<S>): string | null => {
    if (opts.isDown(who)) {
      const left = who.state.conditions.find((x) => x === "fled" || x === "surrendered");
      return left ? `has ${left}` : "is down";
    }
    if (who.state.conditions.includes("surprised") && ctx.round <= 1) return "is surprised in the first round";
    if (who.state.conditions.includes("cannot act")) return "cannot act this round";
    return null;
  };
}

export function noDeclarations<S>(): Pick<RoundRules<S>, "declarations" | "declare"> {
  return {
    declarations: () => [],
    declare: (input: DeclareInput<S>): DeclareResult => {
      throw new RuleError(`Nothing called "${input.id}" can be declared in this game.`);
    },
  };
}

/** A round with nothing to declare and one attack each; systems override what their text says. */
export function baseRound<S>(opts: BaseRoundOptions<S>): RoundRules<S> {
  return {
    ...noDeclarations<S>(),
    allowance: () => oneAttack(opts.rule),
    cannotAct: baseCannotAct(opts),
    rerolls: opts.rerolls ?? (() => false),
  };
}

/** Finds a declaration offered now, or says what is offered. */
export function offered(list: Declaration[], id: string, who: string): Declaration {
  const d = list.find((x) => x.id === id);
  if (!d)
    throw new RuleError(
      `${who} cannot declare "${id}" now${list.length ? ` (open now: ${list.map((x) => x.label).join(", ")})` : ""}.`,
    );
  return d;
}
