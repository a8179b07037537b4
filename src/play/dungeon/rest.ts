/** A dungeon turn spent resting: what the system restores (Third Age stamina, Life & Guard's Guard). */
import type { Campaign } from "../../generated/prisma/client.js";
import type { Combatant, RuleSystem } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import { activeCharacter, asCombatant } from "../characters/index.js";

/** What a rest restores: each turn's (system.rest) and, for each full day of complete rest, natural healing (system.restDays). */
function restOne(system: RuleSystem, c: Combatant, days: { days: number; bag: DiceBag }) {
  let r = system.rest ? system.rest(c, "turn") : null;
  const lines = r ? [...r.result.lines] : [];
  if (days.days > 0 && system.restDays) {
    const d = system.restDays(r ? { ...c, state: r.state } : c, days.days, days.bag);
    lines.push(...d.result.lines);
    r = d;
  }
  return r ? { state: r.state, lines } : null;
}

export async function restParty(tx: Tx, campaign: Campaign, system: RuleSystem, days: { days: number; bag: DiceBag }): Promise<string[]> {
  if (!system.rest && !(system.restDays && days.days > 0)) return [];
  const lines: string[] = [];
  const players = await tx.player.findMany({ where: { campaignId: campaign.id } });
  for (const p of players) {
    const c = await activeCharacter(tx, campaign.id, p.userId);
    if (!c) continue;
    const r = restOne(system, asCombatant(c), days);
    if (!r) continue;
    await tx.character.update({ where: { id: c.id }, data: { state: JSON.stringify(r.state), version: { increment: 1 } } });
    lines.push(...r.lines.map((l) => (l.includes(c.name) ? l : `${c.name}: ${l}`)));
  }
  for (const r of await tx.retainer.findMany({ where: { campaignId: campaign.id, status: "active" } })) {
    const state = JSON.parse(r.state) as Combatant["state"];
    if (!state.conditions) continue; // never fought: nothing to restore
    const rc: Combatant = { id: r.id, name: r.name, side: "party", kind: "retainer", sheet: JSON.parse(r.sheet), state };
    const res = restOne(system, rc, days);
    if (!res) continue;
    await tx.retainer.update({ where: { id: r.id }, data: { state: JSON.stringify(res.state), version: { increment: 1 } } });
    lines.push(...res.lines.map((l) => (l.includes(r.name) ? l : `${r.name}: ${l}`)));
  }
  return lines;
}
