/**
 * What happens by itself when a place in the order comes (the system's `round.onTurn`: B/X's declared spell
 * goes off on the caster's turn, without a tap), and each combatant's place against another's for the rules.
 */
import { DiceBag } from "../../rules/dice/bag.js";
import type { Effect, PlaceOrder } from "../../rules/systems/types.js";
import type { Hot } from "../../store/client.js";
import { applyEffects } from "../encounters/effects.js";
import type { Fight } from "../encounters/load.js";
import { isDown } from "../encounters/load.js";
import { roundContext } from "./context.js";
import { readRound } from "./state.js";
import { orderCodec } from "../codecs/encounter.js";

/** A turn's start rolls nothing: a die asked for here is a bug, not a roll. */
const noDice = new DiceBag({
  next() {
    throw new Error("a turn's start rolls no dice");
  },
});

/** Runs `onTurn` for everyone standing in `order[turn]`; returns the lines for the board. */
export async function turnStarts(tx: Hot, f: Fight, order: string[][], turn: number): Promise<string[]> {
  const hook = f.system.round.onTurn;
  if (!hook || turn >= order.length) return [];
  const lines: string[] = [];
  const effects: Effect[] = [];
  for (const c of f.combatants) {
    if (!order[turn]!.includes(c.id) || isDown(c)) continue;
    const r = hook(c, roundContext(f, c));
    if (!r) continue;
    lines.push(...r.lines);
    effects.push(...r.effects);
  }
  if (effects.length) await applyEffects(tx, f, effects, noDice);
  return lines;
}

/** Where the attacker's place in this round's order stands against the defender's (first places); undefined before the order is rolled. */
export function placeOrder(f: Fight, attackerId: string, defenderId: string): PlaceOrder | undefined {
  const order = orderCodec.decode(f.encounter.order);
  const a = order.findIndex((g) => g.includes(attackerId));
  const d = order.findIndex((g) => g.includes(defenderId));
  if (f.encounter.round === 0 || readRound(f.encounter).phase === "declare" || a < 0 || d < 0) return undefined;
  return a < d ? "attacker first" : a === d ? "same" : "defender first";
}

/** Where the place acting now stands against `id`'s own place ("attacker first": its turn has not come yet this round). */
export function nowAgainst(f: Fight, id: string): PlaceOrder | undefined {
  const order = orderCodec.decode(f.encounter.order);
  const mine = order.findIndex((g) => g.includes(id));
  if (f.encounter.round === 0 || readRound(f.encounter).phase === "declare" || mine < 0) return undefined;
  return f.encounter.turn < mine ? "attacker first" : f.encounter.turn === mine ? "same" : "defender first";
}
