/** The turn passing on by itself (ready.ts): the board's words for it, and what the new place's start does. */
import type { Hot } from "../../store/client.js";
import { isDown, type Fight } from "../encounters/load.js";
import { turnStarts } from "./onturn.js";
import { namesToAct } from "./ready.js";
import { orderCodec } from "../codecs/encounter.js";

/** Lines for the board when the turn passes to `turn` (or past the last place); runs that place's start (B/X: a declared spell goes off). */
export async function passTurn(tx: Hot, f: Fight, turn: number): Promise<string[]> {
  const order = orderCodec.decode(f.encounter.order);
  if (turn >= order.length) return [`Everyone has acted in round ${f.encounter.round}: the referee moves on with Next round ▶.`];
  const names = f.combatants.filter((c) => order[turn]!.includes(c.id) && !isDown(c)).map((c) => c.name);
  const lines = [`The turn passes to ${namesToAct(names)}.`];
  lines.push(...(await turnStarts(tx, { ...f, encounter: { ...f.encounter, turn } }, order, turn)));
  return lines;
}
