import type { EmbedBuilder } from "discord.js";
import type { CampaignEnded, CampaignView } from "../../play/campaigns/index.js";
import { SYSTEM_NAMES, type SystemId } from "../../rules/systems/index.js";
import { optionsOf } from "../../play/campaigns/settings.js";
import { clip, COLOURS } from "./style.js";
import type { LoggedRoll } from "../../play/campaigns/rolls.js";
import { Embed } from "./embed.js";
import { facesCodec, totalCodec } from "../../play/codecs/roll.js";

export function campaignEmbed(v: CampaignView, title?: string): EmbedBuilder {
  const c = v.campaign;
  const options = optionsOf(c.system as SystemId);
  const settings = Object.entries(v.settings)
    // Only this system's options: another system's mean nothing here.
    .filter(([k]) => k in options)
    // By the option's words, as /campaign set's choices name it: never its key.
    .map(([k, val]) => `**${options[k]!.words}**: ${typeof val === "boolean" ? (val ? "on" : "off") : String(val)}`)
    .join("\n");
  return new Embed({ color: COLOURS.referee })
    .setTitle(title ?? `Campaign: ${c.name}`)
    .addFields(
      { name: "System", value: `${SYSTEM_NAMES[c.system as SystemId] ?? c.system} (\`${c.system}\`)`, inline: true },
      {
        name: "Referees",
        value:
          [...v.referees.map((id) => `<@${id}>`), c.refereeRoleId ? `<@&${c.refereeRoleId}>` : null]
            .filter(Boolean)
            .join(", ") || "—",
        inline: true,
      },
      { name: "Characters", value: String(v.characters), inline: true },
      { name: "Encounter", value: v.activeEncounter ?? "none running", inline: true },
      { name: "Options (/campaign set)", value: clip(settings, 1024) },
      { name: "Seed commitment (SHA-256)", value: `\`${c.seedHash}\`` },
    )
    .setFooter({
      text: "Rolls outside encounters come from this campaign's stream; its seed is revealed by /campaign end.",
    });
}

export function campaignEndedEmbed(e: CampaignEnded): EmbedBuilder {
  return new Embed({ color: COLOURS.referee })
    .setTitle(`Campaign ended: ${e.campaign.name}`)
    .setDescription("The channel is free for a new campaign. Characters, rolls and retainers stay in the record.")
    .addFields(
      { name: "Seed (revealed)", value: `\`${e.campaign.seed}\`` },
      { name: "Commitment", value: `\`${e.campaign.seedHash}\`` },
      { name: "Rolls to verify", value: `${e.rolls} — replay them with /verify`, inline: true },
      { name: "Encounters ended", value: String(e.encountersEnded), inline: true },
    );
}

export function rollLogEmbed(campaign: string, rolls: LoggedRoll[]): EmbedBuilder {
  const lines = rolls.map((r) => {
    const total = totalCodec.decode(r.total);
    // Numbered as /verify numbers them: within the encounter, or among the rolls outside encounters.
    const where = r.encounter ? `${clip(r.encounter, 30)} #${r.number}` : `#${r.number}`;
    return `${where} ${r.hidden ? "🙈 " : ""}<@${r.userId}> ${clip(r.purpose, 40)}: \`${clip(r.expression, 40)}\` [${clip(facesCodec.decode(r.faces).join(", "), 60)}] = **${Array.isArray(total) ? total.join(", ") : total}**`;
  });
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(`Roll log: ${campaign}`, 256))
    .setDescription(clip(lines.join("\n") || "No rolls yet.", 4096))
    .setFooter({ text: "🙈 marks hidden rolls (seen only by the roller and the referees)" });
}
