import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import type { Combatant, Side } from "../../../src/rules/systems/types.js";
import {
  lifeGuard,
  type LifeGuardSheet,
  type LifeGuardState,
  type Rank,
} from "../../../src/rules/systems/life-guard/index.js";

export const faces = (...f: number[]) => new DiceBag(scriptedFaces(f));

export function pc(
  id: string,
  sheet: Partial<Record<keyof LifeGuardSheet, unknown>> = {},
  state: Partial<LifeGuardState> = {},
  side: Side = "party",
): Combatant<LifeGuardSheet> {
  const s = lifeGuard.sheet.parse(sheet);
  return { id, name: id, side, kind: "pc", sheet: s, state: { ...lifeGuard.initialState(s), ...state } };
}

export function monster(
  id: string,
  preset: string | Record<string, unknown> = "standard",
  state: Partial<LifeGuardState> = {},
  side: Side = "foes",
): Combatant<LifeGuardSheet> {
  const s = typeof preset === "string" ? lifeGuard.presets[preset]! : lifeGuard.monster.parse(preset);
  return { id, name: id, side, kind: "monster", sheet: s, state: { ...lifeGuard.initialState(s), ...state } };
}

export const at = (rank: Rank) => ({ rank });
