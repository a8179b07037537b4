/** The referee's encounter rolls: /surprise, /reaction, /morale (by groups) and talking foes down. */
import { campaignSystem } from "../campaigns/system.js";
import { capability, has } from "../../rules/systems/define.js";
import {
  isUnsupported,
  type Combatant,
  type Effect,
  type MoraleResult,
  type RuleSystem,
  type Side,
  type Unsupported,
} from "../../rules/systems/types.js";
import type { SystemId } from "../../rules/systems/index.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, StaleError, UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { asCombatant } from "../characters/index.js";
import { partyCharacters } from "../characters/party.js";
import { applyEffects } from "../encounters/effects.js";
import { isDown, type Fight } from "../encounters/load.js";
import { retainerMorale } from "../retainers/morale.js";
import { partyLeader } from "../encounters/leader.js";
import { isSurprised, surpriseOptions } from "../encounters/surprise.js";
import { bumpEncounter } from "../encounters/index.js";
import { roundCodec } from "../codecs/encounter.js";
import { readRound } from "../round/state.js";
import { readSettings } from "../campaigns/settings.js";
import { type TableResult, type Scope, withDice, unsupported } from "./scope.js";

export async function surpriseRoll(
  s: Services,
  actor: Actor,
  input: { modifiers?: Partial<Record<"party" | "foes", number>> } = {},
): Promise<TableResult> {
  return withDice(s, actor, "surprise", async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "call for surprise");
    const sys = campaignSystem(sc.campaign);
    const cs = sc.fight?.combatants ?? [];
    const settings = readSettings(sc.campaign.system as SystemId, sc.campaign.settings);
    const r = rule(() => capability(sys, "surprise")).surprise(
      {
        party: cs.filter((c) => c.side === "party"),
        foes: cs.filter((c) => c.side === "foes"),
        ...surpriseOptions(input.modifiers),
        settings,
      },
      bag,
    );
    if (sc.fight) {
      // A new roll replaces the last one's: who is not surprised now loses the mark.
      const effects = sc.fight.combatants.map(
        (c): Effect =>
          isSurprised(r, c)
            ? { targetId: c.id, addConditions: ["surprised"] }
            : { targetId: c.id, removeConditions: ["surprised"] },
      );
      await applyEffects(tx, sc.fight, effects, bag);
      // Kept for this round: who joins a side the roll left surprised, before the round is over, is surprised too.
      await bumpEncounter(tx, sc.fight.encounter, {
        roundState: roundCodec.encode({ ...readRound(sc.fight.encounter), surprise: { ...r.surprised } }),
      });
    }
    return { result: r, extra: [], campaign: sc.campaign };
  });
}

export async function reactionRoll(
  s: Services,
  actor: Actor,
  input: { leader?: string | null; modifier?: number | null },
): Promise<TableResult> {
  return withDice(s, actor, "reaction", async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "roll reactions");
    const sys = campaignSystem(sc.campaign);
    const { leader, line } = partyLeader(await partyOf(tx, sc), input.leader);
    const r = rule(() => capability(sys, "reaction")).reaction(
      { ...(leader ? { leader } : {}), ...(input.modifier ? { modifier: input.modifier } : {}) },
      bag,
    );
    return { result: { ...r, lines: [line, ...r.lines] }, extra: [], campaign: sc.campaign };
  });
}

/** The party: the running encounter's party side, else every living character of the party (characters/party.ts). */
async function partyOf(tx: Tx, sc: Scope): Promise<Combatant[]> {
  if (sc.fight) return sc.fight.combatants.filter((c) => c.side === "party");
  const system = campaignSystem(sc.campaign);
  return (await partyCharacters(tx, sc.campaign, { living: true })).map((c) => asCombatant(c, system));
}

/**
 * Who rolls morale together: the system's groups (B/X: by creature type), or the side as one; `group` (a type
 * or a name) keeps only the group it names.
 */
function moraleGroups(
  sys: RuleSystem,
  members: Combatant[],
  group?: string | null,
): { name: string; who: Combatant[] }[] {
  const by = has(sys, "morale")?.moraleGroups;
  const all = members.length && by ? by(members) : [{ name: "", who: members }];
  if (!group) return all;
  const k = group.trim().toLowerCase();
  const named = all.filter((g) => g.name.toLowerCase() === k || g.who.some((c) => c.name.toLowerCase() === k));
  if (!named.length)
    throw new UserError(
      `No one standing is "${group}": ${by ? `the groups are ${all.map((g) => g.name || "the side").join(", ")}` : "this system checks the side as one"}.`,
    );
  return named;
}

