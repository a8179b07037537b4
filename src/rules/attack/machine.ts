/**
 * One attack machine for every system (the contract is AttackState in
 * src/rules/systems/types.ts). A system gives its data, its begin (which rolls
 * the data and hands it to `start`), the options open at each phase, what a
 * press does, and how the attack reads. The machine owns the rest: whether an
 * option is still open, the copy of the data each press works on, the phase,
 * the attack's effects given once (by the step that first leaves "reactions"),
 * and the ignored situation keys carried from begin to the last press.
 */
import type { DiceBag } from "../dice/bag.js";
import {
  nothingNew,
  RuleError,
  type AttackInput,
  type AttackState,
  type Effect,
  type ReactionOption,
  type RuleRef,
  type RuleResult,
  type SituationKey,
  type Tone,
} from "../systems/types.js";

export type Phase = AttackState["phase"];

/** How the attack reads now, and what it does once final (the machine hands `effects` over once). */
export interface Reading {
  outcome: string;
  tone: Tone;
  result: RuleResult;
  effects: Effect[];
}

/** What a press did: the phase it leads to, and its own cost or follow-up (a Counter's damage). */
export interface Pressed {
  phase: Phase;
  pay?: Effect[];
  followup?: Effect[];
}

export interface AttackRules<D extends object, S> {
  /** Options open at `phase` ("done" never asks: nothing is open). */
  options(data: D, input: AttackInput<S>, phase: Exclude<Phase, "done">): ReactionOption[];
  /** The attack as it reads at `phase`. */
  describe(data: D, input: AttackInput<S>, phase: Phase): Reading;
  /** An open option pressed: changes `data` (the press's own copy) and says what follows. */
  press(data: D, option: ReactionOption, phase: Exclude<Phase, "done">, input: AttackInput<S>, bag: DiceBag): Pressed;
  /** No one answered in time: marks `data` (its own copy) before it is made final; lines to add to what it reads. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a system's lapse may return nothing at all, as most do
  lapse?(data: D, phase: Exclude<Phase, "done">): string[] | void;
  /** The refusal, in the system's words, of an option not open now. */
  refusal?(optionId: string, state: AttackState): string;
}

/** The refusal most systems give: the attack is over, or the option is no longer open. */
export const notOpen = (_optionId: string, state: AttackState): string => {
  const open = state.options.map((o) => o.label).join(", ");
  return state.phase === "done"
    ? "This attack is already resolved."
    : `That option is no longer open${open ? `: choose ${open}` : ""}.`;
};

/** The option pressed, if it is open now; else a RuleError in the system's words. */
export function assertOpen(
  state: AttackState,
  optionId: string,
  refusal: (optionId: string, state: AttackState) => string = notOpen,
): ReactionOption {
  const opt = state.options.find((o) => o.id === optionId);
  if (!opt) throw new RuleError(refusal(optionId, state));
  return opt;
}

/** The defender accepts the attack as it stands. */
export const takeOption = (defenderId: string, rule: RuleRef): ReactionOption => ({
  id: "take",
  label: "Take it",
  by: defenderId,
  cost: "no cost",
  rule,
});

/** The data as AttackState keeps it: plain JSON, a shallow copy (play stores it between presses). */
const stored = <D extends object>(data: D): Record<string, unknown> => Object.fromEntries(Object.entries(data));

/** The press's own copy of the data an earlier step stored (the one place stored data is read back as the system's). */
const copyOf = <D extends object>(state: AttackState): D => structuredClone(state.data) as D;

export interface AttackMachine<D extends object, S> {
  /** The first state of an attack begin rolled: it waits for reactions, or ("done") is final at once. */
  start(data: D, input: AttackInput<S>, ignored: SituationKey[], phase?: Phase): AttackState;
  react(state: AttackState, optionId: string, input: AttackInput<S>, bag: DiceBag): AttackState;
  /** No one reacted in time: final as if taken; from "followups" (already final) the follow-up is skipped. */
  lapse(state: AttackState, input: AttackInput<S>): AttackState;
}

export function attackMachine<D extends object, S>(rules: AttackRules<D, S>): AttackMachine<D, S> {
  const stateOf = (
    data: D,
    input: AttackInput<S>,
    phase: Phase,
    ignored: SituationKey[],
    final: boolean,
    step: Omit<Pressed, "phase"> = {},
    extra: string[] = [],
  ): AttackState => {
    const r = rules.describe(data, input, phase);
    return {
      phase,
      attackerId: input.attacker.id,
      defenderId: input.defender.id,
      outcome: r.outcome,
      tone: r.tone,
      data: stored(data),
      options: phase === "done" ? [] : rules.options(data, input, phase),
      pay: step.pay ?? [],
      final: final ? r.effects : [],
      followup: step.followup ?? [],
      ignored,
      result: extra.length ? { ...r.result, lines: [...r.result.lines, ...extra] } : r.result,
    };
  };
  return {
    start: (data, input, ignored, phase = "reactions") => stateOf(data, input, phase, ignored, phase !== "reactions"),
    react(state, optionId, input, bag) {
      const option = assertOpen(state, optionId, rules.refusal);
      if (state.phase === "done") throw new RuleError((rules.refusal ?? notOpen)(optionId, state));
      const data = copyOf<D>(state);
      const next = rules.press(data, option, state.phase, input, bag);
      return stateOf(
        data,
        input,
        next.phase,
        state.ignored,
        state.phase === "reactions" && next.phase !== "reactions",
        next,
      );
    },
    lapse(state, input) {
      if (state.phase === "done") return nothingNew(state);
      const data = copyOf<D>(state);
      const extra = rules.lapse?.(data, state.phase) ?? [];
      return stateOf(data, input, "done", state.ignored, state.phase === "reactions", {}, extra);
    },
  };
}
