/** /retainer hire, list, loyalty, check, dismiss: each in one transaction; checks roll on the campaign's (or running encounter's) stream. */
import { possessive } from "../../rules/books.js";
import type { DiceRoll } from "../../rules/dice/bag.js";
import type { Campaign, LoyaltyEvent, Retainer } from "../../generated/prisma/client.js";
import type { LoyaltyResult } from "../../rules/systems/types.js";
import { capability, has } from "../../rules/systems/define.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import { campaignSystem } from "../campaigns/system.js";
import { asCombatant, checkName, findCharacter } from "../characters/index.js";
import { uniquely, UserError } from "../errors.js";
import { shortId } from "../ids.js";
import { isReferee, requireOwnerOrReferee, requireReferee } from "../permissions.js";
import { readSheetInput, validateSheet } from "../sheets.js";
import { bagFor, openStream } from "../streams.js";
import { findRetainer, requireRetainer } from "./find.js";
import { keptCodecFor, sheetCodecFor } from "../codecs/sheets.js";

/** Loyalty stays on the 2d6 scale (choice: every system rolls 2d6 against it). */
export const MIN_LOYALTY = 2;
export const MAX_LOYALTY = 12;
/** Where a system gives no starting loyalty (siege) and the sheet has none. */
export const DEFAULT_LOYALTY = 7;

export interface RetainerView {
  campaign: Campaign;
  retainer: Retainer;
  events: LoyaltyEvent[];
  lines: string[];
  check?: LoyaltyResult;
}

async function view(
  tx: Tx,
  campaign: Campaign,
  retainer: Retainer,
  lines: string[],
  check?: LoyaltyResult,
): Promise<RetainerView> {
  const events = await tx.loyaltyEvent.findMany({ where: { retainerId: retainer.id }, orderBy: { id: "asc" } });
  return { campaign, retainer, events, lines, ...(check ? { check } : {}) };
}

async function record(tx: Tx, r: Retainer, actor: Actor, delta: number, loyalty: number, reason: string, at: Date) {
  await tx.loyaltyEvent.create({
    data: { retainerId: r.id, delta, loyalty, reason: reason.slice(0, 200), byUserId: actor.userId, createdAt: at },
  });
}

/** A roll as the dice showed it, then its modifier: "2d6 = 5, −1 = 4" (not the total alone as if rolled). */
export function asShown(r: DiceRoll): string {
  const kept = r.dice.filter((d) => !d.dropped).reduce((n, d) => n + d.value, 0);
  const dice = r.notation.replace(/[+-]\d+$/, "");
  if (!r.modifier) return `${dice} = ${kept}`;
  return `${dice} = ${kept}, ${r.modifier > 0 ? "+" : "−"}${Math.abs(r.modifier)} = ${r.total}`;
}

/** Writes a retainer guarded by its version. */
async function update(tx: Tx, r: Retainer, data: Partial<Pick<Retainer, "loyalty" | "status">>): Promise<Retainer> {
  // A dismissed retainer's name is free again.
  const key = data.status === "dismissed" ? { nameKey: null } : {};
  const res = await tx.retainer.updateMany({
    where: { id: r.id, version: r.version },
    data: { ...data, ...key, version: { increment: 1 } },
  });
  if (res.count !== 1) throw new UserError(`${r.name} changed at the same moment: nothing was changed. Try again.`);
  return tx.retainer.findUniqueOrThrow({ where: { id: r.id } });
}

const clampLoyalty = (n: number) => Math.max(MIN_LOYALTY, Math.min(MAX_LOYALTY, n));

export async function hireRetainer(
  s: Services,
  actor: Actor,
  input: { name: string; employer: string; sheet?: string | null },
): Promise<RetainerView> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    const name = checkName(input.name);
    const employer = await findCharacter(tx, campaign.id, input.employer);
    if (employer?.kind !== "pc")
      throw new UserError(`No character named "${input.employer}" here to employ a retainer: see /character list.`);
    requireOwnerOrReferee(campaign, actor, employer.ownerId, `<@${employer.ownerId}>'s`);
    const taken = `"${name}" is taken in this campaign: pick another name.`;
    if ((await findRetainer(tx, campaign, name)) || (await findCharacter(tx, campaign.id, name)))
      throw new UserError(taken);
    const system = campaignSystem(campaign);
    const sheet = validateSheet(system.sheet, readSheetInput(input.sheet ?? "", system.sheet));
    const boss = asCombatant(employer, system);
    const bySystem = has(system, "retainers")?.startingLoyalty(boss, sheet) ?? null;
    const own = typeof sheet.loyalty === "number" ? sheet.loyalty : null;
    const [loyalty, how] =
      bySystem !== null && Number.isInteger(bySystem) && bySystem >= MIN_LOYALTY
        ? [clampLoyalty(bySystem), `${possessive(system.name)} starting loyalty`]
        : own !== null
          ? [clampLoyalty(own), "the sheet's loyalty"]
          : [DEFAULT_LOYALTY, `stated default ${DEFAULT_LOYALTY} (${system.name} gives none)`];
    const retainer = await uniquely(
      () =>
        tx.retainer.create({
          data: {
            id: shortId(),
            campaignId: campaign.id,
            guildId: actor.guildId,
            employerId: employer.ownerId,
            employerCharacterId: employer.id,
            name,
            nameKey: name.toLowerCase(),
            sheet: sheetCodecFor(system).encode(sheet),
            state: keptCodecFor(system).encode(system.initialState(sheet)),
            loyalty,
            createdAt: s.now(),
          },
        }),
      taken,
    );
    await record(tx, retainer, actor, 0, loyalty, `hired by ${employer.name}: ${how}`, s.now());
    return view(tx, campaign, retainer, [
      `${name} is hired by ${employer.name} (<@${employer.ownerId}>). Loyalty ${loyalty}: ${how}.`,
    ]);
  });
}

