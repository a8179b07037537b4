/** The Encounter row's JSON columns: the order of turns and the round's bookkeeping. */
import { z } from "zod";
import type { RoundState } from "../round/round-state.js";
import type { Mark } from "../../rules/marks.js";
import { bySchema, codec, stringList } from "./codec.js";

/** Encounter.order: the turns, each a list of combatant ids acting together. Read on every /attack: checked by hand. */
export const orderCodec = codec<string[][]>({
  column: "Encounter.order",
  version: 1,
  key: "order",
  check(value) {
    if (!Array.isArray(value)) throw new Error("the order is not a list of turns");
    for (const turn of value) stringList(turn, "a turn");
    return value as string[][];
  },
});

const ids = z.record(z.string(), z.array(z.string()));
/** A mark as stored: its key's text (the rules' own words; an older row may hold one no system declares now). */
const mark = z.custom<Mark>((v) => typeof v === "string");
const roundSchema = z.looseObject({
  phase: z.enum(["declare", "act"]).exactOptional(),
  declared: ids.exactOptional(),
  attacks: z.record(z.string(), z.number()).exactOptional(),
  marks: z.record(z.string(), z.record(z.string(), z.array(mark))).exactOptional(),
  labels: z.record(z.string(), z.string()).exactOptional(),
  details: z.record(z.string(), z.record(z.string(), z.string())).exactOptional(),
  restores: z.record(z.string(), z.record(z.string(), z.array(mark))).exactOptional(),
  given: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.array(mark)))).exactOptional(),
  foes: z.record(z.string(), z.string()).exactOptional(),
  moraleAt: z
    .object({ foes: z.number().int().exactOptional(), party: z.number().int().exactOptional() })
    .exactOptional(),
  ahead: z
    .record(
      z.string(),
      z.array(z.object({ action: z.string(), label: z.string(), detail: z.string().exactOptional(), by: z.string() })),
    )
    .exactOptional(),
  surprise: z.object({ party: z.boolean(), foes: z.boolean() }).exactOptional(),
});

/**
 * Encounter.roundState. A row may miss any part (the column's default is "{}"): readRound fills
 * them. Version 0 may keep a combatant's marks as one list, from before marks were kept per
 * declaration: that list is kept under "" (no declaration of its own), so only a full withdrawal takes it back.
 */
export const roundCodec = codec<Partial<RoundState>>({
  column: "Encounter.roundState",
  version: 1,
  upgrade(raw) {
    if (typeof raw !== "object" || raw === null || !("marks" in raw)) return raw;
    const marks = (raw as { marks: unknown }).marks;
    if (typeof marks !== "object" || marks === null) return raw;
    return {
      ...raw,
      marks: Object.fromEntries(Object.entries(marks).map(([id, m]) => [id, Array.isArray(m) ? { "": m } : m])),
    };
  },
  check: bySchema(roundSchema),
});
