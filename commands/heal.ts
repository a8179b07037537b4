import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { followBoard } from "../src/discord/board.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { changeHealth } from "../src/play/table.js";
import { targetChoices } from "../src/play/encounters/choices.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("heal")
    .setDescription("Apply healing as the system allows (referee, owner)")
    .addStringOption((o) => o.setName("target").setDescription("Who is healed").setRequired(true).setAutocomplete(true))
    .addIntegerOption((o) =>
      o.setName("amount").setDescription("How much (or treat instead)").setMinValue(1).setMaxValue(999),
    )
    .addBooleanOption((o) =>
      o
        .setName("treat")
        .setDescription("Treat a wound that lasts until treated (Life & Guard: a Head Wound), between fights"),
    ),
  async execute(i, s) {
    const t = await changeHealth(s, actorOf(i), {
      target: i.options.getString("target", true),
      amount: i.options.getInteger("amount"),
      heal: true,
      treat: i.options.getBoolean("treat") === true,
    });
    await respond(i, { embeds: [tableEmbed(t)] });
    await followBoard(i, s);
  },
  async autocomplete(i, s) {
    await i.respond(await targetChoices(s, actorOf(i), i.options.getFocused()));
  },
};
