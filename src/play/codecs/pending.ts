/**
 * The PendingAction row's JSON columns: an attack waiting for reactions. Read and written on every
 * press. Its state is the rule system's own machine (handed back to the system as it was given):
 * the codec checks the envelope and the fields play reads, and leaves the inside to the system.
 */
import { z } from "zod";
import type { AttackState, Situation } from "../../rules/systems/types.js";
import type { DiceRoll } from "../../rules/dice/bag.js";
import type { StoredInput } from "../attacks/stored.js";
import { bySchema, codec, describe, isObject } from "./codec.js";

const PHASES = new Set(["reactions", "followups", "done"]);

/** What play relies on in an attack's state; the rest (its data, options, effects) is the system's. */
function assertAttackState(value: unknown): asserts value is AttackState {
  if (!isObject(value)) throw new Error(`expected an attack's state, found ${describe(value)}`);
  if (typeof value.phase !== "string" || !PHASES.has(value.phase))
    throw new Error(`the attack's phase is ${describe(value.phase)}`);
  if (typeof value.attackerId !== "string" || typeof value.defenderId !== "string")
    throw new Error("the attack does not name its attacker and defender");
  if (!isObject(value.data)) throw new Error("the attack's data is not an object");
}

/** PendingAction.state. */
export const attackStateCodec = codec<AttackState>({
  column: "PendingAction.state",
  version: 1,
  check(value) {
    assertAttackState(value);
    return value;
  },
});

const inputSchema = z.looseObject({
  attackerId: z.string(),
  defenderId: z.string(),
  weapon: z.string().exactOptional(),
  situation: z.custom<Situation>(isObject, "the situation is not an object"),
  modifierBy: z.enum(["referee", "player"]).exactOptional(),
  outcomeLines: z.array(z.string()),
  outcomeRolls: z.custom<DiceRoll[]>(Array.isArray, "the outcome's dice are not a list").exactOptional(),
  attackIndex: z.number().exactOptional(),
  round: z.number().exactOptional(),
  override: z.boolean().exactOptional(),
});

/**
 * PendingAction.input: what rebuilds the attack's input at each press. Version 0 may lack the
 * outcome's lines (none yet); one stored before each step said its own effects may carry an
 * `applied` list, which is kept and not read.
 */
export const attackInputCodec = codec<StoredInput>({
  column: "PendingAction.input",
  version: 1,
  upgrade: (raw) => (isObject(raw) && raw.outcomeLines === undefined ? { ...raw, outcomeLines: [] } : raw),
  check: bySchema(inputSchema),
});