/** Several groups' rolls as one answer: each line says whose roll it is; the marks stay with those who rolled. */
function mergeMorale(rolled: { name: string; r: MoraleResult | Unsupported }[]): MoraleResult | Unsupported {
  const done = rolled.filter((x): x is { name: string; r: MoraleResult } => !isUnsupported(x.r));
  if (!done.length) return rolled[0]!.r;
  return {
    title: done.map((x) => x.r.title).join("; "),
    lines: done.flatMap((x) => x.r.lines.map((l) => `${x.name}: ${l}`)),
    rules: [...new Set(done.flatMap((x) => x.r.rules))],
    rolls: done.flatMap((x) => x.r.rolls.map((d) => ({ ...d, label: `${d.label} (${x.name})` }))),
    holds: done.every((x) => x.r.holds),
    effects: done.flatMap((x) => x.r.effects ?? []),
  };
}

export async function moraleCheck(
  s: Services,
  actor: Actor,
  input: {
    side?: Side | null;
    rating?: number | null;
    modifier?: number | null;
    group?: string | null;
    onlyIfDue?: boolean;
  },
  inTx?: Tx,
): Promise<TableResult> {
  return withDice(
    s,
    actor,
    "morale",
    async (tx, sc, bag) => {
      requireReferee(sc.campaign, actor, "check morale");
      const sys = campaignSystem(sc.campaign);
      const side = input.side ?? "foes";
      // The board's button: a check already made (a second press at once) changes nothing.
      if (
        input.onlyIfDue &&
        (!sc.fight || !moraleDue(sc.fight, readRound(sc.fight.encounter).moraleAt).includes(side))
      ) {
        throw new StaleError(
          `The ${side === "foes" ? "foes'" : "party's"} morale has been checked already: nothing was changed.`,
        );
      }
      // Checked now: the board's "Morale" button goes until the side's next trigger.
      if (sc.fight) await checkedMorale(tx, sc.fight, side);
      const standing = (sc.fight?.combatants ?? []).filter((c) => c.side === side && !isDown(c));
      // Hired retainers roll against their loyalty instead (src/play/retainers/morale.ts).
      const loyal =
        side === "party" && sc.fight ? await retainerMorale(tx, sc.fight, standing, bag, input.modifier) : null;
      const members = standing.filter((c) => !loyal?.ids.includes(c.id));
      // Marks the retainers' rolls leave (a broken morale: fled) apply as the side's do.
      if (loyal?.result.effects?.length && sc.fight) await applyEffects(tx, sc.fight, loyal.result.effects, bag);
      if (loyal && !members.length && input.rating == null)
        return { result: loyal.result, extra: [], campaign: sc.campaign };
      if (!members.length && input.rating == null)
        throw new UserError(`No one on the ${side} side is standing here: give a \`rating\` to roll against.`);
      const groups = moraleGroups(sys, members, input.group);
      const roll = (who: Combatant[]) =>
        capability(sys, "morale").morale(
          {
            who,
            side,
            ...(input.rating != null ? { rating: input.rating } : {}),
            ...(input.modifier ? { modifier: input.modifier } : {}),
          },
          bag,
        );
      const rolled = groups.map((g) => ({ name: g.name, r: rule(() => roll(g.who)) }));
      const raw = rolled.length === 1 ? rolled[0]!.r : mergeMorale(rolled);
      // The rest of the side may have no morale of its own (B/X player characters): the retainers' rolls stand alone.
      if (isUnsupported(raw) && loyal)
        return {
          result: { ...loyal.result, lines: [...loyal.result.lines, raw.message] },
          extra: [],
          campaign: sc.campaign,
        };
      const r = unsupported(raw);
      // Marks each roll leaves (fled, fights to the death) apply to those who rolled it.
      if (sc.fight && !isUnsupported(r) && r.effects?.length) await applyEffects(tx, sc.fight, r.effects, bag);
      const result = loyal
        ? {
            ...r,
            lines: [...loyal.result.lines, ...r.lines],
            rules: [...r.rules, ...loyal.result.rules],
            rolls: [...loyal.result.rolls, ...r.rolls],
          }
        : r;
      return { result, extra: [], campaign: sc.campaign };
    },
    false,
    inTx,
  );
}

/**
 * /morale with `talk`: a party member tries to intimidate or persuade the standing foes into surrender,
 * by the system's own roll (The Third Age: Charisma above their morale). On success they surrender and
 * leave the fight.
 */
