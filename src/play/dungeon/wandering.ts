/**
 * The "Start encounter" button under a wandering monster: claims the
 * monster on the clock (so a repeated press starts nothing), then starts
 * the encounter with the monsters the table gave; if that fails, the claim
 * is released so the referee can press again.
 */
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import { StaleError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { startEncounter, type EncounterEvent } from "../encounters/index.js";
import { loadClock, saveClock } from "./clock.js";
import type { PendingWandering } from "../../rules/dungeon/index.js";

/** The wandering monster no longer waits (a later turn passed): its button can go. */
export class WanderingGone extends StaleError {}

async function claim(s: Services, actor: Actor, id: string, started: boolean): Promise<PendingWandering> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "start the encounter");
    const { clock, state } = await loadClock(tx, campaign.id);
    const w = state.wandering;
    if (!w || w.id !== id) throw new WanderingGone("A later dungeon turn has passed since this wandering monster came, so it no longer waits: nothing was changed. If it should still come, /encounter start brings it in.");
    if (w.started === started) throw new StaleError("This wandering monster's encounter has been started already: nothing was changed.");
    await saveClock(tx, clock, { state: { ...state, wandering: { ...w, started } } });
    return w;
  });
}

export async function startWandering(s: Services, actor: Actor, id: string): Promise<EncounterEvent & { seedHash: string; wandering: PendingWandering }> {
  const w = await claim(s, actor, id, true);
  try {
    const ev = await startEncounter(s, actor, { name: `Wandering ${w.monsters ?? "monster"} (turn ${w.turn})`, monsters: w.monsters, reaction: false });
    if (w.reaction) ev.notes.push(`Their reaction (rolled at the wandering check): ${w.reaction}.`);
    return { ...ev, wandering: w };
  } catch (err) {
    await claim(s, actor, id, false).catch(() => {});
    throw err;
  }
}
