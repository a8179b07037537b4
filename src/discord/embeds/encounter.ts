import type { EmbedBuilder } from "discord.js";
import type { EncounterEvent, EncounterSummary } from "../../play/encounters/index.js";
import type { Fight } from "../../play/encounters/load.js";
import type { Waiting, WaitingList } from "../../play/encounters/board.js";
import { clip, COLOURS, LIMITS } from "./style.js";
import { ruleEmbed } from "./rules.js";
import { readRound } from "../../play/round/state.js";
import { boardNote } from "../../play/round/context.js";
import { namesToAct, readyToAct, roundOver } from "../../play/round/ready.js";
import { conditionLabels, isOut, LEFT_CONDITIONS, SLAIN_CONDITIONS } from "../../rules/round/words.js";
import { parseMark } from "../../rules/marks.js";
import { Embed } from "./embed.js";
import { orderCodec } from "../../play/codecs/encounter.js";

function bar(fraction: number): string {
  const n = Math.max(0, Math.min(10, Math.round(fraction * 10)));
  return "█".repeat(n) + "░".repeat(10 - n);
}

export function rosterLines(f: Fight): string[] {
  const order = orderCodec.decode(f.encounter.order);
  const current = readyToAct(f).map((c) => c.id);
  // A combatant may have several places (B/X house rules: fighters with several attacks act first and last).
  const pos = new Map<string, number[]>();
  for (const [i, g] of order.entries()) for (const id of g) pos.set(id, [...(pos.get(id) ?? []), i + 1]);
  const rs = readRound(f.encounter);
  const nameOf = (id: string) => f.rows.find((r) => r.id === id)?.name ?? "someone";
  // A mark naming someone who is out of the fight (dead, fled…) says nothing true any more: "fighting Ogre" after the ogre died.
  const gone = f.combatants.filter(isOut).map((c) => c.id);
  // The combatant a mark names, read as a field ("attacking:<id>", "shield vs <id>").
  const named = (mark: string) => parseMark(mark).arg;
  const namesGone = (mark: string) => gone.includes(named(mark) ?? "");
  const lines: string[] = [];
  for (const side of ["party", "foes"] as const) {
    const members = f.combatants
      .filter((c) => c.side === side)
      .sort((a, b) => (pos.get(a.id)?.[0] ?? 99) - (pos.get(b.id)?.[0] ?? 99));
    if (!members.length) continue;
    lines.push(side === "party" ? "**Party**" : "**Foes**");
    for (const c of members) {
      const v = f.system.view(c);
      const turn = current.includes(c.id) ? "▶ " : "";
      // Who fell, fled or surrendered has left the order: no place shown.
      const init =
        pos.has(c.id) && !isOut(c)
          ? `${pos
              .get(c.id)!
              .map((n) => `#${n}`)
              .join(" & ")} `
          : "";
      // One out of the fight itself fights nobody: its marks naming others say nothing either.
      // The dead are dead: one killed after it fled or surrendered shows no more as having left.
      const slain = c.state.conditions.some((x) => SLAIN_CONDITIONS.includes(x));
      const live = c.state.conditions.filter(
        (x) =>
          !namesGone(x) &&
          !(slain && LEFT_CONDITIONS.includes(x)) &&
          !(isOut(c) && f.combatants.some((o) => named(x) === o.id)),
      );
      const words = conditionLabels(f.system.words, live, nameOf, c.state.lasts);
      const shown = (d: string) => (rs.details?.[c.id]?.[d] ? ` (${rs.details[c.id]![d]})` : "");
      const declared = (rs.declared[c.id] ?? []).length
        ? ` · declared: ${rs.declared[c.id]!.map((d) => `${rs.labels?.[d] ?? d}${shown(d)}`).join(", ")}`
        : "";
      const ahead = (rs.ahead?.[c.id] ?? []).length
        ? ` · for round ${f.encounter.round + 1}: ${rs.ahead![c.id]!.map((d) => `${d.label}${d.detail ? ` (${d.detail})` : ""}`).join(", ")}`
        : "";
      const note = boardNote(f, c, rs);
      const conds = `${words.length ? ` · ${words.join(", ")}` : ""}${declared}${ahead}${note ? ` · ${note}` : ""}`;
      lines.push(
        `${turn}${init}**${c.name}** \`${bar(v.fraction)}\` ${v.summary}${v.status && !(c.state.conditions as readonly string[]).includes(v.status) ? ` · ${v.status}` : ""}${conds}`,
      );
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
    if (members.length && members.every(isOut))
      return [
        `No one of the ${side === "foes" ? "foes" : "party"} is left standing: the referee ends the fight (End the fight, below).`,
      ];
  }
  return [];
}

