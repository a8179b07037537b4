import type { EmbedBuilder } from "discord.js";
import type { BestiaryEntry } from "../../play/encounters/bestiary.js";
import { clip, COLOURS, LIMITS } from "./style.js";
import { Embed } from "./embed.js";

/** A monster saved to the campaign's bestiary: what was typed, and what each one rolls as it enters a fight. */
export function bestiaryEmbed(r: {
  entry: BestiaryEntry;
  replaced: boolean;
  system: string;
  rollsHp: boolean;
}): EmbedBuilder {
  const typed = Object.entries(r.entry.typed).map(
    ([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`,
  );
  const rolls =
    "hp" in r.entry.typed || "hpMax" in r.entry.typed
      ? "Hit points as typed, for each one."
      : r.rollsHp
        ? "Hit points rolled for each one from its hit dice as it enters a fight."
        : `Each one enters a fight with these numbers: ${r.system} rolls no hit points for monsters.`;
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(`${r.replaced ? "Bestiary updated" : "Saved to the bestiary"}: ${r.entry.name}`, LIMITS.title))
    .setDescription(
      clip(
        [
          `Typed: ${typed.join(" · ") || "—"}`,
          rolls,
          `Use it like a preset: \`/encounter start monsters:"2 ${r.entry.name}"\` (it autocompletes).`,
        ].join("\n"),
        LIMITS.description,
      ),
    );
}
