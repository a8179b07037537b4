import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { followBoard } from "../src/discord/board.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { changeHealth, treatWound } from "../src/play/table.js";
import { UserError } from "../src/play/errors.js";
import { targetChoices } from "../src/play/encounters/choices.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("heal")
    .setDescription("Apply healing as the system allows (referee, owner)")
    .setDMPermission(false)
    .addStringOption((o) => o.setName("target").setDescription("Who is healed").setRequired(true).setAutocomplete(true))
    .addIntegerOption((o) => o.setName("amount").setDescription("How much (or treat instead)").setMinValue(1).setMaxValue(999))
    .addBooleanOption((o) => o.setName("treat").setDescription("Treat a wound that lasts until treated (Life & Guard: a Head Wound), between fights")),
  async execute(i, s) {
    const target = i.options.getString("target", true);
    const amount = i.options.getInteger("amount");
    const treat = i.options.getBoolean("treat") === true;
    if (treat && amount != null) throw new UserError("Treat or heal, one at a time: give `treat` alone, then /heal again with the amount. Nothing was changed.");
    if (!treat && amount == null) throw new UserError("Give the amount to heal (or `treat` to treat a wound that lasts until it is treated). Nothing was changed.");
    const t = treat ? await treatWound(s, actorOf(i), { target }) : await changeHealth(s, actorOf(i), { target, amount, heal: true });
    await respond(i, { embeds: [tableEmbed(t)] });
    await followBoard(i, s);
  },
  async autocomplete(i, s) {
    await i.respond(await targetChoices(s, actorOf(i), i.options.getFocused()));
  },
};
