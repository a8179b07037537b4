/**
 * How far the party moves in a dungeon turn: the slowest member sets the pace
 * (seed 002, "Group Movement Rate"). The Third Age moves 60' a turn (seed 000,
 * "Movement in Dungeons"); bx and bx-house take each member's rate from the
 * campaign's encumbrance option (seed 002, "Option 1"/"Option 2").
 */
import { MOVEMENT } from "../systems/third-age/dungeon.js";
import { basicEncumbrance, detailedEncumbrance, groupMovementRate } from "../systems/bx/time.js";
import type { SystemId } from "../systems/types.js";
import { DREF } from "./refs.js";

export interface Member {
  name: string;
  sheet: Record<string, unknown>;
}

export interface PartyMovement {
  /** Feet per dungeon turn, or null when the system gives no rate. */
  perTurn: number | null;
  line: string;
  rules: string[];
}

const num = (v: unknown, d: number) => (typeof v === "number" ? v : d);

/** One member's rate in feet per turn under the bx encumbrance option, with the reason. */
function bxRate(m: Member, encumbrance: "none" | "basic" | "detailed", coins: number): { rate: number; why: string } {
  const base = num(m.sheet.movement, 120);
  if (encumbrance === "none") return { rate: base, why: `movement ${base}'` };
  const armour = m.sheet.armour === "light" || m.sheet.armour === "heavy" ? m.sheet.armour : "none";
  const e = encumbrance === "basic" ? basicEncumbrance({ armour, carryingTreasure: coins > 0, treasureWeight: coins }) : detailedEncumbrance(coins);
  return { rate: Math.min(base, e.perTurn), why: e.reason };
}

export function partyMovement(input: { system: SystemId; members: Member[]; encumbrance: "none" | "basic" | "detailed"; loads: Record<string, number> }): PartyMovement {
  const { members } = input;
  if (input.system === "third-age") {
    return { perTurn: MOVEMENT.dungeonTurn.feet, line: `${MOVEMENT.dungeonTurn.feet}' (${MOVEMENT.dungeonTurn.squares} squares) this turn, checking every section.`, rules: [DREF.dungeonMovement] };
  }
  if (!members.length) return { perTurn: null, line: "No one in the party yet: movement follows the slowest member once characters exist.", rules: [DREF.groupMovement] };
  if (input.system === "bx" || input.system === "bx-house") {
    const rates = members.map((m) => ({ m, ...bxRate(m, input.encumbrance, input.loads[m.name.toLowerCase()] ?? 0) }));
    const slowest = groupMovementRate(rates.map((r) => r.rate));
    const who = rates.find((r) => r.rate === slowest)!;
    const rules = [DREF.groupMovement, ...(input.encumbrance === "basic" ? [DREF.basicEncumbrance] : input.encumbrance === "detailed" ? [DREF.detailedEncumbrance] : [])];
    const line = slowest === 0 ? `${who.m.name} cannot move (${who.why}): the party cannot move on.` : `${slowest}' this turn: the slowest is ${who.m.name} (${who.why}).`;
    return { perTurn: slowest, line, rules };
  }
  const moves = members.filter((m) => typeof m.sheet.move === "number");
  if (!moves.length) return { perTurn: null, line: "The system gives no movement rate: the referee judges the distance.", rules: [DREF.choice("no movement rate in this system")] };
  const slowest = Math.min(...moves.map((m) => m.sheet.move as number));
  const who = moves.find((m) => m.sheet.move === slowest)!;
  return { perTurn: null, line: `The slowest is ${who.name} (${slowest} ft a round); the system gives no rate per turn, the referee judges the distance.`, rules: [DREF.groupMovement] };
}
