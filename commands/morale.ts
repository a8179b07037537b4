import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { followBoard } from "../src/discord/board.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { moraleCheck } from "../src/play/table.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("morale")
    .setDescription("Check a side's morale by the system's rules (referee)")
    .setDMPermission(false)
    .addStringOption((o) => o.setName("side").setDescription("Which side (default: foes)").addChoices({ name: "foes", value: "foes" }, { name: "party", value: "party" }))
    .addIntegerOption((o) => o.setName("rating").setDescription("Morale rating to roll against (default: the side's)").setMinValue(2).setMaxValue(12))
    .addIntegerOption((o) => o.setName("modifier").setDescription("Situational modifier").setMinValue(-6).setMaxValue(6))
    .addStringOption((o) => o.setName("group").setDescription("Only this creature type or combatant (default: each type rolls, where the system says so)").setMaxLength(60)),
  async execute(i, s) {
    const side = i.options.getString("side") === "party" ? "party" : "foes";
    await respond(i, { embeds: [tableEmbed(await moraleCheck(s, actorOf(i), { side, rating: i.options.getInteger("rating"), modifier: i.options.getInteger("modifier"), group: i.options.getString("group") }))] });
    // Who fled or surrendered leaves the order: the board shows it.
    await followBoard(i, s);
  },
};
