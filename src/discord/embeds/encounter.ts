import { EmbedBuilder, type APIEmbed } from "discord.js";
import type { EncounterEvent, EncounterSummary } from "../../play/encounters/index.js";
import type { Fight } from "../../play/encounters/load.js";
import type { Waiting, WaitingList } from "../../play/encounters/board.js";
import { clip, COLOURS, LIMITS } from "./style.js";
import { ruleEmbed } from "./rules.js";
import { roundButtons } from "./round.js";
import { readRound } from "../../play/round/state.js";
import { actingNow, boardNote } from "../../play/round/context.js";
import { conditionLabels, isOut } from "../../rules/round/words.js";
import type { Lifetime } from "../../rules/systems/types.js";
import { Embed } from "./embed.js";
import { orderCodec } from "../../play/codecs/encounter.js";

function bar(fraction: number): string {
  const n = Math.max(0, Math.min(10, Math.round(fraction * 10)));
  return "█".repeat(n) + "░".repeat(10 - n);
}

export function rosterLines(f: Fight): string[] {
  const order = orderCodec.decode(f.encounter.order);
  const phase = readRound(f.encounter).phase;
  const current = actingNow(f) ?? [];
  // A combatant may have several places (B/X house rules: fighters with several attacks act first and last).
  const pos = new Map<string, number[]>();
  order.forEach((g, i) => g.forEach((id) => pos.set(id, [...(pos.get(id) ?? []), i + 1])));
  const rs = readRound(f.encounter);
  const nameOf = (id: string) => f.rows.find((r) => r.id === id)?.name ?? "someone";
  const lines: string[] = [];
  for (const side of ["party", "foes"] as const) {
    const members = f.combatants.filter((c) => c.side === side).sort((a, b) => (pos.get(a.id)?.[0] ?? 99) - (pos.get(b.id)?.[0] ?? 99));
    if (!members.length) continue;
    lines.push(side === "party" ? "**Party**" : "**Foes**");
    for (const c of members) {
      const v = f.system.view(c);
      const turn = current.includes(c.id) && phase === "act" && f.encounter.round > 0 && !isOut(c) ? "▶ " : "";
      // Who fell, fled or surrendered has left the order: no place shown.
      const init = pos.has(c.id) && !isOut(c) ? `${pos.get(c.id)!.map((n) => `#${n}`).join(" & ")} ` : "";
      const words = conditionLabels(f.system.words, c.state.conditions, nameOf, c.state.lasts as Record<string, Lifetime> | undefined);
      const shown = (d: string) => (rs.details?.[c.id]?.[d] ? ` (${rs.details[c.id]![d]})` : "");
      const declared = (rs.declared[c.id] ?? []).length ? ` · declared: ${rs.declared[c.id]!.map((d) => `${rs.labels?.[d] ?? d}${shown(d)}`).join(", ")}` : "";
      const note = boardNote(f, c, rs);
      const conds = `${words.length ? ` · ${words.join(", ")}` : ""}${declared}${note ? ` · ${note}` : ""}`;
      lines.push(`${turn}${init}**${c.name}** \`${bar(v.fraction)}\` ${v.summary}${v.status && !(c.state.conditions as readonly string[]).includes(v.status) ? ` · ${v.status}` : ""}${conds}`);
    }
  }
  return lines;
}

/** The board's list of attacks still waiting for their defender's answer. */
export function waitingLines(waiting: WaitingList): string[] {
  if (!waiting.length) return [];
  const one = (w: Waiting) => `• ${w.attacker} → ${w.defender}: ${w.choices.join(" or ")} (${w.answers})`;
  const more = (waiting.total ?? waiting.length) - Math.min(waiting.length, 10);
  return ["**Waiting for an answer**", ...waiting.slice(0, 10).map(one), ...(more > 0 ? [`…and ${more} more`] : [])];
}

