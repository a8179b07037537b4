import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import {
  houseInitialState,
  houseMonsterSchema,
  houseSheetSchema,
  type HouseSheet,
} from "../../../src/rules/systems/bx-house/index.js";
import type { AttackInput, Combatant, Side, Situation } from "../../../src/rules/systems/types.js";

export const faces = (...f: number[]) => new DiceBag(scriptedFaces(f));

export function pc(id: string, sheet: Record<string, unknown> = {}, side: Side = "party"): Combatant<HouseSheet> {
  const s = houseSheetSchema.parse(sheet);
  return { id, name: id, side, kind: "pc", sheet: s, state: houseInitialState(s) };
}
export function mon(
  id: string,
  sheet: Record<string, unknown> | HouseSheet = {},
  side: Side = "foes",
): Combatant<HouseSheet> {
  const s = houseMonsterSchema.parse(sheet);
  return { id, name: id, side, kind: "monster", sheet: s, state: houseInitialState(s) };
}
export const withConds = <T extends Combatant<HouseSheet>>(c: T, ...conds: string[]): T => ({
  ...c,
  state: { ...c.state, conditions: [...c.state.conditions, ...conds] },
});
export function atk(
  attacker: Combatant<HouseSheet>,
  defender: Combatant<HouseSheet>,
  situation: Situation = {},
  weapon?: string,
  others: Combatant<HouseSheet>[] = [],
): AttackInput<HouseSheet> {
  return { attacker, defender, others, situation, ...(weapon !== undefined ? { weapon } : {}) };
}
