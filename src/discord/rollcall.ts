import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from "discord.js";
import type { Services } from "../play/services.js";
import { answerCall, attachCallMessage, callForRolls, callResults, type CallKind } from "../play/rollcall.js";
import type { CheckRequest, SaveRequest } from "../play/table.js";
import { actorOf } from "./actor.js";
import { respond } from "./respond.js";
import { callButtons, callEmbed, callResultsEmbed } from "./embeds/rollcall.js";
import { tableEmbed } from "./embeds/table.js";
import { StaleError } from "../play/errors.js";
import { ids } from "./ids.js";

/** /check or /save with `players`: the referee's call, one message with a Roll button per player. */
export async function startCall(
  i: ChatInputCommandInteraction,
  s: Services,
  kind: CallKind,
  input: Omit<CheckRequest, "character"> | Omit<SaveRequest, "character">,
): Promise<void> {
  const v = await callForRolls(s, actorOf(i), {
    kind,
    players: i.options.getString("players", true),
    hidden: i.options.getBoolean("hidden"),
    input,
  });
  await respond(i, { embeds: [callEmbed(v)], components: callButtons(v) });
  const msg = await i.fetchReply();
  await attachCallMessage(s, v.id, msg.id);
}

/** A press on a call's buttons: a player's Roll, or the referee's Results (src/discord/ids.ts). */
export async function pressCall(i: ButtonInteraction, s: Services): Promise<void> {
  const id = ids.call.parse(i.customId);
  if (!id) throw new StaleError("This button is no longer in use: nothing was changed.");
  if (id.kind === "results") {
    const v = await callResults(s, actorOf(i), id.callId);
    await i.reply({ embeds: [callResultsEmbed(v)], flags: MessageFlags.Ephemeral });
    return;
  }
  const { call, roll } = await answerCall(s, actorOf(i), id.callId, id.characterId);
  await i.update({ embeds: [callEmbed(call)], components: callButtons(call) });
  // A hidden roll's outcome is the referee's: the player only learns that it is made.
  await i.followUp({
    ...(call.hidden ? { content: "Rolled: the referee has the result." } : { embeds: [tableEmbed(roll)] }),
    flags: MessageFlags.Ephemeral,
  });
}
