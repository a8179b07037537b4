/** The round message's buttons: one per declaration open to players, and the referee's "Next". */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from "discord.js";
import type { Fight } from "../../play/encounters/load.js";
import { roundMenu } from "../../play/round/context.js";
import { clip } from "./style.js";

export function roundButtons(f: Fight): ActionRowBuilder<ButtonBuilder>[] {
  if (f.encounter.status !== "active") return [];
  const m = roundMenu(f);
  const buttons = m.declarations.slice(0, 14).map((d) =>
    new ButtonBuilder().setCustomId(`declare:${m.encounterId}:${m.round}:${d.id}`.slice(0, 100)).setLabel(clip(d.label, 80)).setStyle(ButtonStyle.Secondary),
  );
  const next = m.phase === "declare" ? (m.round === 0 ? "Roll initiative ▶" : "Roll the order ▶") : "Next ▶";
  buttons.push(new ButtonBuilder().setCustomId(`next:${m.encounterId}:${m.version}`).setLabel(next).setStyle(ButtonStyle.Primary));
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(...buttons.slice(i, i + 5)));
  return rows;
}
