/**
 * The campaign's bestiary: custom monsters the referee saved, reused by name
 * like the system's presets (`/encounter start monsters:"2 ogre brutes"`), with
 * autocomplete. Kept as characters of kind "monster" (never listed as characters):
 * the sheet as validated, and in `state` the fields the referee typed, so that what
 * was not typed (hit points) is rolled for each one as it enters a fight.
 */
import { possessive } from "../../rules/books.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import type { Db } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, uniquely, UserError } from "../errors.js";
import { shortId } from "../ids.js";
import { requireReferee } from "../permissions.js";
import { requireCampaign } from "../campaigns/find.js";
import type { Campaign } from "../../generated/prisma/client.js";
import { campaignSystem } from "../campaigns/system.js";
import { checkName, nameKeyOf } from "../characters/index.js";
import { readSheetInput, validateSheet } from "../sheets.js";
import { keptCodecFor, sheetCodecFor } from "../codecs/sheets.js";

export interface BestiaryEntry {
  name: string;
  sheet: Record<string, unknown>;
  typed: Record<string, unknown>;
}

/** Custom stats as typed: key=value pairs, or one stat line in the system's terms (B/X: `HD 4+1 AC 5 ATK 1d10 ML 10`). */
export function readStats(
  system: RuleSystem,
  stats: string,
): { name: string | null; typed: Record<string, unknown>; sheet: Record<string, unknown> } {
  let name: string | null = null;
  let text = stats;
  // key=value (or JSON) with a name in front: "Wight: hd=3 ac=5" (a value's own colons, "claw:1d6", have none after them).
  const colon = stats.indexOf(": ");
  const head = colon > 0 ? stats.slice(0, colon).trim() : "";
  const rest = colon > 0 ? stats.slice(colon + 2).trim() : "";
  if (head && !/[=:{}"|]/.test(head) && /[={]/.test(rest)) {
    name = head;
    text = rest;
  }
  // No "=" and no JSON: a stat line, as pasted from a book too ("AC: 16" reads as "AC 16").
  else if (system.statLine && !/[={]/.test(stats)) {
    const r = rule(() => system.statLine!(stats.replace(/(\w)\s*:\s+/g, "$1 ")));
    name = r.name;
    text = r.fields;
  }
  const typed = readSheetInput(text, system.monster);
  return { name, typed, sheet: validateSheet(system.monster, typed) as Record<string, unknown> };
}

/** One stat line a kind, separated by `;` ("Wight: HD 3 AC 5; Ghoul: HD 2 AC 6"), each read as `readStats` reads one. */
export function statLines(system: RuleSystem, stats: string): ReturnType<typeof readStats>[] {
  return stats
    .split(";")
    .map((x) => x.trim())
    .filter(Boolean)
    .map((line) => readStats(system, line));
}

/** Every saved monster of the campaign, by lower-case name. */
export async function bestiaryOf(db: Tx | Db, campaign: Campaign): Promise<Record<string, BestiaryEntry>> {
  const rows = await db.character.findMany({
    where: { campaignId: campaign.id, kind: "monster", deletedAt: null },
    orderBy: { name: "asc" },
  });
  const system = campaignSystem(campaign);
  const out: Record<string, BestiaryEntry> = {};
  for (const r of rows)
    out[r.name.toLowerCase()] = {
      name: r.name,
      sheet: sheetCodecFor(system).decode(r.sheet),
      typed: keptCodecFor(system).decode(r.state),
    };
  return out;
}

/** Saves (or replaces) a custom monster under a name (referee). The name may come from the stat line itself. */
export async function saveToBestiary(
  s: Services,
  actor: Actor,
  input: { name?: string | null; stats: string },
): Promise<{ entry: BestiaryEntry; replaced: boolean; system: string; rollsHp: boolean }> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "keep the bestiary");
    const system = campaignSystem(campaign);
    const read = readStats(system, input.stats);
    const raw = input.name?.trim() || read.name;
    if (!raw) throw new UserError("Name the monster: `name:Ogre brute`, or put the name in front of the stat line.");
    const name = checkName(raw).toLowerCase();
    if (name in system.presets)
      throw new UserError(`"${name}" is one of ${possessive(system.name)} presets: pick another name for your own.`);
    const old = await tx.character.findFirst({
      where: { campaignId: campaign.id, kind: "monster", deletedAt: null, name },
    });
    const data = { sheet: sheetCodecFor(system).encode(read.sheet), state: keptCodecFor(system).encode(read.typed) };
    if (old) await tx.character.update({ where: { id: old.id }, data: { ...data, version: { increment: 1 } } });
    else {
      await uniquely(
        () =>
          tx.character.create({
            data: {
              id: shortId(),
              campaignId: campaign.id,
              ownerId: actor.userId,
              kind: "monster",
              name,
              nameKey: nameKeyOf(name, "monster"),
              ...data,
            },
          }),
        `"${name}" was saved to the bestiary at the same moment by another request: nothing was changed. Save it again to replace it.`,
      );
    }
    return {
      entry: { name, sheet: read.sheet, typed: read.typed },
      replaced: !!old,
      system: system.name,
      rollsHp: !!system.rollMonster,
    };
  });
}
