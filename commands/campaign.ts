import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { campaignEmbed, campaignEndedEmbed, rollLogEmbed } from "../src/discord/embeds/campaign.js";
import { recentRolls } from "../src/play/campaigns/rolls.js";
import {
  addReferee,
  endCampaign,
  removeReferee,
  setOption,
  setRefereeRole,
  showCampaign,
  startCampaign,
} from "../src/play/campaigns/index.js";
import { allOptions } from "../src/play/campaigns/settings.js";
import { SYSTEM_IDS, SYSTEM_NAMES } from "../src/rules/systems/index.js";
import { UserError } from "../src/play/errors.js";

/** The command as registered: built when the bot registers it, so that its systems are the registry's then. */
const definition = () =>
  new SlashCommandBuilder()
    .setName("campaign")
    .setDescription("Create and configure this channel's campaign")
    .addSubcommand((c) =>
      c
        .setName("start")
        .setDescription("Start a campaign in this channel (you become its referee)")
        .addStringOption((o) =>
          o
            .setName("system")
            .setDescription("The rule system")
            .setRequired(true)
            .addChoices(...SYSTEM_IDS.map((id) => ({ name: `${SYSTEM_NAMES[id]} (${id})`, value: id }))),
        )
        .addStringOption((o) => o.setName("name").setDescription("The campaign's name").setMaxLength(80)),
    )
    .addSubcommand((c) => c.setName("show").setDescription("Show this channel's campaign and its options"))
    .addSubcommand((c) =>
      c
        .setName("set")
        .setDescription("Change an option (referee)")
        .addStringOption((o) =>
          o
            .setName("option")
            .setDescription("The option")
            .setRequired(true)
            .addChoices(
              ...allOptions()
                .slice(0, 25)
                .map(([k, v]) => ({ name: v.words.slice(0, 100), value: k })),
            ),
        )
        .addStringOption((o) => o.setName("value").setDescription("The new value").setRequired(true).setMaxLength(50)),
    )
    .addSubcommandGroup((g) =>
      g
        .setName("referee")
        .setDescription("Who referees this campaign")
        .addSubcommand((c) =>
          c
            .setName("add")
            .setDescription("Add a referee, or name a role whose members referee")
            .addUserOption((o) => o.setName("user").setDescription("A member to make referee"))
            .addRoleOption((o) => o.setName("role").setDescription("A role whose members referee")),
        )
        .addSubcommand((c) =>
          c
            .setName("remove")
            .setDescription("Remove a referee, or the referee role")
            .addUserOption((o) => o.setName("user").setDescription("A referee to remove"))
            .addBooleanOption((o) => o.setName("role").setDescription("Remove the referee role")),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("rolls")
        .setDescription("The roll log, hidden rolls included (referee)")
        .addBooleanOption((o) => o.setName("hidden").setDescription("Only hidden rolls")),
    )
    .addSubcommand((c) => c.setName("end").setDescription("End this channel's campaign and reveal its seed (referee)"));

export const command: CommandModule = {
  data: { name: "campaign", toJSON: () => definition().toJSON() },

  async execute(i, s) {
    const actor = actorOf(i);
    const group = i.options.getSubcommandGroup(false);
    const sub = i.options.getSubcommand(true);
    if (group === "referee") {
      const user = i.options.getUser("user");
      if (sub === "add") {
        const role = i.options.getRole("role");
        if (!user && !role) throw new UserError("Name a `user` to add, or a `role` whose members referee.");
        let v = user ? await addReferee(s, actor, user.id) : undefined;
        if (role) v = await setRefereeRole(s, actor, role.id);
        return respond(i, { embeds: [campaignEmbed(v!, "Referees updated")] });
      }
      const role = i.options.getBoolean("role");
      if (!user && !role)
        throw new UserError("Name a `user` to remove, or set `role:true` to remove the referee role.");
      let v = user ? await removeReferee(s, actor, user.id) : undefined;
      if (role) v = await setRefereeRole(s, actor, null);
      return respond(i, { embeds: [campaignEmbed(v!, "Referees updated")] });
    }
    switch (sub) {
      case "start": {
        const v = await startCampaign(s, actor, {
          system: i.options.getString("system", true),
          name: i.options.getString("name"),
        });
        return respond(i, { embeds: [campaignEmbed(v, `Campaign started: ${v.campaign.name}`)] });
      }
      case "show":
        return respond(i, { embeds: [campaignEmbed(await showCampaign(s, actor))] });
      case "set": {
        const v = await setOption(s, actor, i.options.getString("option", true), i.options.getString("value", true));
        return respond(i, { embeds: [campaignEmbed(v, "Option changed")] });
      }
      case "rolls": {
        const log = await recentRolls(s, actor, { hiddenOnly: i.options.getBoolean("hidden") ?? false });
        return respond(i, { embeds: [rollLogEmbed(log.campaign, log.rolls)], ephemeral: true });
      }
      case "end":
        return respond(i, { embeds: [campaignEndedEmbed(await endCampaign(s, actor))] });
    }
  },
};
