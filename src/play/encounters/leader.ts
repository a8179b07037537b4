/**
 * Who leads the party for the reaction roll: the one the referee names, else
 * the member with the highest Charisma (ties: the first listed). The roll says
 * who it was and why, so the table can correct it.
 */
import type { Combatant } from "../../rules/systems/types.js";
import { UserError } from "../errors.js";

export interface Leader {
  leader?: Combatant;
  /** "Party leader: Alda (highest Charisma; name another with leader:)". */
  line: string;
}

const charisma = (c: Combatant): number => {
  const v = c.sheet.charisma ?? c.sheet.cha;
  return typeof v === "number" ? v : 0;
};

export function partyLeader(party: Combatant[], named?: string | null): Leader {
  if (named?.trim()) {
    const n = named.trim().toLowerCase();
    const leader = party.find((c) => c.name.toLowerCase() === n);
    if (!leader)
      throw new UserError(
        `"${named}" is not in the party${party.length ? ` (the party: ${party.map((c) => c.name).join(", ")})` : ""}: name one of them as the leader.`,
      );
    return { leader, line: `Party leader: ${leader.name} (named by the referee).` };
  }
  const leader = [...party].sort((a, b) => charisma(b) - charisma(a))[0];
  if (!leader) return { line: "No party leader: nobody in the party (Charisma +0)." };
  return { leader, line: `Party leader: ${leader.name} (highest Charisma; name another with the leader option).` };
}
