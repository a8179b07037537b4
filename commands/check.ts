import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { attributeCheck } from "../src/play/table.js";
import { attributeChoices } from "../src/play/encounters/choices.js";
import { characterChoices } from "../src/play/characters/index.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("check")
    .setDescription("Attribute roll, ability check, SIEGE check, Guard test — the system's own")
    .setDMPermission(false)
    .addStringOption((o) => o.setName("attribute").setDescription("Which attribute").setRequired(true).setAutocomplete(true))
    .addIntegerOption((o) => o.setName("modifier").setDescription("Situational modifier").setMinValue(-20).setMaxValue(20))
    .addIntegerOption((o) => o.setName("difficulty").setDescription("Difficulty or challenge level, where the system uses one").setMinValue(-20).setMaxValue(40))
    .addStringOption((o) => o.setName("character").setDescription("Whose (default: yours; referee: anyone)").setAutocomplete(true)),
  async execute(i, s) {
    const t = await attributeCheck(s, actorOf(i), {
      attribute: i.options.getString("attribute", true),
      modifier: i.options.getInteger("modifier"),
      difficulty: i.options.getInteger("difficulty"),
      character: i.options.getString("character"),
    });
    await respond(i, { embeds: [tableEmbed(t)] });
  },
  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "character") return i.respond(await characterChoices(s, actorOf(i), f.value));
    return i.respond(await attributeChoices(s, actorOf(i), f.value));
  },
};
