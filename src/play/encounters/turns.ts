/** /initiative and /next: the round's order by the campaign's method, and what each system does at a round's start. */
import type { Combatant, InitiativeInput, RuleResult } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { bagFor, openStream } from "../streams.js";
import { lapseOpenAttacks } from "../attacks/lapse.js";
import { applyEffects, saveState } from "./effects.js";
import { isDown, loadFight, requireFight, type Fight } from "./load.js";
import { bumpEncounter, type EncounterEvent } from "./index.js";

/** 60 rounds make a 10-minute turn: encounter rounds advance the campaign's clock too. */
async function tickClock(tx: Tx, campaignId: string, rounds: number) {
  await tx.clock.upsert({ where: { campaignId }, create: { campaignId, rounds }, update: { rounds: { increment: rounds } } });
}

function initiativeInput(f: Fight, round: number): InitiativeInput & { settings: Record<string, unknown>; dexterity: boolean } {
  const combatants = f.combatants.filter((c) => !isDown(c));
  return {
    combatants,
    method: f.settings.initiative,
    round,
    dexterity: f.settings.initiativeDex,
    // Systems read the options they know (Third Age: initiativeDexterity; bx: ties…).
    settings: { ...f.settings, initiativeDexterity: f.settings.initiativeDex, dexterity: f.settings.initiativeDex },
  };
}

async function setConditions(tx: Tx, f: Fight, update: (c: Combatant) => string[] | null) {
  for (const c of f.combatants) {
    const next = update(c);
    if (!next) continue;
    const state = { ...c.state, conditions: next };
    await saveState(tx, f.rows.find((r) => r.id === c.id)!, state);
  }
}

export async function rollInitiative(s: Services, actor: Actor): Promise<EncounterEvent> {
  return s.store.db.$transaction(async (tx) => {
    const fight = await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, "roll initiative");
    if (!fight.combatants.some((c) => c.side === "foes") || !fight.combatants.some((c) => c.side === "party")) {
      throw new UserError("Initiative needs both sides: add monsters with /encounter add and characters with /encounter join.");
    }
    const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
    const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
    const round = Math.max(1, fight.encounter.round);
    const results: RuleResult[] = [];
    let order: string[][] | undefined;
    if (fight.encounter.round === 0) {
      // The first round starts now (Life & Guard's act roll, Third Age's surprise, siege's d10s).
      const start = fight.system.roundStart(initiativeInput(fight, 1), bagFor(open, "round 1"));
      order = start.order;
      if (!order) {
        const init = fight.system.initiative(initiativeInput(fight, 1), bagFor(open, "initiative, round 1"));
        results.push(init);
        order = init.order;
      }
      results.push(start);
      await applyEffects(tx, fight, start.effects ?? [], bagFor(open, "round 1"));
      await markCannotAct(tx, await loadFight(tx, fight.campaign, fight.encounter), start.cannotAct);
      await tickClock(tx, fight.campaign.id, 1);
    } else {
      const init = fight.system.initiative(initiativeInput(fight, round), bagFor(open, `initiative, round ${round}`));
      results.push(init);
      order = init.order;
    }
    await bumpEncounter(tx, fight.encounter, { order: JSON.stringify(order), round, turn: 0 });
    await open.close(tx, actor);
    return { fight: await loadFight(tx, fight.campaign, await tx.encounter.findUniqueOrThrow({ where: { id: fight.encounter.id } })), results, notes: [], lapsed };
  });
}

/**
 * Conditions that last one round in every system here: surprise, a failed act roll,
 * declared defences (parry stance, dodge, evade), a charge's exposure, moving in melee.
 * Systems may also return their own round-start effects (siege does).
 */
const ROUND_CONDITIONS = new Set(["surprised", "cannot act", "parrying", "dodging", "evading", "charging", "moved-in-melee", "withdrawing", "retreating"]);
const ROUND_PREFIXES = ["dodged:", "evading:", "shield vs "];
export function endsWithRound(condition: string): boolean {
  return ROUND_CONDITIONS.has(condition) || ROUND_PREFIXES.some((p) => condition.startsWith(p));
}

async function markCannotAct(tx: Tx, f: Fight, ids: string[]) {
  await setConditions(tx, f, (c) => {
    const had = c.state.conditions.includes("cannot act");
    const should = ids.includes(c.id);
    if (had === should) return null;
    return should ? [...c.state.conditions, "cannot act"] : c.state.conditions.filter((x) => x !== "cannot act");
  });
}

export async function nextTurn(s: Services, actor: Actor): Promise<EncounterEvent & { newRound: boolean }> {
  return s.store.db.$transaction(async (tx) => {
    let fight = await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, "move to the next turn");
    const order = JSON.parse(fight.encounter.order) as string[][];
    if (!order.length || fight.encounter.round === 0) throw new UserError("Roll /initiative first: the round has no order yet.");
    const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
    if (lapsed.length) fight = await loadFight(tx, fight.campaign, fight.encounter);
    let turn = fight.encounter.turn + 1;
    let round = fight.encounter.round;
    let newOrder = order;
    const results: RuleResult[] = [];
    const notes: string[] = [];
    const newRound = turn >= order.length;
    if (newRound) {
      round += 1;
      turn = 0;
      const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
      // Surprise and the last round's "cannot act" end with the round.
      await setConditions(tx, fight, (c) => {
        const kept = c.state.conditions.filter((x) => !endsWithRound(x));
        return kept.length === c.state.conditions.length ? null : kept;
      });
      fight = await loadFight(tx, fight.campaign, fight.encounter);
      const start = fight.system.roundStart(initiativeInput(fight, round), bagFor(open, `round ${round} start`));
      results.push(start);
      await applyEffects(tx, fight, start.effects ?? [], bagFor(open, `round ${round} start`));
      fight = await loadFight(tx, fight.campaign, fight.encounter);
      // A system that rolls initiative each round returns the new order; otherwise the order stands.
      if (start.order) newOrder = start.order;
      await markCannotAct(tx, fight, start.cannotAct);
      await tickClock(tx, fight.campaign.id, 1);
      await open.close(tx, actor);
      notes.push(`Round ${round} begins.`);
    }
    await bumpEncounter(tx, fight.encounter, { order: JSON.stringify(newOrder), round, turn });
    const encounter = await tx.encounter.findUniqueOrThrow({ where: { id: fight.encounter.id } });
    return { fight: await loadFight(tx, fight.campaign, encounter), results, notes, lapsed, newRound };
  });
}
