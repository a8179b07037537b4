import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import { dungeonStateSchema, type DungeonState } from "../../../src/rules/dungeon/index.js";

/** A bag that rolls exactly these faces, in order. */
export const faces = (...f: number[]) => {
  const src = scriptedFaces(f);
  return Object.assign(new DiceBag(src), { remaining: src.remaining });
};

export const emptyState = (over: Partial<DungeonState> = {}): DungeonState => ({
  ...dungeonStateSchema.parse({}),
  ...over,
});

export const TURN = 60;
