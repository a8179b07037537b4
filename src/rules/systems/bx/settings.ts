/** Campaign options seed 002 leaves to the group. The play layer validates campaign settings with this schema and calls createBx(settings). */
import { z } from "zod";

export const bxSettingsSchema = z.object({
  /** seed 002, "Initiative": ties are re-rolled, or both sides act simultaneously. */
  initiativeTies: z
    .enum(["reroll", "simultaneous"], { error: "initiativeTies must be reroll or simultaneous" })
    .default("simultaneous"),
  /** seed 002, "Variable Weapon Damage (Optional Rule)": PCs deal their weapon's damage instead of 1d6. */
  variableDamage: z.boolean().default(false),
  /** seed 002, "Encumbrance (Optional Rule)". */
  encumbrance: z
    .enum(["none", "basic", "detailed"], { error: "encumbrance must be none, basic or detailed" })
    .default("none"),
  /** Seed 002 is silent: monsters' hit points rolled from their hit dice (the default), or the preset's listed average (docs/rules/bx.md). */
  monsterHp: z.enum(["rolled", "listed"], { error: "monsterHp must be rolled or listed" }).default("rolled"),
  /**
   * seed 002, "Missile Attacks" / "Melee Attacks" / "Range Modifiers": "kept", the encounter keeps the distance
   * between the sides (rolled at the start, changed by moves) and every attack checks it; "referee" (the default),
   * the referee judges it and only a distance typed on the attack is checked (distance.ts, docs/rules/bx.md).
   */
  distance: z.enum(["kept", "referee"], { error: "distance must be kept or referee" }).default("referee"),
});
export type BxSettings = z.output<typeof bxSettingsSchema>;
export const BX_DEFAULT_SETTINGS: BxSettings = bxSettingsSchema.parse({});
