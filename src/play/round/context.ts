/** A combatant's round as its system sees it: what it declared, what it may do, why it cannot act. */
import type { Allowance, Combatant, Declaration, RoundContext } from "../../rules/systems/types.js";
import type { Fight } from "../encounters/load.js";
import { readRound, type RoundState } from "./state.js";
import { orderCodec } from "../codecs/encounter.js";

export function roundContext(f: Fight, who: Combatant, rs: RoundState = readRound(f.encounter)): RoundContext {
  return {
    round: Math.max(1, f.encounter.round),
    declared: rs.declared[who.id] ?? [],
    others: f.combatants.filter((c) => c.id !== who.id),
    settings: { ...f.settings },
    phase: rs.phase,
    attacked: rs.attacks[who.id] ?? 0,
  };
}

/** The ids of the group whose turn it is; null before any order is rolled. */
export function actingNow(f: Fight): string[] | null {
  const order = orderCodec.decode(f.encounter.order);
  return order.length ? (order[f.encounter.turn] ?? []) : null;
}

/** Everyone has had their place this round: the round waits for the referee to move on (Next round ▶). */
export function roundOver(f: Fight, rs: RoundState = readRound(f.encounter)): boolean {
  const order = orderCodec.decode(f.encounter.order);
  return f.encounter.round > 0 && rs.phase === "act" && order.length > 0 && f.encounter.turn >= order.length;
}

/** Why `who` cannot act this round, or null. */
export function cannotAct(f: Fight, who: Combatant, rs?: RoundState): string | null {
  return f.system.round.cannotAct?.(who, roundContext(f, who, rs)) ?? null;
}

/** The few words the system has for `who` on the board, or null. */
export function boardNote(f: Fight, who: Combatant, rs?: RoundState): string | null {
  return f.system.round.note?.(who, roundContext(f, who, rs)) ?? null;
}

export function allowance(f: Fight, who: Combatant, rs?: RoundState): Allowance {
  return f.system.round.allowance(who, roundContext(f, who, rs));
}

/** What `who` may declare now. */
export function declarable(f: Fight, who: Combatant, rs: RoundState = readRound(f.encounter)): Declaration[] {
  if (cannotAct(f, who, rs)) return [];
  const ctx = { ...roundContext(f, who, rs), phase: rs.phase };
  return f.system.round
    .declarations(who, ctx)
    .filter((d) => (d.when === "before" ? rs.phase === "declare" : rs.phase === "act"));
}
