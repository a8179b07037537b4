/** Campaign.streamState and Encounter.streamState: where a seeded dice stream stopped. Read and written on every /roll. */
import type { StreamState } from "../../rules/dice/stream.js";
import { codec, describe, isObject } from "./codec.js";

/** null: an old row with no state yet (the stream starts from its seed). */
export const streamCodec = codec<StreamState | null>({
  column: "streamState",
  version: 1,
  check(value) {
    if (value === null) return null;
    if (!isObject(value) || typeof value.draws !== "number" || !isObject(value.prng))
      throw new Error(`expected a stream's state, found ${describe(value)}`);
    const p = value.prng;
    if (typeof p.i !== "number" || typeof p.j !== "number" || !Array.isArray(p.S))
      throw new Error("the stream's generator state is incomplete");
    return { prng: { i: p.i, j: p.j, S: p.S }, draws: value.draws };
  },
});
