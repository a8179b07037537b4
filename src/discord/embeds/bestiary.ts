import { EmbedBuilder } from "discord.js";
import type { BestiaryEntry } from "../../play/encounters/bestiary.js";
import { clip, COLOURS, LIMITS } from "./style.js";

/** A monster saved to the campaign's bestiary: what was typed, and what each one rolls as it enters a fight. */
export function bestiaryEmbed(r: { entry: BestiaryEntry; replaced: boolean; system: string }): EmbedBuilder {
  const typed = Object.entries(r.entry.typed).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  const rolls = "hp" in r.entry.typed || "hpMax" in r.entry.typed ? "Hit points as typed, for each one." : "Hit points rolled for each one as it enters a fight, where the system rolls them.";
  return new EmbedBuilder()
    .setColor(COLOURS.referee)
    .setTitle(clip(`${r.replaced ? "Bestiary updated" : "Saved to the bestiary"}: ${r.entry.name}`, LIMITS.title))
    .setDescription(clip([`Typed: ${typed.join(" · ") || "—"}`, rolls, `Use it like a preset: \`/encounter start monsters:"2 ${r.entry.name}"\` (it autocompletes).`].join("\n"), LIMITS.description));
}
