/**
 * Retainers' morale uses their loyalty: when the party's morale is checked,
 * each retainer in the fight rolls the system's morale against its loyalty.
 */
import type { DiceBag } from "../../rules/dice/bag.js";
import { isUnsupported, type Combatant, type MoraleResult } from "../../rules/systems/types.js";
import { has } from "../../rules/systems/define.js";
import type { Tx } from "../../store/client.js";
import type { Fight } from "../encounters/load.js";
import { findRetainer } from "./find.js";

export interface RetainerMorale {
  /** Combatant ids of the retainers that rolled. */
  ids: string[];
  result: MoraleResult;
}

/** Rolls for each retainer among `members`; null when there is none, or the system has no morale roll. */
export async function retainerMorale(
  tx: Tx,
  fight: Fight,
  members: Combatant[],
  bag: DiceBag,
  modifier?: number | null,
): Promise<RetainerMorale | null> {
  const ids: string[] = [];
  const merged: MoraleResult = {
    title: "Retainers' morale (by loyalty)",
    lines: [],
    rules: [],
    rolls: [],
    holds: true,
    effects: [],
  };
  for (const c of members.filter((m) => m.kind === "retainer")) {
    const r = await findRetainer(tx, fight.campaign, c.name, ["active"]);
    if (!r) continue;
    const m = has(fight.system, "morale")?.morale(
      { who: [c], rating: r.loyalty, ...(modifier ? { modifier } : {}) },
      bag,
    );
    if (!m || isUnsupported(m)) return null;
    ids.push(c.id);
    merged.lines.push(`${c.name} (loyalty ${r.loyalty}): ${m.lines.join("; ")}`);
    merged.rules.push(...m.rules);
    merged.rolls.push(...m.rolls);
    merged.holds &&= m.holds;
    merged.effects!.push(...(m.effects ?? []));
  }
  return ids.length ? { ids, result: merged } : null;
}
