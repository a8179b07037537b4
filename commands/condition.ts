import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { replyBoard } from "../src/discord/board.js";
import { respond } from "../src/discord/respond.js";
import { ruleEmbed } from "../src/discord/embeds/rules.js";
import { combatantChoices } from "../src/play/encounters/choices.js";
import { conditionChoices, endCondition, setCondition } from "../src/play/encounters/conditions.js";

const LASTS = [
  { name: "this round", value: "round" },
  { name: "this encounter", value: "encounter" },
  { name: "until removed", value: "removed" },
];

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("condition")
    .setDescription("Set or end a condition on a combatant: blind, stunned, invisible… in your game's words (referee)")
    .addSubcommand((c) =>
      c
        .setName("add")
        .setDescription("Put a condition on a combatant; the attack rules read it (referee)")
        .addStringOption((o) => o.setName("target").setDescription("Who").setRequired(true).setAutocomplete(true))
        .addStringOption((o) =>
          o
            .setName("condition")
            .setDescription("Which condition, in your game's words")
            .setRequired(true)
            .setAutocomplete(true)
            .setMaxLength(60),
        )
        .addStringOption((o) =>
          o
            .setName("lasts")
            .setDescription("How long (default: as your game says)")
            .addChoices(...LASTS),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("remove")
        .setDescription("End a condition the referee set (referee)")
        .addStringOption((o) => o.setName("target").setDescription("Who").setRequired(true).setAutocomplete(true))
        .addStringOption((o) =>
          o
            .setName("condition")
            .setDescription("Which condition")
            .setRequired(true)
            .setAutocomplete(true)
            .setMaxLength(60),
        ),
    ),
  async execute(i, s) {
    const input = {
      target: i.options.getString("target", true),
      condition: i.options.getString("condition", true),
      lasts: i.options.getString("lasts"),
    };
    const r =
      i.options.getSubcommand(true) === "add"
        ? await setCondition(s, actorOf(i), input)
        : await endCondition(s, actorOf(i), input);
    if ("event" in r) return replyBoard(i, s, r.event);
    return respond(i, { embeds: [ruleEmbed(r.result)] });
  },
  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "target") return i.respond(await combatantChoices(s, actorOf(i), f.value, "all"));
    const mode = i.options.getSubcommand(true) === "add" ? "add" : "remove";
    return i.respond(await conditionChoices(s, actorOf(i), f.value, mode, i.options.getString("target")));
  },
};
