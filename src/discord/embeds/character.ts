import type { EmbedBuilder } from "discord.js";
import type { Character } from "../../play/records.js";
import type { CharacterView } from "../../play/characters/index.js";
import type { AppliedToFight } from "../../play/characters/fight.js";
import type { Combatant } from "../../rules/systems/types.js";
import { clip, COLOURS, LIMITS } from "./style.js";
import { Embed } from "./embed.js";
import { conditionLabels } from "../../rules/round/words.js";

export function characterEmbed(v: CharacterView, title?: string, lines: string[] = []): EmbedBuilder {
  const c = v.character;
  const rc: Combatant = {
    id: c.id,
    name: c.name,
    side: "party",
    kind: c.kind as Combatant["kind"],
    sheet: v.sheet,
    state: v.state,
  };
  const view = v.system.view(rc);
  // Conditions in the system's words, never their stored keys ("moved-in-melee").
  const marks = conditionLabels(v.system.words, v.state.conditions);
  const e = new Embed({ color: COLOURS.info })
    .setTitle(clip(title ?? `${c.name}${v.active ? " (playing)" : ""}`, LIMITS.title))
    .setDescription(
      `${c.kind === "retainer" ? "Retainer" : "Character"} of <@${c.ownerId}> · ${v.system.name}\n**${view.summary}**${view.status && !(v.state.conditions as readonly string[]).includes(view.status) ? ` · ${view.status}` : ""}${marks.length ? ` · ${marks.join(", ")}` : ""}${lines.length ? `\n${lines.join("\n")}` : ""}`,
    );
  for (const [name, value] of v.system.describeSheet(v.sheet).slice(0, 24)) {
    e.addFields({
      name: clip(name, LIMITS.fieldName),
      value: clip(value || "—", LIMITS.fieldValue),
      inline: value.length < 40,
    });
  }
  const filled = (v.state as Record<string, unknown>)._filled;
  if (Array.isArray(filled) && filled.length)
    e.setFooter({
      // The form's labels, never the sheet's keys ("Intelligence", not "int").
      text: clip(
        `Filled by the rules: ${filled.map((k) => v.system.form[String(k)]?.label ?? String(k)).join(", ")} · every other value is the player's own`,
        2048,
      ),
    });
  return e;
}

/** Each value the rules rolled or derived for a new sheet, as the sheet's form names it: "Hit points 6: rolled 1d8 [6] (fighter)". */
export function filledLines(v: CharacterView & { said?: Record<string, string> }): string[] {
  return Object.entries(v.said ?? {}).map(
    ([k, how]) => `${v.system.form[k]?.label ?? k} ${String(v.sheet[k])}: ${how}`,
  );
}

export function characterListEmbed(campaign: string, rows: { character: Character; active: boolean }[]): EmbedBuilder {
  const lines = rows.map(
    (r) =>
      `**${r.character.name}**${r.active ? " ▶" : ""} — <@${r.character.ownerId}>${r.character.kind === "retainer" ? " (retainer)" : ""}`,
  );
  return new Embed({ color: COLOURS.info })
    .setTitle(clip(`Characters of ${campaign}`, LIMITS.title))
    .setDescription(clip(lines.join("\n") || "No characters yet: /character create.", LIMITS.description))
    .setFooter({ text: "▶ marks the character each player is playing now (/character use)" });
}

/** The edit's answer about the fight, in players' words; null when the fight reads nothing new. */
export function appliedWords(a: AppliedToFight | null | undefined): string | null {
  if (!a) return null;
  const keeps = "hit points and marks stay as the fight has them";
  if (a.changed.length) return `Also applied to the running fight (${a.encounter}): ${a.changed.join(", ")}; ${keeps}.`;
  if (a.kept) return `The running fight (${a.encounter}) keeps its own hit points and marks.`;
  return null;
}
