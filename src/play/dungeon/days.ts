/**
 * /dungeon rest: days of complete rest in one step (issue 30). The clock moves on by whole days; each system
 * heals by its own text (`restDays`: B/X 1d3 a day); lit lights are put out first; in camp the party eats its
 * rations and the wandering checks fall on the campaign's interval (a monster interrupts the rest: only the
 * full days before it heal); in town or a camp the referee rules safe, no checks.
 */
import type { DiceBag } from "../../rules/dice/bag.js";
import { ROUNDS_PER_DAY, ROUNDS_PER_TURN, turnOf } from "../../rules/dungeon/clock.js";
import { expireEffects } from "../../rules/dungeon/effects.js";
import { remaining } from "../../rules/dungeon/light.js";
import type { DungeonState } from "../../rules/dungeon/state.js";
import { eatAndDrink } from "../../rules/dungeon/supplies.js";
import { isCheckTurn, parseTable, rollTable, wanderingRoll } from "../../rules/dungeon/wandering.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import type { Settings } from "../campaigns/settings.js";
import { campaignSystem } from "../campaigns/system.js";
import { UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { bagFor, openStream } from "../streams.js";
import { loadClock, saveClock } from "./clock.js";
import type { PartyMember } from "./party.js";
import { meetWanderer } from "./wandering.js";
import { passTime, restParty } from "./rest.js";
import { endTurnMarks } from "./turnmarks.js";
import { dungeonView, type DungeonView } from "./view.js";

export const MAX_REST_DAYS = 90;
const TURNS_PER_DAY = ROUNDS_PER_DAY / ROUNDS_PER_TURN;

/** Where the party rests: in town (no checks, no rations), in camp (rations, wandering checks), in a camp the referee rules safe (rations, no checks). */
export type RestPlace = "town" | "camp" | "safe";

export interface RestReport {
  view: DungeonView;
  title: string;
  lines: string[];
  /** The wandering monster that interrupted the rest, waiting for its "Start encounter" button. */
  wandering: DungeonState["wandering"];
}

export async function restForDays(
  s: Services,
  actor: Actor,
  input: { days: number; place?: RestPlace | null },
): Promise<RestReport> {
  const days = input.days;
  const place = input.place ?? "camp";
  if (!Number.isInteger(days) || days < 1 || days > MAX_REST_DAYS)
    throw new UserError(`Rest 1 to ${MAX_REST_DAYS} days at a time.`);
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "rest the party for days");
    const running = await tx.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
    if (running)
      throw new UserError(`"${running.name}" is running: end it with /encounter end before the party rests.`);
    const system = campaignSystem(campaign);
    const { clock, state: before } = await loadClock(tx, campaign.id);
    const start = await dungeonView(tx, campaign, clock.rounds, before);
    const open = await openStream(tx, { campaignId: campaign.id, encounterId: null });
    const bag = bagFor(open, "rest");
    const lines: string[] = [];
    const lights = putOutLights(before, clock.rounds, lines);
    const { turns, monster } = restChecks(place, days * TURNS_PER_DAY, turnOf(clock.rounds), {
      system,
      settings: start.settings,
      table: before.table,
      bag,
      lines,
    });
    const rounds = clock.rounds + turns * ROUNDS_PER_TURN;
    const full = Math.floor(turns / TURNS_PER_DAY);
    const effects = expireEffects(before.effects, rounds);
    const fed =
      place === "town"
        ? { supplies: before.supplies, fedDays: Math.floor(rounds / ROUNDS_PER_DAY), lines: [] as string[] }
        : eatAndDrink({ supplies: before.supplies, fedDays: before.fedDays, rounds, mouths: start.party.length });
    lines.push(...effects.lines, ...fed.lines);
    let state: DungeonState = {
      ...before,
      lights,
      effects: effects.effects,
      supplies: fed.supplies,
      fedDays: fed.fedDays,
      restTurns: 0,
      wandering: null,
    };
    if (monster)
      state = {
        ...state,
        wandering: interruptRest(system, start.party, monster, full, bagFor(open, "wandering reaction"), lines),
      };
    await saveClock(tx, clock, { rounds, state });
    const healed = await passTime(tx, campaign, system, turns * 10, bag);
    const rested = full ? await restParty(tx, campaign, system, { days: full, bag }) : [];
    lines.push(...healed, ...rested);
    await endTurnMarks(tx, campaign, system);
    await open.close(tx, actor);
    const title = monster
      ? `Rest interrupted: a wandering monster on day ${full + 1}`
      : `${days} day${days === 1 ? "" : "s"} of rest ${place === "town" ? "in town" : "in camp"}`;
    return {
      view: await dungeonView(tx, campaign, rounds, state),
      title,
      lines,
      wandering: monster ? state.wandering : null,
    };
  });
}

