/**
 * The dungeon as B/X plays it: the slowest member sets the party's pace
 * (seed 002, "Group Movement Rate"), each member's rate from the campaign's
 * encumbrance option (seed 002, "Option 1"/"Option 2").
 */
import type { DungeonMember, DungeonRules, PartyMovement } from "../types.js";
import { groupMovementRate } from "./time.js";
import { encumberedRate, readEncumbrance, type Encumbrance } from "./load.js";

const REF = {
  group: 'seed 002, "Group Movement Rate"',
  basic: 'seed 002, "Option 1: Basic Encumbrance"',
  detailed: 'seed 002, "Option 2: Detailed Encumbrance"',
};

/** One member's rate in feet per turn under the encumbrance option, with the reason: the referee's load for it (/dungeon set), else its sheet's. */
function rate(m: DungeonMember, encumbrance: Encumbrance, coins: number | undefined): { rate: number; why: string } {
  const e = encumberedRate(m.sheet, encumbrance, coins);
  return { rate: e.perTurn, why: e.why };
}

export function bxPartyMovement(input: {
  members: DungeonMember[];
  settings: Record<string, unknown>;
  loads: Record<string, number>;
}): PartyMovement {
  const enc = readEncumbrance(input.settings);
  if (!input.members.length)
    return {
      perTurn: null,
      line: "No one in the party yet: movement follows the slowest member once characters exist.",
      rules: [REF.group],
    };
  const rates = input.members.map((m) => ({ m, ...rate(m, enc, input.loads[m.name.toLowerCase()]) }));
  const slowest = groupMovementRate(rates.map((r) => r.rate));
  const who = rates.find((r) => r.rate === slowest)!;
  const rules = [REF.group, ...(enc === "basic" ? [REF.basic] : enc === "detailed" ? [REF.detailed] : [])];
  const line =
    slowest === 0
      ? `${who.m.name} cannot move (${who.why}): the party cannot move on.`
      : `${slowest}' this turn: the slowest is ${who.m.name} (${who.why}).`;
  return { perTurn: slowest, line, rules };
}

export const bxDungeon: DungeonRules = { movement: bxPartyMovement };
