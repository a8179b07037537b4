/**
 * The board's controls (docs/design.md, "The board"): one button per declaration open to players (past five, a
 * select menu); when foes are to act, "Foes attack ▶" and a menu to send a foe at someone; the referee's
 * "Next ▶" (or "Next round ▶", "Roll the order ▶"); "Morale: goblins" when a check is due; "Resolve N
 * waiting" while attacks wait for an answer; and "End the fight" once a side is out.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from "discord.js";
import type { Combatant } from "../../rules/systems/types.js";
import type { Fight } from "../../play/encounters/load.js";
import type { WaitingList } from "../../play/encounters/board.js";
import { roundMenu } from "../../play/round/menu.js";
import { readRound } from "../../play/round/state.js";
import { enemiesOf, foesToAct, opponentOf } from "../../play/round/foes.js";
import { moraleDue } from "../../play/table.js";
import { isOut } from "../../rules/round/words.js";
import { clip } from "./style.js";
import { DECLARE_MENU, ids } from "../ids.js";

/** At most this many declaration buttons; the rest go in one select menu. */
export const DECLARE_BUTTONS = 5;

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;
const row = (...c: MessageActionRowComponentBuilder[]): Row =>
  new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(c);

/**
 * Custom ids of the board (src/discord/ids.ts): Next carries the encounter and the position it
 * moves on from (round, turn, phase), so any board showing the current position works, however many
 * attacks were made since, and a repeated or concurrent press moves the round once.
 */
export const nextId = (f: Fight) =>
  ids.next.build({
    kind: "next",
    encounterId: f.encounter.id,
    round: f.encounter.round,
    turn: f.encounter.turn,
    phase: readRound(f.encounter).phase,
  });
export const resolveId = (f: Fight) => ids.next.build({ kind: "resolve", encounterId: f.encounter.id });
const foesId = (f: Fight, kind: "foes" | "pick") =>
  ids.next.build({ kind, encounterId: f.encounter.id, round: f.encounter.round, turn: f.encounter.turn });

/** "goblins", "orcs, a troll": a side named by what stands in it, for the morale button. */
function sideWords(f: Fight, side: "foes" | "party"): string {
  if (side === "party") return "the party";
  const standing = f.combatants
    .filter((c) => c.side === side && !isOut(c))
    .map((c) => c.name.replace(/\s+\d+$/, "").toLowerCase());
  const kinds = [...new Set(standing)].map((k) =>
    standing.filter((x) => x === k).length > 1 && !k.endsWith("s") ? `${k}s` : k,
  );
  return kinds.length ? kinds.join(", ") : "the foes";
}

/** One side has nobody left standing: the fight is over but for the referee's press. */
export const sideOut = (f: Fight): boolean =>
  (["foes", "party"] as const).some((side) => {
    const members = f.combatants.filter((c) => c.side === side);
    return members.length > 0 && members.every(isOut);
  });

/**
 * The menu that sends foes at someone: for one foe its targets ("Goblin 3 attacks…"), for several each pair.
 * A pick is a press of Foes attack with those foes sent where picked: the others attack their opponents.
 */
function foesMenu(f: Fight, foes: Combatant[]): StringSelectMenuBuilder | null {
  if (!foes.length) return null;
  const lacking = foes.filter((c) => !opponentOf(f, c));
  const first = [...lacking, ...foes.filter((c) => !lacking.includes(c))];
  const options = first
    .flatMap((foe) =>
      enemiesOf(f, foe).map((t) => ({
        label: clip(foes.length === 1 ? t.name : `${foe.name} → ${t.name}`, 100),
        value: `${foe.id}>${t.id}`.slice(0, 100),
        ...(opponentOf(f, foe)?.id === t.id ? { description: "its opponent now" } : {}),
      })),
    )
    .slice(0, 25);
  if (!options.length) return null;
  const who = lacking.length ? lacking : foes;
  const others = foes.length > lacking.length ? "the others their opponents" : "";
  const each = lacking.length > 1 ? "one target each" : "";
  const why = [each, others].filter(Boolean).join("; ");
  const placeholder =
    foes.length === 1
      ? `${foes[0]!.name} attacks…`
      : lacking.length
        ? `${who.map((c) => c.name).join(", ")} ${lacking.length === 1 ? "attacks" : "attack"}…${why ? ` (${why})` : ""}`
        : "Send a foe at someone else (the others attack their opponents)…";
  return new StringSelectMenuBuilder()
    .setCustomId(foesId(f, "pick"))
    .setPlaceholder(clip(placeholder, 150))
    .setMinValues(1)
    .setMaxValues(Math.min(foes.length, options.length))
    .addOptions(options);
}