/** A wandering monster met during the rest: the turn it came on, and what the table rolled for it. */
interface RestMonster {
  turn: number;
  monsters: string | null;
  how: string | null;
}

/** Lights are put out for the rest (a torch left burning for days is not a rest): what each has left is kept. */
function putOutLights(before: DungeonState, rounds: number, lines: string[]): DungeonState["lights"] {
  const lit = before.lights.filter((l) => l.litAt !== null);
  if (lit.length) lines.push(`Lights put out for the rest: ${lit.map((l) => `${l.holder}'s ${l.kind}`).join(", ")}.`);
  return before.lights.map((l) =>
    l.litAt === null ? l : { ...l, left: Math.max(0, remaining(l, rounds)), litAt: null },
  );
}

/**
 * The wandering checks of the rest, on the campaign's interval, in camp only: the first monster interrupts it.
 * Gives the turns rested (up to the monster's) and the monster, if one came.
 */
function restChecks(
  place: RestPlace,
  turns: number,
  first: number,
  on: { system: RuleSystem; settings: Settings; table: string[]; bag: DiceBag; lines: string[] },
): { turns: number; monster: RestMonster | null } {
  const { settings, lines } = on;
  if (place === "town") lines.push("In town: no wandering checks, and no rations eaten.");
  else if (place === "safe") lines.push("A safe camp, by the referee's word: no wandering checks.");
  else if (settings.wanderingChance === 0) lines.push("No wandering checks: none is set (0 in 6).");
  if (place !== "camp" || settings.wanderingChance === 0) return { turns, monster: null };
  let checks = 0;
  for (let t = 1; t <= turns; t++) {
    const turn = first + t;
    if (!isCheckTurn(turn, settings.wanderingEvery)) continue;
    const w = wanderingRoll(
      { dungeon: on.system.dungeon, turn, every: settings.wanderingEvery, chance: settings.wanderingChance },
      on.bag,
    );
    checks++;
    if (!w.encounter) continue;
    lines.push(
      `Day ${Math.floor((t - 1) / TURNS_PER_DAY) + 1}, turn ${turn}: ${w.lines[0]!.replace(/^Turn \d+: /, "")}`,
    );
    let monsters: string | null = null;
    let how: string | null = null;
    if (on.table.length) {
      const r = rollTable(parseTable(on.table.join(";")), on.bag);
      lines.push(...r.lines);
      ({ monsters, how } = r);
    }
    return { turns: t, monster: { turn, monsters, how } };
  }
  lines.push(
    `Wandering checks: ${checks}, on ${settings.wanderingChance} in 6 every ${settings.wanderingEvery} turns; nothing came.`,
  );
  return { turns, monster: null };
}

/** The monster interrupts the rest: its reaction is rolled for the party's leader, and only the full days before it count. */
function interruptRest(
  system: RuleSystem,
  party: PartyMember[],
  monster: RestMonster,
  full: number,
  bag: DiceBag,
  lines: string[],
): NonNullable<DungeonState["wandering"]> {
  const { reaction, wandering } = meetWanderer(system, party, monster, bag);
  if (reaction) lines.push(`${reaction.title}.`);
  lines.push(
    full
      ? `The rest is interrupted on day ${full + 1}: ${full} full day${full === 1 ? "" : "s"} of rest count.`
      : "The rest is interrupted on its first day: no full day of rest, no healing.",
  );
  return wandering;
}