export function encounterEmbed(f: Fight, title?: string, notes: string[] = [], waiting: Waiting[] = []): EmbedBuilder {
  const phase = readRound(f.encounter).phase;
  // Only who can act now: not who has acted at this place, is down, has fled, or is surprised.
  const acting = readyToAct(f).map((c) => c.name);
  const round =
    f.encounter.round === 0
      ? "before initiative"
      : phase === "declare"
        ? `round ${f.encounter.round}: declare`
        : overLine(f).length
          ? `round ${f.encounter.round} · the fight is over`
          : roundOver(f)
            ? `round ${f.encounter.round} · everyone has acted`
            : `round ${f.encounter.round}${acting.length ? ` · ${namesToAct(acting)} to act` : ""}`;
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(title ?? `${f.encounter.name} — ${round}`, LIMITS.title))
    .setDescription(
      clip(
        [...notes, ...rosterLines(f), ...waitingLines(waiting), ...overLine(f)].join("\n") ||
          "Nobody here yet: /encounter add, /encounter join.",
        LIMITS.description,
      ),
    )
    .setFooter({ text: `${f.system.name} · seed commitment ${f.encounter.seedHash.slice(0, 16)}…` });
}

/** The encounter's start for the log: its rule results (surprise, reaction…) and the seed's commitment; the board follows. */
export function encounterStartRecord(ev: EncounterEvent & { seedHash: string }): EmbedBuilder[] {
  const embeds = ev.results.slice(0, 8).map((r) => ruleEmbed(r));
  const started = new Embed({ color: COLOURS.referee })
    .setTitle(clip(`Encounter started: ${ev.fight.encounter.name}`, LIMITS.title))
    .setDescription(clip([...ev.notes, startLine(ev.fight)].join("\n"), LIMITS.description))
    .addFields({
      name: "Seed commitment (SHA-256)",
      value: `\`${ev.seedHash}\`\nThe seed is revealed when the encounter ends; /verify replays every roll.`,
    });
  return [...embeds, started];
}

/** Who is in the fight, in a line: "Party: Tamsin, Wren · Foes: Goblin 1, Goblin 2, Goblin 3". */
function startLine(f: Fight): string {
  const side = (s: "party" | "foes") => f.combatants.filter((c) => c.side === s).map((c) => c.name);
  const parts = [
    ["Party", side("party")],
    ["Foes", side("foes")],
  ] as const;
  return (
    parts
      .filter(([, n]) => n.length)
      .map(([w, n]) => `**${w}**: ${n.join(", ")}`)
      .join(" · ") || "Nobody here yet: /encounter add, /encounter join."
  );
}

export function encounterEndEmbed(s: EncounterSummary): EmbedBuilder {
  return new Embed({ color: COLOURS.referee })
    .setTitle(clip(`Encounter ended: ${s.encounter.name}`, LIMITS.title))
    .addFields(
      { name: "Rounds", value: String(s.encounter.round), inline: true },
      { name: "Rolls", value: String(s.rolls), inline: true },
      { name: "Fell", value: clip(s.fallen.join("\n") || "nobody", 1024) },
      ...(s.downBefore.length ? [{ name: "Down before it began", value: clip(s.downBefore.join("\n"), 1024) }] : []),
      ...(s.left.length ? [{ name: "Fled or surrendered", value: clip(s.left.join("\n"), 1024) }] : []),
      { name: "Still standing", value: clip(s.standing.join("\n") || "nobody", 1024) },
      { name: "Seed (revealed)", value: `\`${s.encounter.seed}\`` },
      { name: "Commitment", value: `\`${s.encounter.seedHash}\` — check it with /verify` },
    );
}
