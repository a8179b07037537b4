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
    .setName("damage")
    .setDescription("Apply damage: the system decides unconscious, dying, dead or scars (referee, owner)")
    .addStringOption((o) => o.setName("target").setDescription("Who takes it").setRequired(true).setAutocomplete(true))
    .addIntegerOption((o) =>
      o.setName("amount").setDescription("How much (or give fall instead)").setMinValue(1).setMaxValue(999),
    )
    .addBooleanOption((o) => o.setName("subdual").setDescription("Subdual (non-lethal) damage"))
    .addBooleanOption((o) =>
      o
        .setName("illusory")
        .setDescription("Damage from an illusion: subdual, but it kills at −10 (where your game has it)"),
    )
    .addIntegerOption((o) =>
      o
        .setName("fall")
        .setDescription("A fall from this many feet: the system rolls its damage")
        .setMinValue(1)
        .setMaxValue(1000),
    ),
  async execute(i, s) {
    const t = await changeHealth(s, actorOf(i), {
      target: i.options.getString("target", true),
      amount: i.options.getInteger("amount"),
      fallFt: i.options.getInteger("fall"),
      heal: false,
      kind: i.options.getBoolean("illusory") ? "illusion" : i.options.getBoolean("subdual") ? "subdual" : "normal",
    });
    await respond(i, { embeds: [tableEmbed(t)] });
    await followBoard(i, s);
  },
  async autocomplete(i, s) {
    await i.respond(await targetChoices(s, actorOf(i), i.options.getFocused()));
  },
};
