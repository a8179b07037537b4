/** Clock.state: the dungeon's lights, supplies, timed effects and wandering table, checked by the dungeon rules' own schema. */
import { dungeonStateSchema, type DungeonState } from "../../rules/dungeon/index.js";
import { bySchema, codec } from "./codec.js";

/** A part missing from an older row gets its default (no lights, supplies not tracked…), as it always did. */
export const clockCodec = codec<DungeonState>({
  column: "Clock.state",
  version: 1,
  check: bySchema(dungeonStateSchema),
});
