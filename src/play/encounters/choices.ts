import { campaignSystem } from "../campaigns/system.js";
import type { Actor } from "../actor.js";
import { campaignChannels } from "../actor.js";
import type { Services } from "../services.js";

/**
 * Autocomplete: ended encounters of this channel's campaigns, newest first, by the name players know them by
 * (never a row id); a name played twice is offered once, for its newest encounter, which /verify takes it for.
 */
export async function endedEncounterChoices(
  s: Services,
  actor: Actor,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const rows = await s.store.db.encounter.findMany({
    where: { revealed: true, campaign: { guildId: actor.guildId, channelId: { in: campaignChannels(actor) } } },
    orderBy: { endedAt: "desc" },
    take: 500,
    select: { name: true, round: true },
  });
  const t = typed.trim().toLowerCase();
  const seen = new Set<string>();
  const out: { name: string; value: string }[] = [];
  for (const r of rows) {
    const key = r.name.toLowerCase();
    if (seen.has(key) || !key.includes(t)) continue;
    seen.add(key);
    out.push({ name: `${r.name} (${r.round} rounds)`.slice(0, 100), value: r.name.slice(0, 100) });
    if (out.length === 25) break;
  }
  return out;
}

import { findCampaign } from "../campaigns/find.js";
import { UserError } from "../errors.js";
import { mayMove } from "../round/who.js";
import { pickCombatant } from "../round/pick.js";
import { loadFight, toRule, isDown } from "./load.js";

/** Autocomplete: combatants of the running encounter ("mine": those the actor may move; the referee may move anyone's). */
export async function combatantChoices(
  s: Services,
  actor: Actor,
  typed: string,
  which: "all" | "mine",
): Promise<{ name: string; value: string }[]> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign) return [];
  const enc = await s.store.db.encounter.findFirst({
    where: { campaignId: campaign.id, status: "active" },
    include: { combatants: true },
  });
  if (!enc) return [];
  const t = typed.toLowerCase();
  const system = campaignSystem(campaign);
  const down = (c: (typeof enc.combatants)[number]) => isDown(toRule(c, system));
  return enc.combatants
    .filter((c) => c.name.toLowerCase().includes(t))
    .filter((c) => which === "all" || mayMove(campaign, actor, c))
    .sort((a, b) => Number(down(a)) - Number(down(b)) || a.name.localeCompare(b.name))
    .slice(0, 25)
    .map((c) => ({ name: `${c.name}${down(c) ? " (down)" : ""} — ${c.side}`.slice(0, 100), value: c.name }));
}

/** What `fn` picks, or null where it refuses (a list offers nothing rather than an error). */
function orNone<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (err) {
    if (err instanceof UserError) return null;
    throw err;
  }
}

/** Autocomplete: the weapons on the attacker's sheet. */
export async function weaponChoices(
  s: Services,
  actor: Actor,
  typed: string,
  attacker?: string | null,
): Promise<{ name: string; value: string }[]> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign) return [];
  const enc = await s.store.db.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
  // The attacker /attack and /odds would pick; none (several to choose from, a typo): no list.
  const f = enc ? await loadFight(s.store.db, campaign, enc) : null;
  const row = f ? orNone(() => pickCombatant(f, actor, attacker, "odds")) : null;
  if (!f || !row) return [];
  const sheet: { weapons?: { name: string; damage?: string; die?: string }[] } = sheetCodecFor(f.system).decode(
    row.sheet,
  );
  const t = typed.toLowerCase();
  return (sheet.weapons ?? [])
    .filter((w) => w.name.toLowerCase().includes(t))
    .slice(0, 25)
    .map((w) => ({ name: `${w.name} (${w.damage ?? w.die ?? "?"})`.slice(0, 100), value: w.name.slice(0, 100) }));
}

/** Autocomplete: the system's monster presets and the campaign's bestiary, keeping any count typed ("4 gob" → "4 goblin"). */
export async function presetChoices(
  s: Services,
  actor: Actor,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign) return [];
  const sys = campaignSystem(campaign);
  // Everything up to the last comma (and the spaces after it), then a count: kept as typed.
  const comma = typed.lastIndexOf(",");
  const after = typed.slice(comma + 1);
  const list = comma < 0 ? "" : typed.slice(0, comma + 1) + after.slice(0, after.length - after.trimStart().length);
  const rest = typed.slice(list.length);
  const count = /^\d+\s*/.exec(rest)?.[0] ?? "";
  const head = list + count;
  const word = rest.slice(count.length).trim().toLowerCase();
  const { bestiaryOf } = await import("./bestiary.js");
  return [...Object.keys(sys.presets), ...Object.keys(await bestiaryOf(s.store.db, campaign))]
    .filter((p) => p.includes(word))
    .slice(0, 25)
    .map((p) => ({ name: `${head}${p}`.slice(0, 100), value: `${head}${p}`.slice(0, 100) }));
}

import { sheetCodecFor } from "../codecs/sheets.js";

/** Autocomplete: combatants of the running encounter, else the campaign's characters. */
export async function targetChoices(
  s: Services,
  actor: Actor,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const fromFight = await combatantChoices(s, actor, typed, "all");
  if (fromFight.length) return fromFight;
  const { characterChoices } = await import("../characters/index.js");
  return characterChoices(s, actor, typed);
}

export async function attributeChoices(
  s: Services,
  actor: Actor,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign) return [];
  const t = typed.toLowerCase();
  return campaignSystem(campaign)
    .attributes.filter((a) => a.toLowerCase().includes(t))
    .slice(0, 25)
    .map((a) => ({ name: a, value: a }));
}

export async function saveChoices(
  s: Services,
  actor: Actor,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign) return [];
  const saves = campaignSystem(campaign).saves;
  const t = typed.toLowerCase();
  return saves
    .filter((a) => a.toLowerCase().includes(t))
    .slice(0, 25)
    .map((a) => ({ name: a, value: a }));
}