export function roundButtons(f: Fight, waiting: WaitingList = []): Row[] {
  if (f.encounter.status !== "active") return [];
  const m = roundMenu(f);
  const rs = readRound(f.encounter);
  const rows: Row[] = [];
  const id = (declId: string) =>
    ids.declare.build({ encounterId: m.encounterId, round: m.round, action: declId, who: null });
  const many = m.declarations.length > DECLARE_BUTTONS;
  const shown = many ? m.declarations.slice(0, DECLARE_BUTTONS - 1) : m.declarations;
  if (shown.length)
    rows.push(
      row(
        ...shown.map((d) =>
          new ButtonBuilder().setCustomId(id(d.id)).setLabel(clip(d.label, 80)).setStyle(ButtonStyle.Secondary),
        ),
      ),
    );
  if (many) {
    const rest = m.declarations.slice(DECLARE_BUTTONS - 1, DECLARE_BUTTONS - 1 + 25);
    const menu = new StringSelectMenuBuilder()
      .setCustomId(id(DECLARE_MENU))
      .setPlaceholder(clip(`More to declare (${rest.length})…`, 150))
      .addOptions(rest.map((d) => ({ label: clip(d.label, 100), value: d.id.slice(0, 100) })));
    rows.push(row(menu));
  }
  const out = sideOut(f);
  const foes = out ? [] : foesToAct(f, rs);
  const menu = foesMenu(f, foes);
  if (menu) rows.push(row(menu));
  const last: ButtonBuilder[] = [];
  if (out)
    last.push(
      new ButtonBuilder()
        .setCustomId(ids.next.build({ kind: "end", encounterId: f.encounter.id }))
        .setLabel("End the fight")
        .setStyle(ButtonStyle.Success),
    );
  if (foes.some((c) => opponentOf(f, c)))
    last.push(
      new ButtonBuilder().setCustomId(foesId(f, "foes")).setLabel("Foes attack ▶").setStyle(ButtonStyle.Danger),
    );
  const next =
    m.phase === "declare"
      ? m.round === 0
        ? "Roll initiative ▶"
        : "Roll the order ▶"
      : m.over
        ? "Next round ▶"
        : "Next ▶";
  // While foes are to act, their press comes first; Next stays for moving on past those who will not act.
  last.push(
    new ButtonBuilder()
      .setCustomId(nextId(f))
      .setLabel(next)
      .setStyle(out || foes.length ? ButtonStyle.Secondary : ButtonStyle.Primary),
  );
  if (!out)
    for (const side of moraleDue(f, rs.moraleAt))
      last.push(
        new ButtonBuilder()
          .setCustomId(ids.next.build({ kind: "morale", encounterId: f.encounter.id, side }))
          .setLabel(clip(`Morale: ${sideWords(f, side)}`, 80))
          .setStyle(ButtonStyle.Secondary),
      );
  if (waiting.length)
    last.push(
      new ButtonBuilder()
        .setCustomId(resolveId(f))
        .setLabel(`Resolve ${waiting.total ?? waiting.length} waiting`)
        .setStyle(ButtonStyle.Secondary),
    );
  rows.push(row(...last.slice(0, 5)));
  return rows.slice(0, 5);
}
