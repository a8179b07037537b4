/** A dungeon turn spent resting: what the system restores (Third Age stamina, Life & Guard's Guard); and what time alone does. */
import type { Campaign } from "../../generated/prisma/client.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import type { Combatant, DamageResult, RuleSystem } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import { asCombatant } from "../characters/index.js";
import { partyCharacters } from "../characters/party.js";
import { defaultRestDays } from "../../rules/systems/rest-days.js";
import { keptAsState, keptCodecFor, sheetCodecFor } from "../codecs/sheets.js";

/** Runs `change` on every character of the party (characters/party.ts) and every active retainer that has fought, saving what it returns. */
async function forParty(
  tx: Tx,
  campaign: Campaign,
  system: RuleSystem,
  change: (c: Combatant) => DamageResult | null,
): Promise<string[]> {
  const lines: string[] = [];
  const kept = keptCodecFor(system);
  for (const c of await partyCharacters(tx, campaign)) {
    const r = change(asCombatant(c, system));
    if (!r) continue;
    await tx.character.update({
      where: { id: c.id },
      data: { state: kept.encode(r.state), version: { increment: 1 } },
    });
    lines.push(...r.result.lines.map((l) => (l.includes(c.name) ? l : `${c.name}: ${l}`)));
  }
  for (const r of await tx.retainer.findMany({ where: { campaignId: campaign.id, status: "active" } })) {
    const was = kept.decode(r.state);
    if (!was.conditions) continue; // never fought: nothing to restore
    const rc: Combatant = {
      id: r.id,
      name: r.name,
      side: "party",
      kind: "retainer",
      sheet: sheetCodecFor(system).decode(r.sheet),
      state: keptAsState(was),
    };
    const res = change(rc);
    if (!res) continue;
    await tx.retainer.update({
      where: { id: r.id },
      data: { state: kept.encode(res.state), version: { increment: 1 } },
    });
    lines.push(...res.result.lines.map((l) => (l.includes(r.name) ? l : `${r.name}: ${l}`)));
  }
  return lines;
}

/** A turn of rest (system.rest; a long rest once enough turns in a row have passed) and, for each full day of complete rest, natural healing (system.restDays). */
export async function restParty(
  tx: Tx,
  campaign: Campaign,
  system: RuleSystem,
  days?: { days: number; bag: DiceBag },
  long = false,
): Promise<string[]> {
  // A day of rest without the system's own rate rests long (defaultRestDays): the turn's rest would say it twice.
  const longInstead = !!days && days.days > 0 && !system.restDays;
  // `long`: the rest in a row has lasted as long as the system's long rest (Life & Guard: a few hours).
  const lines =
    system.rest && !longInstead
      ? await forParty(tx, campaign, system, (c) => system.rest!(c, long ? "long" : "turn"))
      : [];
  // A text without healing by days still rests (a long rest where it has one) and says it sets no rate.
  const byDays = (c: Combatant, n: number, bag: DiceBag) =>
    system.restDays ? system.restDays(c, n, bag) : defaultRestDays(system, c, n);
  if (days && days.days > 0)
    lines.push(...(await forParty(tx, campaign, system, (c) => byDays(c, days.days, days.bag))));
  return lines;
}

/** Game time passing between fights, for systems that say what it does (Castles & Crusades: subdual damage heals, the fallen wake). */
export async function passTime(
  tx: Tx,
  campaign: Campaign,
  system: RuleSystem,
  minutes: number,
  dice: DiceBag,
): Promise<string[]> {
  if (!system.timePasses || minutes <= 0) return [];
  return forParty(tx, campaign, system, (c) => system.timePasses!(c, minutes, dice));
}
