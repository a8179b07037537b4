import seedrandom from "seedrandom";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import { bxInitialState, bxMonsterSchema, bxSheetSchema, type BxSheet } from "../../../src/rules/systems/bx/index.js";
import type { AttackInput, Combatant, Side, Situation } from "../../../src/rules/systems/types.js";

export const faces = (...f: number[]) => {
  const src = scriptedFaces(f);
  return Object.assign(new DiceBag(src), { remaining: src.remaining });
};
export const seeded = (seed: string) => {
  const prng = seedrandom(seed);
  return new DiceBag({ next: () => prng() });
};

export function pc(id: string, sheet: Record<string, unknown> = {}, side: Side = "party"): Combatant<BxSheet> {
  const s = bxSheetSchema.parse(sheet);
  return { id, name: id, side, kind: "pc", sheet: s, state: bxInitialState(s) };
}
export function mon(
  id: string,
  sheet: Record<string, unknown> | BxSheet = {},
  side: Side = "foes",
): Combatant<BxSheet> {
  const s = bxMonsterSchema.parse(sheet);
  return { id, name: id, side, kind: "monster", sheet: s, state: bxInitialState(s) };
}
export function atk(
  attacker: Combatant<BxSheet>,
  defender: Combatant<BxSheet>,
  situation: Situation = {},
  weapon?: string,
  others: Combatant<BxSheet>[] = [],
): AttackInput<BxSheet> {
  return { attacker, defender, others, situation, ...(weapon !== undefined ? { weapon } : {}) };
}
