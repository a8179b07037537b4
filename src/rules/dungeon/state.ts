/** What the campaign's Clock keeps besides its rounds (the Clock.state JSON column), validated on every read. */
import { z } from "zod";

export const LIGHT_KINDS = ["torch", "lantern"] as const;
export type LightKind = (typeof LIGHT_KINDS)[number];

export const lightSchema = z.object({
  kind: z.enum(LIGHT_KINDS),
  /** Who carries it (a character's name). */
  holder: z.string().min(1).max(40),
  /** The clock's rounds when it was last lit; null while it is out. */
  litAt: z.number().int().min(0).nullable(),
  /** Rounds of burning left as of `litAt` (or now, while out). */
  left: z.number().int(),
});
export type Light = z.infer<typeof lightSchema>;

export const effectSchema = z.object({ name: z.string().min(1).max(60), endsAt: z.number().int().min(0) });
export type TimedEffect = z.infer<typeof effectSchema>;

const stock = z.number().int().min(0).max(9999).nullable();
/** The party's stock; null = not tracked (the referee has not set it). */
export const suppliesSchema = z.object({ rations: stock, water: stock, torches: stock, oil: stock });
export type Supplies = z.infer<typeof suppliesSchema>;
export const SUPPLY_KINDS = ["rations", "water", "torches", "oil"] as const;

export const wanderingSchema = z.object({
  /** Marker for the "Start encounter" button: a press must name it. */
  id: z.string(),
  turn: z.number().int(),
  monsters: z.string().nullable(),
  /** How many came, in words: "rolled 2d4: 7", "the table's number" (null: no table, or a row from before it was kept). */
  how: z.string().nullable().default(null),
  reaction: z.string().nullable(),
  started: z.boolean(),
});
export type PendingWandering = z.infer<typeof wanderingSchema>;

export const dungeonStateSchema = z.object({
  lights: z.array(lightSchema).default([]),
  effects: z.array(effectSchema).default([]),
  supplies: suppliesSchema.default({ rations: null, water: null, torches: null, oil: null }),
  /** Days already fed: supplies are eaten when the clock's day count passes this. */
  fedDays: z.number().int().min(0).default(0),
  /** The wandering-monster table: entries like "2d4 goblins". */
  table: z.array(z.string()).default([]),
  /** Coins carried per character (lower-case name), for bx encumbrance. */
  loads: z.record(z.string(), z.number().int().min(0)).default({}),
  /** The last turns' declared actions. */
  actions: z.array(z.object({ turn: z.number().int(), actions: z.array(z.string()) })).default([]),
  wandering: wanderingSchema.nullable().default(null),
  /** Turns of complete rest in a row, towards a full day (144 turns) of natural healing. */
  restTurns: z.number().int().min(0).default(0),
  /** Someone has lit a light: from then on, a text without light rules tells darkness too. */
  lit: z.boolean().default(false),
});
export type DungeonState = z.infer<typeof dungeonStateSchema>;
