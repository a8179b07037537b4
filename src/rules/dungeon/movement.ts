/**
 * How far the party moves in a dungeon turn: the system's own rule (The Third
 * Age's 60' a turn, B/X's slowest member under its encumbrance option), or, where
 * a text gives only a combat move, the slowest member named and the referee judging.
 */
import type { DungeonMember, DungeonRules, PartyMovement } from "../systems/types.js";
import { DREF } from "./refs.js";

export type Member = DungeonMember;
export type { PartyMovement };

export function partyMovement(input: {
  dungeon?: DungeonRules | undefined;
  members: Member[];
  settings: Record<string, unknown>;
  loads: Record<string, number>;
}): PartyMovement {
  const own = input.dungeon?.movement;
  if (own) return own({ members: input.members, settings: input.settings, loads: input.loads });
  const { members } = input;
  if (!members.length)
    return {
      perTurn: null,
      line: "No one in the party yet: movement follows the slowest member once characters exist.",
      rules: [DREF.groupMovement],
    };
  const moves = members.filter((m) => typeof m.sheet.move === "number");
  if (!moves.length)
    return {
      perTurn: null,
      line: "The system gives no movement rate: the referee judges the distance.",
      rules: [DREF.choice("no movement rate in this system")],
    };
  const slowest = Math.min(...moves.map((m) => m.sheet.move as number));
  const who = moves.find((m) => m.sheet.move === slowest)!;
  return {
    perTurn: null,
    line: `The slowest is ${who.name} (${slowest} ft a round); the system gives no rate per turn, the referee judges the distance.`,
    rules: [DREF.groupMovement],
  };
}
