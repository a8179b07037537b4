import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { encounterEventEmbeds } from "../src/discord/embeds/encounter.js";
import { showLapsed } from "../src/discord/lapsed.js";
import { nextTurn } from "../src/play/encounters/turns.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder().setName("next").setDescription("Next turn, or the next round with what the system does at its start (referee)").setDMPermission(false),
  async execute(i, s) {
    const ev = await nextTurn(s, actorOf(i));
    await respond(i, { embeds: encounterEventEmbeds(ev) });
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },
};
