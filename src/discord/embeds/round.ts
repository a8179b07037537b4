/**
 * The board's buttons: one per declaration open to players (past five, a select menu), the referee's
 * "Next" and, while attacks wait for an answer, "Resolve waiting".
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from "discord.js";
import type { Fight } from "../../play/encounters/load.js";
import type { WaitingList } from "../../play/encounters/board.js";
import { roundMenu } from "../../play/round/context.js";
import { readRound } from "../../play/round/state.js";
import { clip } from "./style.js";
import { DECLARE_MENU, ids } from "../ids.js";

/** At most this many declaration buttons; the rest go in one select menu. */
export const DECLARE_BUTTONS = 5;

/**
 * Custom ids of the board (src/discord/ids.ts): Next carries the encounter and the position it
 * moves on from (round, turn, phase), so any board showing the current position works, however many
 * attacks were made since, and a repeated or concurrent press moves the round once.
 */
export const nextId = (f: Fight) => ids.next.build({ kind: "next", encounterId: f.encounter.id, round: f.encounter.round, turn: f.encounter.turn, phase: readRound(f.encounter).phase });
export const resolveId = (f: Fight) => ids.next.build({ kind: "resolve", encounterId: f.encounter.id });

export function roundButtons(f: Fight, waiting: WaitingList = []): ActionRowBuilder<MessageActionRowComponentBuilder>[] {
  if (f.encounter.status !== "active") return [];
  const m = roundMenu(f);
  const rows: ActionRowBuilder<MessageActionRowComponentBuilder>[] = [];
  const id = (declId: string) => ids.declare.build({ encounterId: m.encounterId, round: m.round, action: declId, who: null });
  const many = m.declarations.length > DECLARE_BUTTONS;
  const shown = many ? m.declarations.slice(0, DECLARE_BUTTONS - 1) : m.declarations;
  if (shown.length) {
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(shown.map((d) => new ButtonBuilder().setCustomId(id(d.id)).setLabel(clip(d.label, 80)).setStyle(ButtonStyle.Secondary))));
  }
  if (many) {
    const rest = m.declarations.slice(DECLARE_BUTTONS - 1, DECLARE_BUTTONS - 1 + 25);
    const menu = new StringSelectMenuBuilder()
      .setCustomId(id(DECLARE_MENU))
      .setPlaceholder(clip(`More to declare (${rest.length})…`, 150))
      .addOptions(rest.map((d) => ({ label: clip(d.label, 100), value: d.id.slice(0, 100) })));
    rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu));
  }
  const next = m.phase === "declare" ? (m.round === 0 ? "Roll initiative ▶" : "Roll the order ▶") : "Next ▶";
  const last = [new ButtonBuilder().setCustomId(nextId(f)).setLabel(next).setStyle(ButtonStyle.Primary)];
  if (waiting.length) last.push(new ButtonBuilder().setCustomId(resolveId(f)).setLabel(`Resolve ${waiting.total ?? waiting.length} waiting`).setStyle(ButtonStyle.Secondary));
  rows.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(last));
  return rows;
}
