import seedrandom from "seedrandom";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import type { Combatant, Side } from "../../../src/rules/systems/types.js";
import { siege } from "../../../src/rules/systems/siege/index.js";
import type { SiegeSheet } from "../../../src/rules/systems/siege/sheet.js";
import { markOf } from "../../helpers/marks.js";

export const bagOf = (...faces: number[]) => new DiceBag(scriptedFaces(faces));
export const seeded = (seed: string) => {
  const prng = seedrandom(seed);
  return new DiceBag({ next: () => prng() });
};

export function pc(
  id: string,
  sheet: Record<string, unknown> = {},
  opts: { side?: Side; conditions?: string[]; hp?: number } = {},
): Combatant<SiegeSheet> {
  const s = siege.sheet.parse(sheet);
  const state = siege.initialState(s);
  if (opts.hp !== undefined) state.hp = opts.hp;
  state.conditions = (opts.conditions ?? []).map(markOf);
  return { id, name: id, side: opts.side ?? "party", kind: "pc", sheet: s, state };
}

export function mon(
  id: string,
  preset: string,
  opts: { side?: Side; conditions?: string[]; hp?: number } = {},
): Combatant<SiegeSheet> {
  const s = structuredClone(siege.presets[preset]!);
  const state = siege.initialState(s);
  if (opts.hp !== undefined) state.hp = opts.hp;
  state.conditions = (opts.conditions ?? []).map(markOf);
  return { id, name: id, side: opts.side ?? "foes", kind: "monster", sheet: s, state };
}
