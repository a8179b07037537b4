import { ApplicationCommandType, ContextMenuCommandBuilder, type Message } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { rollAgainRow, rollEmbed } from "../src/discord/embeds/roll.js";
import { rollDice } from "../src/play/rolls.js";
import { findDice } from "../src/rules/dice/find.js";
import { UserError } from "../src/play/errors.js";

/** The words of a message a player would read: its text and its embeds'. */
function wordsOf(m: Message): string {
  const embeds = m.embeds.flatMap((e) => [e.title, e.description, ...e.fields.flatMap((f) => [f.name, f.value])]);
  return [m.content, ...embeds].filter(Boolean).join("\n");
}

/** Apps → "Roll dice in this message": every dice expression in it, rolled in the campaign's stream (or plainly outside one). */
export const command: CommandModule = {
  data: new ContextMenuCommandBuilder().setName("Roll dice in this message").setType(ApplicationCommandType.Message),
  async execute() {
    throw new UserError("Use it from a message: Apps → Roll dice in this message.");
  },
  async message(i, s) {
    const found = findDice(wordsOf(i.targetMessage));
    if (!found.length)
      throw new UserError("That message has no dice expression to roll (such as 1d20+5 or 3d6): nothing was rolled.");
    const actor = actorOf(i);
    const author =
      i.targetMessage.member?.displayName ?? i.targetMessage.author.displayName ?? i.targetMessage.author.username;
    const done = await rollDice(s, actor, { expression: found.join("; "), reason: `the dice in ${author}'s message` });
    await respond(i, {
      embeds: [rollEmbed(done, actor.displayName ?? "Someone")],
      components: done.rollId ? [rollAgainRow(done.rollId)] : [],
    });
  },
};
