import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { attributeCheck } from "../src/play/table.js";
import { attributeChoices } from "../src/play/encounters/choices.js";
import { characterChoices } from "../src/play/characters/index.js";
import { pressCall, startCall } from "../src/discord/rollcall.js";
import { UserError } from "../src/play/errors.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("check")
    .setDescription("Attribute roll, ability check, SIEGE check, Guard test — the system's own")
    .addStringOption((o) =>
      o.setName("attribute").setDescription("Which attribute").setRequired(true).setAutocomplete(true),
    )
    .addIntegerOption((o) =>
      o.setName("modifier").setDescription("Situational modifier").setMinValue(-20).setMaxValue(20),
    )
    .addIntegerOption((o) =>
      o
        .setName("difficulty")
        .setDescription("Difficulty or challenge level, where the system uses one")
        .setMinValue(-20)
        .setMaxValue(40),
    )
    .addStringOption((o) =>
      o.setName("character").setDescription("Whose (default: yours; referee: anyone)").setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName("players")
        .setDescription("Referee: ask several to roll, one button each: party, @mentions, or names with commas")
        .setMaxLength(500),
    )
    .addBooleanOption((o) => o.setName("hidden").setDescription("Referee, with players: only you see the results")),
  async execute(i, s) {
    const input = {
      attribute: i.options.getString("attribute", true),
      modifier: i.options.getInteger("modifier"),
      difficulty: i.options.getInteger("difficulty"),
    };
    if (i.options.getString("players")) return startCall(i, s, "check", input);
    if (i.options.getBoolean("hidden"))
      throw new UserError("`hidden` goes with `players`: name who rolls (e.g. `players:party`).");
    const t = await attributeCheck(s, actorOf(i), { ...input, character: i.options.getString("character") });
    await respond(i, { embeds: [tableEmbed(t)] });
  },
  press: pressCall,
  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "character") return i.respond(await characterChoices(s, actorOf(i), f.value));
    return i.respond(await attributeChoices(s, actorOf(i), f.value));
  },
};
