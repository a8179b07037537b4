/** /dungeon turn and status: the campaign's clock between fights, in one transaction each, every die from the campaign's stream. */
import { passTurn, type DungeonState, type PendingWandering, type TurnOutcome } from "../../rules/dungeon/index.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import type { ReactionRollResult, RuleSystem } from "../../rules/systems/types.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import { campaignSystem } from "../campaigns/system.js";
import { UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { bagFor, openStream } from "../streams.js";
import { loadClock, peekClock, saveClock } from "./clock.js";
import { meetWanderer } from "./wandering.js";
import { passTime, restParty } from "./rest.js";
import { endTurnMarks } from "./turnmarks.js";
import { dungeonView, type DungeonView } from "./view.js";

export const MAX_TURNS = 36;
/** Six 10-minute turns an hour, 24 hours a day. */
const TURNS_PER_DAY = 144;

export interface TurnsReport {
  view: DungeonView;
  turns: TurnOutcome[];
  /** The reaction of a wandering monster, when one came. */
  reaction: ReactionRollResult | null;
  /** The wandering monster waiting for its "Start encounter" button. */
  wandering: PendingWandering | null;
  /** Turns asked for but not passed: advancing stops when something needs the referee (see `TurnOutcome.stop`). */
  skipped: number;
  /** What resting restored, when the party rested and was not interrupted. */
  rested: string[];
}

/** Splits "search, listen; move" into actions. */
export function parseActions(text?: string | null): string[] {
  return (text ?? "")
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 10)
    .map((x) => x.slice(0, 60));
}

export async function advanceTurns(
  s: Services,
  actor: Actor,
  input: { actions?: string | null; turns?: number | null; pace?: "careful" | "fast" | null },
): Promise<TurnsReport> {
  const count = input.turns ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_TURNS)
    throw new UserError(`Advance 1 to ${MAX_TURNS} turns at a time.`);
  const fast = input.pace === "fast";
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "advance dungeon turns");
    const system = campaignSystem(campaign);
    if (fast && !system.dungeon?.fast)
      throw new UserError(
        `${system.name} gives no faster pace for dungeon turns: leave the pace out. Nothing was changed.`,
      );
    const running = await tx.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
    if (running)
      throw new UserError(
        `"${running.name}" is running: its rounds move the clock. End it with /encounter end before the next dungeon turn.`,
      );
    const { clock, state: before } = await loadClock(tx, campaign.id);
    const start = await dungeonView(tx, campaign, clock.rounds, before);
    const open = await openStream(tx, { campaignId: campaign.id, encounterId: null });
    const bag = bagFor(open, "dungeon turn");
    const actions = parseActions(input.actions);
    // A wandering monster nobody started is left behind: its button goes stale once the party moves on.
    const turns = passTurns(system, start, { ...before, wandering: null }, clock.rounds, { count, actions, fast }, bag);
    const last = turns[turns.length - 1]!;
    let { state, rounds } = last;
    let reaction: ReactionRollResult | null = null;
    if (last.wandering) {
      const met = meetWanderer(system, start.party, last, bagFor(open, "wandering reaction"));
      reaction = met.reaction;
      state = { ...state, wandering: met.wandering };
    }
    // A rest interrupted by a wandering monster restores nothing; full days of complete rest heal where the system says.
    const resting = actions.some((a) => /^rest/i.test(a)) && !last.wandering;
    const restTurns = resting ? state.restTurns + turns.length : 0;
    const days = Math.floor(restTurns / TURNS_PER_DAY);
    state = { ...state, restTurns: restTurns % TURNS_PER_DAY };
    await saveClock(tx, clock, { rounds, state });
    // Time heals what the system says it heals (10 minutes a turn), rest or not.
    const healed = await passTime(tx, campaign, campaignSystem(campaign), turns.length * 10, bag);
    const long =
      resting &&
      campaignSystem(campaign).longRestTurns !== undefined &&
      restTurns >= campaignSystem(campaign).longRestTurns!;
    const rested = [
      ...healed,
      ...(resting
        ? await restParty(tx, campaign, campaignSystem(campaign), { days, bag: bagFor(open, "rest") }, long)
        : []),
    ];
    // The clock has passed into a new 10-minute turn: marks that last a turn end.
    if (turns.length) await endTurnMarks(tx, campaign, campaignSystem(campaign));
    await open.close(tx, actor);
    const view = await dungeonView(tx, campaign, rounds, state);
    // At the text's faster pace, the turn's movement is that pace's (what it covers and what it costs).
    if (fast && system.dungeon?.fast) view.movement = system.dungeon.fast;
    return {
      view,
      turns,
      reaction,
      wandering: last.wandering ? state.wandering : null,
      skipped: count - turns.length,
      rested,
    };
  });
}

/** The turns pass one by one, each with its wandering check, light and rations, until the count or a stop for the referee. */
function passTurns(
  system: RuleSystem,
  start: DungeonView,
  state: DungeonState,
  rounds: number,
  ask: { count: number; actions: string[]; fast: boolean },
  bag: DiceBag,
): TurnOutcome[] {
  const turns: TurnOutcome[] = [];
  for (let i = 0; i < ask.count; i++) {
    const t = passTurn(
      {
        dungeon: system.dungeon,
        state,
        rounds,
        every: start.settings.wanderingEvery,
        chance: start.settings.wanderingChance,
        mouths: start.party.length,
        actions: ask.actions,
        fast: ask.fast,
      },
      bag,
    );
    turns.push(t);
    ({ state, rounds } = t);
    if (t.stop) break;
  }
  return turns;
}

export async function dungeonStatus(s: Services, actor: Actor): Promise<DungeonView> {
  const db = s.store.db;
  const campaign = await requireCampaign(db, actor);
  const { clock, state } = await peekClock(db, campaign.id);
  return dungeonView(db, campaign, clock.rounds, state);
}
