/** A dungeon turn spent resting: what the system restores (Third Age stamina, Life & Guard's Guard). */
import type { Campaign } from "../../generated/prisma/client.js";
import type { Combatant, RuleSystem } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import { activeCharacter, asCombatant } from "../characters/index.js";

export async function restParty(tx: Tx, campaign: Campaign, system: RuleSystem): Promise<string[]> {
  if (!system.rest) return [];
  const lines: string[] = [];
  const players = await tx.player.findMany({ where: { campaignId: campaign.id } });
  for (const p of players) {
    const c = await activeCharacter(tx, campaign.id, p.userId);
    if (!c) continue;
    const r = system.rest(asCombatant(c), "turn");
    await tx.character.update({ where: { id: c.id }, data: { state: JSON.stringify(r.state), version: { increment: 1 } } });
    lines.push(...r.result.lines.map((l) => (l.includes(c.name) ? l : `${c.name}: ${l}`)));
  }
  for (const r of await tx.retainer.findMany({ where: { campaignId: campaign.id, status: "active" } })) {
    const state = JSON.parse(r.state) as Combatant["state"];
    if (!state.conditions) continue; // never fought: nothing to restore
    const rc: Combatant = { id: r.id, name: r.name, side: "party", kind: "retainer", sheet: JSON.parse(r.sheet), state };
    const res = system.rest(rc, "turn");
    await tx.retainer.update({ where: { id: r.id }, data: { state: JSON.stringify(res.state), version: { increment: 1 } } });
    lines.push(...res.result.lines.map((l) => (l.includes(r.name) ? l : `${r.name}: ${l}`)));
  }
  return lines;
}
