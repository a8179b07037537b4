/**
 * Who is to act now, as the board's title says it (docs/design.md, "The board"): those of the place acting now
 * who stand, may act this round and have an attack left at this place. When nobody is left there, the turn
 * passes on by itself to the next place where someone can act; past the last place, everyone has acted and
 * the round waits for the referee's press.
 */
import type { Combatant } from "../../rules/systems/types.js";
import { isDown, type Fight } from "../encounters/load.js";
import { actingNow, allowance, cannotAct, roundOver } from "./context.js";
import { placeCap } from "./gate.js";
import { freshRound, readRound, type RoundState } from "./state.js";
import { orderCodec } from "../codecs/encounter.js";

export { roundOver };

/** Whether `c` still has something to do at the place acting now. */
function hasTurnLeft(f: Fight, c: Combatant, rs: RoundState): boolean {
  if (isDown(c) || cannotAct(f, c, rs)) return false;
  const used = rs.attacks[c.id] ?? 0;
  const may = allowance(f, c, rs).attacks;
  if (used >= may) return false;
  const place = placeCap(f, c.id, may);
  return !place || used < place.cap;
}

/** The combatants to act now, in the order's place acting now; none before the order is rolled or once everyone has acted. */
export function readyToAct(f: Fight, rs: RoundState = readRound(f.encounter)): Combatant[] {
  if (f.encounter.round === 0 || rs.phase !== "act") return [];
  const now = actingNow(f) ?? [];
  return f.combatants.filter((c) => now.includes(c.id) && hasTurnLeft(f, c, rs));
}

/**
 * The place the turn passes to once nobody at the place acting now has anything left to do: the next place
 * where someone can act, or `order.length` when everyone has acted. Null while someone here may still act.
 */
export function passedTurn(f: Fight, rs: RoundState, notes: string[]): number | null {
  if (f.encounter.round === 0 || rs.phase !== "act" || roundOver(f, rs)) return null;
  const order = orderCodec.decode(f.encounter.order);
  if (!order.length || readyToAct(f, rs).length) return null;
  return firstReady(f, order, f.encounter.turn + 1, rs, notes);
}

/**
 * The first place from `from` where someone standing has something left to do this round (`order.length` when
 * none); those who cannot act there are named in `notes` ("Dorn is surprised in the first round: skipped.").
 */
export function firstReady(f: Fight, order: string[][], from: number, rs: RoundState, notes: string[]): number {
  const stored = orderCodec.encode(order);
  for (let t = from; t < order.length; t++) {
    const at = { ...f, encounter: { ...f.encounter, turn: t, order: stored } };
    const group = f.combatants.filter((c) => order[t]!.includes(c.id) && !isDown(c));
    for (const c of group) {
      const why = cannotAct(f, c, rs);
      if (why) notes.push(`${c.name} ${why}: skipped.`);
    }
    if (group.some((c) => hasTurnLeft(at, c, rs))) return t;
  }
  return order.length;
}

/** "Tamsin, Wren", or "Goblin 1, Goblin 2, Goblin 3 and 2 more": the board's title stays short and true. */
export function namesToAct(names: string[], shown = 3): string {
  if (names.length <= shown + 1) return names.join(", ");
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}

/** Whether `who` has had its turn this round: its last place has passed, or it has used what it had there. */
export function hasActed(f: Fight, who: Combatant, rs: RoundState = readRound(f.encounter)): boolean {
  if (f.encounter.round === 0 || rs.phase !== "act") return false;
  if (roundOver(f, rs)) return true;
  const order = orderCodec.decode(f.encounter.order);
  const places = order.flatMap((g, i) => (g.includes(who.id) ? [i] : []));
  if (!places.length) return false;
  const last = Math.max(...places);
  if (last < f.encounter.turn) return true;
  return last === f.encounter.turn && (rs.attacks[who.id] ?? 0) > 0 && !hasTurnLeft(f, who, rs);
}

/** The round `who` declares for now: this one, or, once it has had its turn, the next (kept until the referee starts it). */
export function declaringFor(f: Fight, who: Combatant, rs: RoundState = readRound(f.encounter)): RoundState {
  return hasActed(f, who, rs) ? freshRound("declare", rs) : rs;
}