export async function parleyCheck(
  s: Services,
  actor: Actor,
  input: {
    speaker?: string | null;
    intent: "intimidate" | "persuade";
    rating?: number | null;
    modifier?: number | null;
  },
): Promise<TableResult> {
  return withDice(s, actor, input.intent, async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, `call for a roll to ${input.intent}`);
    const sys = campaignSystem(sc.campaign);
    const talk = rule(() => capability(sys, "parley"));
    if (!sc.fight)
      throw new UserError(
        "No encounter is running here: there is no one to talk into surrender. Start one with /encounter start.",
      );
    const party = sc.fight.combatants.filter((c) => c.side === "party" && !isDown(c));
    const named = input.speaker?.trim().toLowerCase();
    const speaker = named
      ? party.find((c) => c.name.toLowerCase() === named)
      : party.length === 1
        ? party[0]
        : undefined;
    if (!speaker)
      throw new UserError(
        named
          ? `No one standing in the party is called "${input.speaker}"${party.length ? ` (standing: ${party.map((c) => c.name).join(", ")})` : ""}.`
          : `Say who speaks for the party with \`speaker\`${party.length ? ` (${party.map((c) => c.name).join(", ")})` : ""}.`,
      );
    const targets = sc.fight.combatants.filter((c) => c.side === "foes" && !isDown(c));
    if (!targets.length) throw new UserError("No foe is standing: there is no one to talk into surrender.");
    const r = rule(() =>
      talk.parley(
        {
          who: speaker,
          targets,
          intent: input.intent,
          ...(input.rating != null ? { rating: input.rating } : {}),
          ...(input.modifier ? { modifier: input.modifier } : {}),
        },
        bag,
      ),
    );
    const applied = await applyEffects(tx, sc.fight, r.effects, bag);
    return {
      result: { title: r.title, lines: [...r.lines, ...applied.lines], rules: r.rules, rolls: r.rolls },
      extra: [],
      campaign: sc.campaign,
    };
  });
}

/** Records that `side`'s morale was checked with as many fallen as now. */
async function checkedMorale(tx: Tx, f: Fight, side: Side): Promise<void> {
  const rs = readRound(f.encounter);
  await bumpEncounter(tx, f.encounter, {
    roundState: roundCodec.encode({ ...rs, moraleAt: { ...rs.moraleAt, [side]: fallen(f)[side] } }),
  });
}

/** How many of each side's non-player combatants are down now (what morale counts). */
export function fallen(f: Fight): Record<"foes" | "party", number> {
  const count = (side: "foes" | "party") =>
    f.combatants.filter((c) => c.side === side && c.kind !== "pc" && isDown(c)).length;
  return { foes: count("foes"), party: count("party") };
}

/** The system's prompt for a side with `down` of its `of` fallen, or null where its text (or the usual trigger) asks for none. */
function cueAt(f: Fight, side: Side, down: number, of: number): string | null {
  // A system with no morale roll prompts no one to call it.
  const morale = has(f.system, "morale");
  if (!morale || down === 0 || down >= of) return null;
  if (morale.moraleCue) return morale.moraleCue(side, down, of)?.words ?? null;
  return down === 1 || down === Math.ceil(of / 2) ? "" : null;
}

const moraleMembers = (f: Fight, side: Side) => f.combatants.filter((c) => c.side === side && c.kind !== "pc");

/**
 * Morale prompts after damage: the system's own trigger, else the usual ones (a side's first fall, and half of it down).
 * Given the counts before (`was`), only a side that lost someone just now is prompted: the referee reads it once.
 */
export function moraleNudges(f: Fight, was?: Record<"foes" | "party", number>): string[] {
  const out: string[] = [];
  for (const side of ["foes", "party"] as const) {
    const members = moraleMembers(f, side);
    const down = members.filter(isDown).length;
    if (was && down <= was[side]) continue;
    const cue = cueAt(f, side, down, members.length);
    if (cue === null) continue;
    const said = `${down} of the ${side} ${down === 1 ? "has" : "have"} fallen`;
    out.push(
      `Morale: ${said}${cue ? ` — ${cue}` : ""}: the referee may call \`/morale side:${side}\`, or press Morale on the board.`,
    );
  }
  return out;
}

/**
 * The sides whose morale check is due now (the board's "Morale: …" button): a trigger passed since the side's
 * morale was last checked (`moraleAt`, the count of its fallen then), with some of it still standing.
 */
export function moraleDue(f: Fight, moraleAt: Partial<Record<Side, number>> = {}): Side[] {
  return (["foes", "party"] as const).filter((side) => {
    const members = moraleMembers(f, side);
    const down = members.filter(isDown).length;
    for (let k = (moraleAt[side] ?? 0) + 1; k <= down; k++)
      if (cueAt(f, side, k, members.length) !== null && down < members.length) return true;
    return false;
  });
}
