/** The RollCall row's JSON columns: who is called, what they roll, and their results. */
import { z } from "zod";
import type { CallInput, CallResult, CallTarget } from "../rollcall-shape.js";
import { bySchema, codec } from "./codec.js";

const targetSchema = z.object({ characterId: z.string(), name: z.string(), ownerId: z.string() });

/** RollCall.targets: the characters called, in the order their buttons show. */
export const targetsCodec = codec<CallTarget[]>({
  column: "RollCall.targets",
  version: 1,
  key: "targets",
  check: bySchema(z.array(targetSchema)),
});

/** RollCall.results, by character id. "rolling" is a slot an older release held while it rolled: it counts as not rolled. */
export const resultsCodec = codec<Record<string, CallResult | "rolling">>({
  column: "RollCall.results",
  version: 1,
  key: "results",
  check: bySchema(
    z.record(z.string(), z.union([z.object({ success: z.boolean(), line: z.string() }), z.literal("rolling")])),
  ),
});

/** RollCall.input: the check or save asked, and its words ("Strength check"). */
export const callInputCodec = codec<CallInput & { what: string }>({
  column: "RollCall.input",
  version: 1,
  check: bySchema(
    z.custom<CallInput & { what: string }>(
      (v) => typeof v === "object" && v !== null && typeof (v as { what?: unknown }).what === "string",
      "the call's words are missing",
    ),
  ),
});
