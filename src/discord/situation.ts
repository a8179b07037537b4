import type { ChatInputCommandInteraction, SlashCommandBuilder, SlashCommandOptionsOnlyBuilder } from "discord.js";
import type { Situation } from "../rules/systems/types.js";

type B = SlashCommandBuilder | SlashCommandOptionsOnlyBuilder;

const FLAGS: [keyof Situation, string, string][] = [
  ["charge", "charge", "The attacker charged"],
  ["flank", "flank", "Attacking from the flank"],
  ["rear", "behind", "Attacking from behind"],
  ["highGround", "high_ground", "The attacker has the high ground"],
  ["lowGround", "low_ground", "The attacker fights from low ground"],
  ["twoWeapons", "two_weapons", "Fighting with two weapons"],
  ["oneHandFree", "one_hand_free", "One hand free"],
  ["enchanted", "enchanted", "Enchanted weapon (an applied Enchantment is used unasked; false keeps it)"],
  ["oiled", "oiled", "A weapon oiled against this monster type"],
  ["impaired", "impaired", "Fighting from a disadvantage"],
  ["enhanced", "enhanced", "Fighting from an advantage"],
  ["mounted", "mounted", "The attacker is mounted"],
  ["subdue", "subdue", "Use the weapon to subdue: subdual damage"],
];

/** Situation keys read from an option of another name (the flags above, and these). */
const OTHER: Partial<Record<keyof Situation, string>> = { intoMelee: "into_melee" };

/**
 * The /attack option a situation key is read from ("rear" → "behind"): help and
 * the "ignored" list name what players type, so the two cannot drift.
 */
export function situationOption(key: keyof Situation): string {
  return FLAGS.find(([k]) => k === key)?.[1] ?? OTHER[key] ?? key;
}

/** The situation options /attack and /odds share; each system reads those it knows. */
export function addSituationOptions<T extends B>(b: T): T {
  b.addStringOption((o) =>
    o
      .setName("mode")
      .setDescription("Melee, ranged, thrown or a spell (default: the weapon's)")
      .addChoices(
        { name: "melee", value: "melee" },
        { name: "ranged", value: "ranged" },
        { name: "thrown", value: "thrown" },
        { name: "spell", value: "spell" },
      ),
  );
  b.addStringOption((o) =>
    o
      .setName("range")
      .setDescription("Missile range")
      .addChoices(
        { name: "short", value: "short" },
        { name: "medium", value: "medium" },
        { name: "long", value: "long" },
      ),
  );
  b.addStringOption((o) =>
    o
      .setName("cover")
      .setDescription("The target's cover")
      .addChoices(
        { name: "none", value: "none" },
        { name: "light", value: "light" },
        { name: "partial", value: "partial" },
        { name: "heavy", value: "heavy" },
        { name: "full", value: "full" },
      ),
  );
  for (const [, name, desc] of FLAGS) b.addBooleanOption((o) => o.setName(name).setDescription(desc));
  b.addIntegerOption((o) =>
    o.setName("modifier").setDescription("Any other modifier to the attack roll").setMinValue(-20).setMaxValue(20),
  );
  b.addStringOption((o) =>
    o
      .setName("concealment")
      .setDescription("How much of the target is concealed (fog, darkness)")
      .addChoices(
        { name: "none", value: "none" },
        { name: "a quarter (light fog)", value: "quarter" },
        { name: "half (dense fog)", value: "half" },
        { name: "three quarters (near darkness)", value: "three-quarters" },
        { name: "full", value: "full" },
      ),
  );
  b.addBooleanOption((o) => o.setName("into_melee").setDescription("A missile shot at a foe fighting in melee"));
  b.addIntegerOption((o) =>
    o
      .setName("distance")
      .setDescription("Distance to the target in feet (missile range by the weapon's increments)")
      .setMinValue(0)
      .setMaxValue(2000),
  );
  return b;
}

export function readSituation(i: ChatInputCommandInteraction): Situation {
  const s: Situation = {};
  const mode = i.options.getString("mode");
  if (mode) s.mode = mode as NonNullable<Situation["mode"]>;
  const range = i.options.getString("range");
  if (range) s.range = range as NonNullable<Situation["range"]>;
  const cover = i.options.getString("cover");
  if (cover) s.cover = cover as NonNullable<Situation["cover"]>;
  for (const [key, name] of FLAGS) {
    const v = i.options.getBoolean(name);
    // `enchanted: false` is a choice too: an applied Enchantment is used unasked unless the player keeps it.
    if (v || (v === false && key === "enchanted")) (s as Record<string, unknown>)[key] = v;
  }
  const m = i.options.getInteger("modifier");
  if (m) s.modifier = m;
  const concealment = i.options.getString("concealment");
  if (concealment) s.concealment = concealment as NonNullable<Situation["concealment"]>;
  if (i.options.getBoolean("into_melee")) s.intoMelee = true;
  const distance = i.options.getInteger("distance");
  if (distance != null) s.distance = distance;
  return s;
}
