import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { post } from "../src/discord/respond.js";
import { addSituationOptions, readSituation } from "../src/discord/situation.js";
import { attackButtons, attackEmbed } from "../src/discord/embeds/attack.js";
import { attachAttackMessage, repairPressed } from "../src/discord/lapsed.js";
import { attack, react } from "../src/play/attacks/index.js";
import { followBoard, refreshBoard } from "../src/discord/board.js";
import { combatantChoices, weaponChoices } from "../src/play/encounters/choices.js";
import { StaleError } from "../src/play/errors.js";
import { ids } from "../src/discord/ids.js";

export const command: CommandModule = {
  oneTransaction: true,
  data: addSituationOptions(
    new SlashCommandBuilder()
      .setName("attack")
      .setDescription("Attack someone in the encounter: rolled by the system's rules, with reaction buttons")
      .addStringOption((o) =>
        o.setName("target").setDescription("Who is attacked").setRequired(true).setAutocomplete(true),
      )
      .addStringOption((o) =>
        o
          .setName("weapon")
          .setDescription("A weapon from the sheet, or dice like 1d8")
          .setAutocomplete(true)
          .setMaxLength(40),
      )
      .addStringOption((o) =>
        o
          .setName("attacker")
          .setDescription("Who attacks (when you control several; the referee: a monster, or a player's character)")
          .setAutocomplete(true),
      )
      .addBooleanOption((o) =>
        o
          .setName("override")
          .setDescription("Referee: allow an attack beyond the round's allowance (shown on the result)"),
      ),
  ),

  async execute(i, s) {
    const actor = actorOf(i);
    const v = await attack(s, actor, {
      target: i.options.getString("target", true),
      attacker: i.options.getString("attacker"),
      weapon: i.options.getString("weapon"),
      situation: readSituation(i),
      override: i.options.getBoolean("override"),
    });
    // The callback gives the message back: no request to fetch it (three in all: the attack, the board, the old board's deletion).
    const m = await post(i, { embeds: [attackEmbed(v)], components: attackButtons(v) });
    if (v.pendingId) await attachAttackMessage(i.client, s, v.pendingId, m.messageId);
    // The board follows the attack: HP, whose turn (passed on by itself when nobody is left to act), the attacks waiting, Next.
    await followBoard(i, s, v.boardNotes ?? [], v.encounterId);
  },

  async press(i, s) {
    const id = ids.attack.parse(i.customId);
    if (!id) throw new StaleError("This button is no longer in use: nothing was changed.");
    const v = await react(s, actorOf(i), id.pendingId, id.version, id.optionId).catch(async (err: Error) => {
      if (err instanceof StaleError) await repairPressed(i, s, id.pendingId);
      throw err;
    });
    await i.update({ embeds: [attackEmbed(v)], components: attackButtons(v) });
    await refreshBoard(i.client, s, v.encounterId);
  },

  async autocomplete(i, s) {
    const focused = i.options.getFocused(true);
    const actor = actorOf(i);
    if (focused.name === "weapon")
      return i.respond(await weaponChoices(s, actor, focused.value, i.options.getString("attacker")));
    return i.respond(await combatantChoices(s, actor, focused.value, focused.name === "attacker" ? "mine" : "all"));
  },
};
