import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { retainerEmbed, retainerListEmbed } from "../src/discord/embeds/retainer.js";
import { characterChoices } from "../src/play/characters/index.js";
import {
  checkLoyalty,
  dismissRetainer,
  hireRetainer,
  listRetainers,
  retainerChoices,
  retainerLoyalty,
} from "../src/play/retainers/index.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("retainer")
    .setDescription("Retainers and their loyalty, kept with this channel's campaign")
    .addSubcommand((c) =>
      c
        .setName("hire")
        .setDescription("Hire a retainer for a character: loyalty by the system")
        .addStringOption((o) =>
          o.setName("name").setDescription("The retainer's name").setRequired(true).setMaxLength(40),
        )
        .addStringOption((o) =>
          o.setName("employer").setDescription("The character who hires them").setRequired(true).setAutocomplete(true),
        )
        .addStringOption((o) =>
          o
            .setName("sheet")
            .setDescription("The retainer's sheet, e.g. body=1 hp=6 (the system's fields)")
            .setMaxLength(1000),
        ),
    )
    .addSubcommand((c) => c.setName("list").setDescription("Your retainers (a referee sees every one of the campaign)"))
    .addSubcommand((c) =>
      c
        .setName("loyalty")
        .setDescription("A retainer's loyalty history; with a change, raise or lower it for a reason (referee)")
        .addStringOption((o) =>
          o.setName("name").setDescription("Which retainer").setRequired(true).setAutocomplete(true),
        )
        .addIntegerOption((o) =>
          o
            .setName("change")
            .setDescription("How much loyalty rises (+) or falls (-)")
            .setMinValue(-10)
            .setMaxValue(10),
        )
        .addStringOption((o) =>
          o.setName("reason").setDescription("Why, e.g. a share of the treasure").setMaxLength(200),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("check")
        .setDescription("Loyalty check, 2d6 by the system: stays, hesitates or deserts")
        .addStringOption((o) =>
          o.setName("name").setDescription("Which retainer").setRequired(true).setAutocomplete(true),
        )
        .addIntegerOption((o) =>
          o.setName("modifier").setDescription("Situational modifier").setMinValue(-6).setMaxValue(6),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("dismiss")
        .setDescription("Let a retainer go")
        .addStringOption((o) =>
          o.setName("name").setDescription("Which retainer").setRequired(true).setAutocomplete(true),
        ),
    ),

  async execute(i, s) {
    const actor = actorOf(i);
    const o = i.options;
    switch (o.getSubcommand(true)) {
      case "hire": {
        const v = await hireRetainer(s, actor, {
          name: o.getString("name", true),
          employer: o.getString("employer", true),
          sheet: o.getString("sheet"),
        });
        return respond(i, { embeds: [retainerEmbed(v, `Hired: ${v.retainer.name}, loyalty ${v.retainer.loyalty}`)] });
      }
      case "list": {
        const v = await listRetainers(s, actor);
        return respond(i, { embeds: [retainerListEmbed(v.campaign, v.retainers, v.all)] });
      }
      case "loyalty":
        return respond(i, {
          embeds: [
            retainerEmbed(
              await retainerLoyalty(s, actor, {
                name: o.getString("name", true),
                change: o.getInteger("change"),
                reason: o.getString("reason"),
              }),
            ),
          ],
        });
      case "check":
        return respond(i, {
          embeds: [
            retainerEmbed(
              await checkLoyalty(s, actor, { name: o.getString("name", true), modifier: o.getInteger("modifier") }),
            ),
          ],
        });
      case "dismiss":
        return respond(i, {
          embeds: [retainerEmbed(await dismissRetainer(s, actor, { name: o.getString("name", true) }))],
        });
    }
  },

  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "employer") return i.respond(await characterChoices(s, actorOf(i), f.value));
    return i.respond(await retainerChoices(s, actorOf(i), f.value));
  },
};
