import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type EmbedBuilder } from "discord.js";
import { renderDice } from "../../rules/dice/render.js";
import type { RollDone } from "../../play/rolls.js";
import { clip, COLOURS, LIMITS } from "./style.js";
import { Embed } from "./embed.js";
import { ids } from "../ids.js";

export function rollEmbed(done: RollDone, who: string): EmbedBuilder {
  const parts = done.outcome.parts;
  const single = parts.length === 1 ? parts[0] : undefined;
  const title = done.reason ? `${who} rolls for ${done.reason}` : `${who} rolls`;
  const e = new Embed({ color: COLOURS.roll }).setTitle(clip(title, LIMITS.title));
  if (single) {
    e.setDescription(clip(renderDice(single, LIMITS.description), LIMITS.description));
  } else {
    for (const p of parts.slice(0, LIMITS.fields)) {
      const name = p.label ?? (p.repeat ? `#${p.repeat.index}` : p.expression);
      e.addFields({
        name: clip(name, LIMITS.fieldName),
        value: renderDice(p, LIMITS.fieldValue),
        inline: parts.length > 3,
      });
    }
  }
  const where = done.encounter ? `encounter "${done.encounter}"` : done.campaign ? `campaign "${done.campaign}"` : null;
  if (done.chance !== null)
    e.addFields({ name: "Chance of this or better", value: `${(done.chance * 100).toFixed(1)}%`, inline: true });
  // Its place among the stream's rolls, as /verify lists them (never the store's row id).
  const foot = [
    done.outcome.input,
    where ? `from the ${where} stream` : "outside a campaign",
    done.number ? `#${done.number} in /verify` : null,
  ];
  e.setFooter({ text: clip(foot.filter(Boolean).join(" · "), 2048) });
  return e;
}

export function rollAgainRow(rollId: number): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    // As data: the builder's setEmoji runs a schema check that builds and drops an error each call.
    new ButtonBuilder({
      custom_id: ids.rollAgain.build(rollId),
      label: "Roll again",
      style: ButtonStyle.Secondary,
      emoji: { name: "🎲" },
    }),
  );
}