/** A player sees their own retainers; a referee sees every retainer of the campaign. */
export async function listRetainers(
  s: Services,
  actor: Actor,
): Promise<{ campaign: Campaign; retainers: Retainer[]; all: boolean }> {
  const db = s.store.db;
  const campaign = await requireCampaign(db, actor);
  const all = isReferee(campaign, actor);
  const retainers = await db.retainer.findMany({
    where: { campaignId: campaign.id, status: { not: "dismissed" }, ...(all ? {} : { employerId: actor.userId }) },
    orderBy: [{ employerId: "asc" }, { createdAt: "asc" }],
  });
  return { campaign, retainers, all };
}

/** With a change: raises or lowers loyalty, with the reason kept in its history (referee). Without: shows the history. */
export async function retainerLoyalty(
  s: Services,
  actor: Actor,
  input: { name: string; change?: number | null; reason?: string | null },
): Promise<RetainerView> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    const r = await requireRetainer(tx, campaign, input.name);
    if (!input.change) {
      requireOwnerOrReferee(campaign, actor, r.employerId, `<@${r.employerId}>'s`);
      return view(tx, campaign, r, []);
    }
    requireReferee(campaign, actor, "change a retainer's loyalty");
    const reason = input.reason?.trim();
    if (!reason)
      throw new UserError(
        "Say why loyalty changes with `reason` (a share of treasure, harsh treatment…): it is kept in the history.",
      );
    if (!Number.isInteger(input.change) || Math.abs(input.change) > 10)
      throw new UserError("Change loyalty by a whole number from -10 to 10.");
    const next = clampLoyalty(r.loyalty + input.change);
    const after = await update(tx, r, { loyalty: next });
    await record(tx, after, actor, next - r.loyalty, next, reason, s.now());
    const kept = next !== r.loyalty + input.change ? ` (kept within ${MIN_LOYALTY}–${MAX_LOYALTY})` : "";
    return view(tx, campaign, after, [
      `${r.name}'s loyalty ${input.change > 0 ? "rises" : "falls"}: ${r.loyalty} → ${next}${kept} — ${reason}.`,
    ]);
  });
}

/** 2d6 against loyalty by the system: stays, hesitates, or deserts (a deserter leaves the party). */
export async function checkLoyalty(
  s: Services,
  actor: Actor,
  input: { name: string; modifier?: number | null },
): Promise<RetainerView> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    const r = await requireRetainer(tx, campaign, input.name, ["active"]);
    requireOwnerOrReferee(campaign, actor, r.employerId, `<@${r.employerId}>'s`);
    const enc = await tx.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
    const open = await openStream(tx, { campaignId: campaign.id, encounterId: enc?.id ?? null });
    const res = capability(campaignSystem(campaign), "retainers").loyalty(
      { loyalty: r.loyalty, ...(input.modifier ? { modifier: input.modifier } : {}) },
      bagFor(open, `loyalty of ${r.name}`),
    );
    await open.close(tx, actor);
    const after = res.outcome === "deserts" ? await update(tx, r, { status: "deserted" }) : r;
    const shown = res.rolls[0] ? asShown(res.rolls[0]) : null;
    await record(tx, after, actor, 0, r.loyalty, `loyalty check${shown ? ` (${shown})` : ""}: ${res.outcome}`, s.now());
    const words = {
      stays: `${r.name} stays.`,
      hesitates: `${r.name} hesitates.`,
      deserts: `${r.name} deserts and leaves the party.`,
    };
    return view(tx, campaign, after, [words[res.outcome]], res);
  });
}

export async function dismissRetainer(s: Services, actor: Actor, input: { name: string }): Promise<RetainerView> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    const r = await requireRetainer(tx, campaign, input.name);
    requireOwnerOrReferee(campaign, actor, r.employerId, `<@${r.employerId}>'s`);
    const inFight = await tx.combatant.findFirst({
      where: { name: r.name, kind: "retainer", encounter: { campaignId: campaign.id, status: "active" } },
    });
    if (inFight) throw new UserError(`${r.name} is in the running encounter: end it before dismissing.`);
    const after = await update(tx, r, { status: "dismissed" });
    await record(tx, after, actor, 0, r.loyalty, "dismissed", s.now());
    return view(tx, campaign, after, [`${r.name} is dismissed.`]);
  });
}

/** Autocomplete: the retainers the actor may name (their own; a referee's: all). */
export async function retainerChoices(
  s: Services,
  actor: Actor,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const v = await listRetainers(s, actor).catch(() => null);
  const t = typed.toLowerCase();
  return (v?.retainers ?? [])
    .filter((r) => r.name.toLowerCase().includes(t))
    .slice(0, 25)
    .map((r) => ({ name: r.name, value: r.name }));
}
