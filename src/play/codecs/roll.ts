/**
 * The Roll log's JSON columns: the faces each die showed and the total. /verify replays a
 * roll's expression from the seed and compares the faces read here, so the codec gives back
 * exactly the numbers written.
 */
import { codec, describe } from "./codec.js";

const numbers = (value: unknown, what: string): number[] => {
  if (!Array.isArray(value) || !value.every((x) => typeof x === "number"))
    throw new Error(`${what} are not numbers (${describe(value)})`);
  return value;
};

/** Roll.faces. */
export const facesCodec = codec<number[]>({
  column: "Roll.faces",
  version: 1,
  key: "faces",
  check: (v) => numbers(v, "the faces"),
});

/** Roll.total: one number, or one per part of a roll with several parts. */
export const totalCodec = codec<number | number[]>({
  column: "Roll.total",
  version: 1,
  key: "total",
  check: (v) => (typeof v === "number" ? v : numbers(v, "the totals")),
});
