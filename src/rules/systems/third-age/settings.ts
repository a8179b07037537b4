/** Campaign settings The Third Age reads (validated by the play layer with this schema). */
import { z } from "zod";

export const settingsSchema = z.object({
  /** Individual initiative adds Dexterity to each 1d6 (seed 000, "Initiative": "optionally"). */
  initiativeDexterity: z.boolean().default(false),
  /** Wandering-monster check every 1–3 dungeon turns (seed 000, "Random Encounters"). */
  wanderingEvery: z
    .number({ error: "Wandering-monster interval must be 1, 2 or 3 turns" })
    .int("Wandering-monster interval must be 1, 2 or 3 turns")
    .min(1, "Wandering-monster interval must be between 1 and 3 turns")
    .max(3, "Wandering-monster interval must be between 1 and 3 turns")
    .default(1),
});
export type ThirdAgeSettings = z.output<typeof settingsSchema>;
