/** The turn passing on by itself (ready.ts): the board's words for it, and what the new place's start does. */
import type { Hot } from "../../store/client.js";
import { isDown, type Fight } from "../encounters/load.js";
import { turnStarts } from "./onturn.js";
import { namesToAct } from "./ready.js";
import { orderCodec } from "../codecs/encounter.js";

/** Lines for the board when the turn passes from the place acting now to `turn` (or past the last place). */
export async function passTurn(tx: Hot, f: Fight, turn: number): Promise<string[]> {
  const order = orderCodec.decode(f.encounter.order);
  const lines = await reachPlaces(tx, f, order, f.encounter.turn + 1, turn);
  if (turn >= order.length)
    return [...lines, `Everyone has acted in round ${f.encounter.round}: the referee moves on with Next round ▶.`];
  const names = f.combatants.filter((c) => order[turn]!.includes(c.id) && !isDown(c)).map((c) => c.name);
  return [`The turn passes to ${namesToAct(names)}.`, ...lines];
}

/**
 * Each place from `from` to `to` comes in turn, those passed over included: what its start does happens
 * (B/X: a spell declared before the order goes off at its caster's place, with nothing else to do there).
 */
export async function reachPlaces(tx: Hot, f: Fight, order: string[][], from: number, to: number): Promise<string[]> {
  const lines: string[] = [];
  for (let t = from; t <= Math.min(to, order.length - 1); t++)
    lines.push(...(await turnStarts(tx, { ...f, encounter: { ...f.encounter, turn: t } }, order, t)));
  return lines;
}
