/**
 * An attack nobody reacted to resolves when the campaign's reaction window runs out (the sweeper),
 * when the round ends, when the encounter ends, or when the referee resolves the waiting ones from
 * the board. Another attack or the next combatant's turn does not close it.
 */
import { encounterById, openAttacks, updatePending } from "../../store/hot.js";
import { laneOnly } from "../../store/lane.js";
import type { Services } from "../services.js";
import { requireReferee } from "../permissions.js";
import type { Hot } from "../../store/client.js";
import type { Actor } from "../actor.js";
import { bagFor, openStream } from "../streams.js";
import { applyEffects } from "../encounters/effects.js";
import { loadFight, requireFightOf, type Fight } from "../encounters/load.js";
import { attackInput, readPending, stepEffects } from "./pending.js";
import type { AttackState } from "../../rules/systems/types.js";
import type { DiceRoll } from "../../rules/dice/bag.js";
import { attackInputCodec, attackStateCodec } from "../codecs/pending.js";

export interface Lapsed {
  pendingId: string;
  encounterId: string;
  channelId: string;
  messageId: string | null;
  state: AttackState;
  outcomeLines: string[];
  outcomeRolls: DiceRoll[];
  version: number;
  attacker: string;
  defender: string;
  encounterName: string;
}

export async function lapseOpenAttacks(
  tx: Hot,
  fight: Fight,
  actor: Actor,
  now: Date,
  onlyDue = false,
): Promise<Lapsed[]> {
  const open = await openAttacks(tx, fight.encounter.id, onlyDue ? now : undefined);
  if (!open.length) return [];
  const stream = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
  const out: Lapsed[] = [];
  for (const p of open) {
    const { state, input } = readPending(p);
    const bag = bagFor(stream, "reaction window lapsed");
    const next = fight.system.attack.lapse(state, attackInput(fight, input), bag);
    const applied = await applyEffects(tx, fight, stepEffects(next), bag);
    const stored = {
      ...input,
      outcomeLines: [...input.outcomeLines, ...applied.lines],
      outcomeRolls: [...(input.outcomeRolls ?? []), ...applied.rolls],
    };
    const closed = await updatePending(tx, p.id, p.version, {
      state: attackStateCodec.encode(next),
      input: attackInputCodec.encode(stored),
    });
    const name = (id: string) => fight.rows.find((x) => x.id === id)?.name ?? "?";
    if (closed === 1) {
      out.push({
        pendingId: p.id,
        encounterId: fight.encounter.id,
        channelId: p.channelId,
        messageId: p.messageId,
        state: next,
        outcomeLines: stored.outcomeLines,
        outcomeRolls: stored.outcomeRolls,
        version: p.version + 1,
        attacker: name(input.attackerId),
        defender: name(input.defenderId),
        encounterName: fight.encounter.name,
      });
    }
  }
  await stream.close(tx, actor);
  return out;
}

/**
 * The board's "Resolve N waiting" (a referee): every attack still waiting for an answer resolves as it
 * stands, at once, and the board says so.
 */
export async function resolveWaiting(
  s: Services,
  actor: Actor,
  encounterId: string,
): Promise<{ fight: Fight; results: never[]; notes: string[]; lapsed: Lapsed[] }> {
  // Only the lane's statements (hot.ts), as /next.
  return s.store.db.$transaction(
    laneOnly(async (tx: Hot) => {
      const fight = await requireFightOf(tx, actor, encounterId);
      requireReferee(fight.campaign, actor, "resolve the attacks waiting for an answer");
      const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
      const notes = lapsed.length
        ? [
            `The referee resolved ${lapsed.length === 1 ? "the attack" : `${lapsed.length} attacks`} waiting for an answer, as ${lapsed.length === 1 ? "it stood" : "they stood"}: ${lapsed.map((l) => `${l.attacker} → ${l.defender}`).join(", ")}.`,
          ]
        : ["No attack was waiting for an answer any more: nothing was changed."];
      return {
        fight: await loadFight(tx, fight.campaign, await encounterById(tx, fight.encounter.id)),
        results: [],
        notes,
        lapsed,
      };
    }),
  );
}