/** One side has nobody left standing: say how the fight ends. */
function overLine(f: Fight): string[] {
  for (const side of ["foes", "party"] as const) {
    const members = f.combatants.filter((c) => c.side === side);
    if (members.length && members.every(isOut)) return [`No one of the ${side === "foes" ? "foes" : "party"} is left standing: the referee ends the fight with /encounter end.`];
  }
  return [];
}

export function encounterEmbed(f: Fight, title?: string, notes: string[] = [], waiting: Waiting[] = []): EmbedBuilder {
  const phase = readRound(f.encounter).phase;
  const now = actingNow(f) ?? [];
  const acting = f.rows.filter((r) => now.includes(r.id)).map((r) => r.name);
  const round =
    f.encounter.round === 0
      ? "before initiative"
      : phase === "declare"
        ? `round ${f.encounter.round}: declare`
        : `round ${f.encounter.round}${acting.length ? ` · ${acting.length > 3 ? `${acting.slice(0, 3).join(", ")}…` : acting.join(", ")} to act` : ""}`;
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(title ?? `${f.encounter.name} — ${round}`, LIMITS.title))
    .setDescription(clip([...notes, ...rosterLines(f), ...waitingLines(waiting), ...overLine(f)].join("\n") || "Nobody here yet: /encounter add, /encounter join.", LIMITS.description))
    .setFooter({ text: `${f.system.name} · seed commitment ${f.encounter.seedHash.slice(0, 16)}…` });
}

/**
 * A board's embeds with its roster replaced (the last embed's title and description), its rule results
 * kept: how a board is edited where it is.
 */
export function withRoster(embeds: APIEmbed[], roster: APIEmbed): APIEmbed[] {
  if (!embeds.length) return [roster];
  return [...embeds.slice(0, -1), { ...embeds[embeds.length - 1], title: roster.title, description: roster.description }];
}

/** The encounter's roster plus one embed per rule result (surprise, reaction, initiative…). */
export function encounterEventEmbeds(ev: EncounterEvent, title?: string, waiting: Waiting[] = []): EmbedBuilder[] {
  const embeds = ev.results.slice(0, 8).map((r) => ruleEmbed(r));
  embeds.push(encounterEmbed(ev.fight, title, ev.notes, waiting));
  return embeds;
}

export function encounterStartEmbeds(ev: EncounterEvent & { seedHash: string }, waiting: Waiting[] = []): EmbedBuilder[] {
  const embeds = encounterEventEmbeds(ev, `Encounter started: ${ev.fight.encounter.name}`, waiting);
  embeds[embeds.length - 1]!.addFields({ name: "Seed commitment (SHA-256)", value: `\`${ev.seedHash}\`\nThe seed is revealed when the encounter ends; /verify replays every roll.` });
  return embeds;
}

export function encounterEndEmbed(s: EncounterSummary): EmbedBuilder {
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(`Encounter ended: ${s.encounter.name}`, LIMITS.title))
    .addFields(
      { name: "Rounds", value: String(s.encounter.round), inline: true },
      { name: "Rolls", value: String(s.rolls), inline: true },
      { name: "Fell", value: clip(s.fallen.join("\n") || "nobody", 1024) },
      ...(s.left.length ? [{ name: "Fled or surrendered", value: clip(s.left.join("\n"), 1024) }] : []),
      { name: "Still standing", value: clip(s.standing.join("\n") || "nobody", 1024) },
      { name: "Seed (revealed)", value: `\`${s.encounter.seed}\`` },
      { name: "Commitment", value: `\`${s.encounter.seedHash}\` — check it with /verify` },
    );
}

/** The round's message (the board): the rule results, the roster, the attacks waiting, and the buttons to declare and move on. */
export function roundMessage(ev: EncounterEvent, title?: string, waiting: Waiting[] = []) {
  return { embeds: encounterEventEmbeds(ev, title, waiting), components: roundButtons(ev.fight, waiting) };
}
