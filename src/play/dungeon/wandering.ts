/**
 * The "Start encounter" button under a wandering monster: claims the
 * monster on the clock (so a repeated press starts nothing), then starts
 * the encounter with the monsters the table gave, or, without a table,
 * those the referee names (dice for how many are rolled); if that fails,
 * the claim is released so the referee can press again.
 */
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import type { Db, Tx } from "../../store/client.js";
import { requireCampaign } from "../campaigns/find.js";
import { StaleError, UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { startEncounter, type EncounterEvent } from "../encounters/index.js";
import { loadClock, peekClock, saveClock } from "./clock.js";
import type { PendingWandering } from "../../rules/dungeon/index.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import type { ReactionRollResult, RuleSystem } from "../../rules/systems/types.js";
import { has } from "../../rules/systems/define.js";
import { shortId } from "../ids.js";
import { leaderOf, type PartyMember } from "./party.js";

/** The wandering monster no longer waits (a later turn passed): its button can go. */
export class WanderingGone extends StaleError {}

/** The longest answer to "which monsters?". */
export const MAX_WHICH = 200;

function waiting(w: PendingWandering | null, id: string, started: boolean): PendingWandering {
  if (!w || w.id !== id)
    throw new WanderingGone(
      "A later dungeon turn has passed since this wandering monster came, so it no longer waits: nothing was changed. If it should still come, /encounter start brings it in.",
    );
  if (w.started === started)
    throw new StaleError("This wandering monster's encounter has been started already: nothing was changed.");
  return w;
}

/** The wandering monster a press names, still waiting, for a referee (nothing written): a press without a table asks which monsters first. */
export async function wanderingOf(s: Services, actor: Actor, id: string): Promise<PendingWandering> {
  const db: Db = s.store.db;
  const campaign = await requireCampaign(db, actor);
  requireReferee(campaign, actor, "start the encounter");
  return waiting((await peekClock(db, campaign.id)).state.wandering, id, true);
}

async function claim(s: Services, actor: Actor, id: string, started: boolean): Promise<PendingWandering> {
  return s.store.db.$transaction(async (tx: Tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "start the encounter");
    const { clock, state } = await loadClock(tx, campaign.id);
    const w = waiting(state.wandering, id, started);
    await saveClock(tx, clock, { state: { ...state, wandering: { ...w, started } } });
    return w;
  });
}

/**
 * Starts the wandering monster's encounter: with the monsters the table gave (and says how many were
 * rolled), or with `which`, the referee's answer when there was no table ("1d6 kobolds": the dice rolled).
 */
export async function startWandering(
  s: Services,
  actor: Actor,
  id: string,
  which?: string | null,
): Promise<EncounterEvent & { seedHash: string; wandering: PendingWandering }> {
  const typed = which?.trim();
  if (typed !== undefined && !typed)
    throw new UserError("Name the monsters that come, e.g. `1d6 kobolds` or `3 kobolds`: nothing was started.");
  if (typed && /^(\d+|\d+d\d+(\s*[+-]\s*\d+)?)$/i.test(typed))
    throw new UserError(`Name the monsters after how many, e.g. \`${typed} kobolds\`: nothing was started.`);
  if (typed && typed.length > MAX_WHICH)
    throw new UserError(`Name the monsters in at most ${MAX_WHICH} characters: nothing was started.`);
  const w = await claim(s, actor, id, true);
  try {
    const monsters = w.monsters ?? typed;
    if (!monsters)
      throw new UserError(
        "No wandering table gave these monsters: name them, e.g. `1d6 kobolds`. Nothing was started.",
      );
    const ev = await startEncounter(s, actor, {
      name: `Wandering monsters (turn ${w.turn})`,
      named: (m) => `Wandering ${m} (turn ${w.turn})`,
      monsters,
      reaction: false,
    });
    if (w.monsters) ev.notes.unshift(`They come: ${w.monsters}${w.how ? ` (${w.how}, at the wandering check)` : ""}.`);
    if (w.reaction) ev.notes.push(`Their reaction (rolled at the wandering check): ${w.reaction}.`);
    return { ...ev, wandering: w };
  } catch (err) {
    await claim(s, actor, id, false).catch(() => {});
    throw err;
  }
}

/**
 * A wandering monster met on a dungeon turn (or during a rest): the reaction roll, by the party's leader, where the
 * system has one, and the meeting kept until the referee starts its encounter.
 */
export function meetWanderer(
  system: RuleSystem,
  party: PartyMember[],
  found: { turn: number; monsters: string | null; how: string | null },
  bag: DiceBag,
): { reaction: ReactionRollResult | null; wandering: PendingWandering } {
  const leader = leaderOf(party);
  const reaction = has(system, "reaction")?.reaction(leader ? { leader } : {}, bag) ?? null;
  const wandering = {
    id: shortId(),
    turn: found.turn,
    monsters: found.monsters,
    how: found.how,
    reaction: reaction?.reaction ?? null,
    started: false,
  };
  return { reaction, wandering };
}
