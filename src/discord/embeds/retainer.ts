import type { EmbedBuilder } from "discord.js";
import type { Campaign, Retainer } from "../../play/records.js";
import type { RetainerView } from "../../play/retainers/index.js";
import { citations, clip, COLOURS, LIMITS } from "./style.js";
import { rollsField } from "./rules.js";
import { Embed } from "./embed.js";
import { signed } from "../../rules/numbers.js";

const HISTORY = 12;
const when = (d: Date) => `<t:${Math.floor(d.getTime() / 1000)}:f>`;

export function retainerEmbed(v: RetainerView, title?: string): EmbedBuilder {
  const r = v.retainer;
  const outcome = v.check?.outcome;
  const colour =
    outcome === "deserts"
      ? COLOURS.failure
      : outcome === "hesitates"
        ? COLOURS.partial
        : outcome === "stays"
          ? COLOURS.success
          : COLOURS.info;
  const history = v.events
    .slice(-HISTORY)
    .map(
      (e) =>
        `${when(e.createdAt)} · ${e.delta ? `**${signed(e.delta)}** → ${e.loyalty}` : `${e.loyalty}`} · ${e.reason}`,
    );
  if (v.events.length > HISTORY) history.unshift(`…${v.events.length - HISTORY} earlier events`);
  const e = new Embed({ color: colour })
    .setTitle(
      clip(
        title ?? (v.check ? `${r.name}: ${v.check.title}` : `${r.name}, retainer — loyalty ${r.loyalty}`),
        LIMITS.title,
      ),
    )
    .addFields(
      { name: "Employer", value: `<@${r.employerId}>`, inline: true },
      { name: "Loyalty", value: String(r.loyalty), inline: true },
      { name: "Status", value: r.status, inline: true },
      { name: "History", value: clip(history.join("\n") || "—", LIMITS.fieldValue) },
    );
  const lines = [...v.lines, ...(v.check?.lines ?? [])];
  if (lines.length) e.setDescription(clip(lines.join("\n"), LIMITS.description));
  if (v.check?.rolls.length) e.addFields({ name: "Dice", value: rollsField(v.check.rolls) });
  if (v.check) e.setFooter({ text: citations(v.check.rules) });
  return e;
}

export function retainerListEmbed(campaign: Campaign, retainers: Retainer[], all: boolean): EmbedBuilder {
  const lines = retainers.map(
    (r) =>
      `**${r.name}** — loyalty ${r.loyalty}${r.status === "active" ? "" : ` (${r.status})`}${all ? ` · <@${r.employerId}>` : ""}`,
  );
  return new Embed({ color: COLOURS.info })
    .setTitle(clip(`${all ? "Retainers" : "Your retainers"} in ${campaign.name}`, LIMITS.title))
    .setDescription(clip(lines.join("\n") || "No retainers yet: /retainer hire.", LIMITS.description));
}
