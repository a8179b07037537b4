import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type EmbedBuilder } from "discord.js";
import type { CallView } from "../../play/rollcall.js";
import { clip, COLOURS, forPlayers, LIMITS } from "./style.js";
import { Embed } from "./embed.js";
import { ids } from "../ids.js";

/** The call's message: what is asked, and per player waiting, rolled, or the outcome (hidden: only who rolled). */
export function callEmbed(v: CallView): EmbedBuilder {
  const lines = v.targets.map((t) => {
    if (!t.result) return `⏳ **${t.name}** (<@${t.ownerId}>): waiting`;
    if (v.hidden) return `🎲 **${t.name}**: rolled`;
    return `${t.result.success ? "✅" : "❌"} **${t.name}**: ${t.result.line}`;
  });
  const rolled = v.targets.filter((t) => t.result);
  const passed = rolled.filter((t) => t.result!.success);
  const summary = v.hidden
    ? `${rolled.length} of ${v.targets.length} rolled (hidden: the referee reads the results)`
    : !rolled.length
      ? `Waiting for ${v.targets.length} roll${v.targets.length === 1 ? "" : "s"}`
      : `${passed.length} of ${rolled.length} passed${v.done ? "" : `, ${v.targets.length - rolled.length} to roll`}`;
  const colour =
    !v.done || v.hidden
      ? COLOURS.referee
      : passed.length === v.targets.length
        ? COLOURS.success
        : passed.length
          ? COLOURS.partial
          : COLOURS.failure;
  return new Embed({ color: colour })
    .setTitle(clip(`The referee asks: ${v.what}${v.hidden ? " (hidden)" : ""}`, LIMITS.title))
    .setDescription(clip(forPlayers([summary, "", ...lines].join("\n")), LIMITS.description))
    .setFooter({ text: v.done ? "Everyone has rolled." : "Each player presses their own Roll button." });
}

/** One Roll button per player still to roll (4 rows of 5), and for a hidden call the referee's Results button. */
export function callButtons(v: CallView): ActionRowBuilder<ButtonBuilder>[] {
  const buttons = v.targets
    .filter((t) => !t.result)
    .map((t) =>
      new ButtonBuilder()
        .setCustomId(ids.call.build({ kind: "call", call: v.kind, callId: v.id, characterId: t.characterId }))
        .setLabel(clip(`Roll: ${t.name}`, 80))
        .setStyle(ButtonStyle.Primary),
    );
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += 5)
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + 5)));
  if (v.hidden)
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(ids.call.build({ kind: "results", call: v.kind, callId: v.id }))
          .setLabel("Results (referee)")
          .setStyle(ButtonStyle.Secondary),
      ),
    );
  return rows;
}

/** The referee's private view of a hidden call. */
export function callResultsEmbed(v: CallView): EmbedBuilder {
  const lines = v.targets.map((t) =>
    t.result ? `${t.result.success ? "✅" : "❌"} **${t.name}**: ${t.result.line}` : `⏳ **${t.name}**: waiting`,
  );
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(`Results: ${v.what}`, LIMITS.title))
    .setDescription(clip(forPlayers(lines.join("\n")), LIMITS.description));
}
