/**
 * An attack nobody reacted to resolves when the next action in its encounter
 * starts, or when the campaign's reaction window runs out (the sweeper).
 */
import { openAttacks, updatePending } from "../../store/hot.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import { bagFor, openStream } from "../streams.js";
import { applyEffects } from "../encounters/effects.js";
import type { Fight } from "../encounters/load.js";
import { attackInput, readPending, stepEffects } from "./pending.js";
import type { AttackState } from "../../rules/systems/types.js";

export interface Lapsed {
  pendingId: string;
  channelId: string;
  messageId: string | null;
  state: AttackState;
  outcomeLines: string[];
  version: number;
  attacker: string;
  defender: string;
  encounterName: string;
}

export async function lapseOpenAttacks(tx: Tx, fight: Fight, actor: Actor, now: Date, onlyDue = false): Promise<Lapsed[]> {
  const open = await openAttacks(tx, fight.encounter.id, onlyDue ? now : undefined);
  if (!open.length) return [];
  const stream = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
  const out: Lapsed[] = [];
  for (const p of open) {
    const { state, input } = readPending(p);
    const bag = bagFor(stream, "reaction window lapsed");
    const next = fight.system.attack.lapse(state, attackInput(fight, input), bag);
    const applied = await applyEffects(tx, fight, stepEffects(next), bag);
    const stored = { ...input, outcomeLines: [...input.outcomeLines, ...applied.lines] };
    const closed = await updatePending(tx, p.id, p.version, { state: JSON.stringify(next), input: JSON.stringify(stored) });
    const name = (id: string) => fight.rows.find((x) => x.id === id)?.name ?? "?";
    if (closed === 1) {
      out.push({
        pendingId: p.id,
        channelId: p.channelId,
        messageId: p.messageId,
        state: next,
        outcomeLines: stored.outcomeLines,
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
