/** Applying what rules decided (damage, stamina spent, conditions) to combatants, in the open transaction. */
import type { DiceBag } from "../../rules/dice/bag.js";
import type { CombatState, Effect } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import type { Combatant as CombatantRow } from "../../generated/prisma/client.js";
import type { Fight } from "./load.js";
import { toRule } from "./load.js";

/**
 * Writes a combatant's state, and the same state to the character or retainer it
 * stands for, so HP, stamina and conditions outlive the fight.
 */
export async function saveState(tx: Tx, row: Pick<CombatantRow, "id" | "characterId" | "retainerId">, state: unknown): Promise<string> {
  const json = JSON.stringify(state);
  await tx.combatant.update({ where: { id: row.id }, data: { state: json, version: { increment: 1 } } });
  if (row.characterId) await tx.character.update({ where: { id: row.characterId }, data: { state: json } });
  if (row.retainerId) await tx.retainer.update({ where: { id: row.retainerId }, data: { state: json } });
  return json;
}

export interface Applied {
  lines: string[];
  rules: string[];
}

/** Effects not yet applied: the multiset difference of `all` minus `done` (by JSON). */
export function newEffects(all: Effect[], done: string[]): Effect[] {
  const left = [...done];
  return all.filter((e) => {
    const j = JSON.stringify(e);
    const at = left.indexOf(j);
    if (at >= 0) {
      left.splice(at, 1);
      return false;
    }
    return true;
  });
}

export async function applyEffects(tx: Tx, fight: Fight, effects: Effect[], bag: DiceBag): Promise<Applied> {
  const out: Applied = { lines: [], rules: [] };
  for (const e of effects) {
    const idx = fight.rows.findIndex((r) => r.id === e.targetId);
    if (idx < 0) continue;
    let c = toRule(fight.rows[idx]!);
    const state: CombatState = { ...c.state, conditions: [...c.state.conditions] };
    if (e.staminaCost && typeof state.stamina === "number") state.stamina = Math.max(0, state.stamina - e.staminaCost);
    for (const x of e.addConditions ?? []) if (!state.conditions.includes(x)) state.conditions.push(x);
    if (e.removeConditions) state.conditions = state.conditions.filter((x) => !e.removeConditions!.includes(x));
    c = { ...c, state };
    if (e.damage && e.damage > 0) {
      const r = fight.system.applyDamage(c, e.damage, bag, e.damageKind ?? "normal");
      c = { ...c, state: r.state };
      out.lines.push(...r.result.lines);
      out.rules.push(...r.result.rules);
    }
    if (e.note) out.lines.push(e.note);
    const row = fight.rows[idx]!;
    const json = await saveState(tx, row, c.state);
    fight.rows[idx] = { ...row, state: json };
    fight.combatants[idx] = c;
  }
  return out;
}
