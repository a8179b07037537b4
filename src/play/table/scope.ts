/** The table's shared steps: the campaign and fight a roll is made in, its dice, and who is meant. */
import { campaignSystem } from "../campaigns/system.js";
import type { Campaign } from "../../generated/prisma/client.js";
import {
  isUnsupported,
  type Combatant,
  type DamageResult,
  type RuleResult,
  type RuleSystem,
  type StateView,
} from "../../rules/systems/types.js";
import type { Tx, Hot } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { UserError } from "../errors.js";
import { didYouMean } from "../nearest.js";
import { isReferee } from "../permissions.js";
import { requireCampaign } from "../campaigns/find.js";
import { activeCharacter, asCombatant, findCharacter } from "../characters/index.js";
import { bagFor, openStream } from "../streams.js";
import { isDown, loadFight, toRule, type Fight } from "../encounters/load.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import { activeEncounter } from "../../store/hot.js";
import { pickCombatant } from "../round/pick.js";
import { mayMove } from "../round/who.js";

export interface TableResult {
  result: RuleResult;
  extra: string[];
  campaign: Campaign;
}

export interface Scope {
  campaign: Campaign;
  fight: Fight | null;
}

export async function scope(tx: Hot, actor: Actor): Promise<Scope> {
  const campaign = await requireCampaign(tx, actor);
  const enc = await activeEncounter(tx, campaign.id);
  return { campaign, fight: enc ? await loadFight(tx, campaign, enc) : null };
}

/** Runs `fn` with a bag on the right stream and logs what it rolled, in one transaction (the caller's, when given). */
export async function withDice<T>(
  s: Services,
  actor: Actor,
  purpose: string,
  fn: (tx: Tx, sc: Scope, bag: DiceBag) => Promise<T>,
  hidden = false,
  inTx?: Tx,
): Promise<T> {
  const run = async (tx: Tx) => {
    const sc = await scope(tx, actor);
    const open = await openStream(tx, { campaignId: sc.campaign.id, encounterId: sc.fight?.encounter.id ?? null });
    const out = await fn(tx, sc, bagFor(open, purpose, hidden));
    await open.close(tx, actor);
    return out;
  };
  return inTx ? run(inTx) : s.store.db.$transaction(run);
}

export function unsupported<T>(r: T): Exclude<T, { unsupported: true }> {
  if (isUnsupported(r)) throw new UserError(r.message);
  return r as Exclude<T, { unsupported: true }>;
}

/**
 * Whose roll: the character with this id (a roll call's slot, which a rename cannot move), the named
 * character (referee, or one's own), else the actor's combatant or active character.
 */
export async function who(
  tx: Tx,
  sc: Scope,
  actor: Actor,
  name?: string | null,
  characterId?: string | null,
): Promise<Combatant> {
  if (characterId) {
    const row = sc.fight?.rows.find((r) => r.characterId === characterId);
    const c = row
      ? null
      : await tx.character.findFirst({ where: { id: characterId, campaignId: sc.campaign.id, deletedAt: null } });
    const ownerId = row ? row.controllerId : c?.ownerId;
    if (!row && !c) throw new UserError("That character is no longer in this campaign: nothing was rolled.");
    if (ownerId !== actor.userId && !isReferee(sc.campaign, actor))
      throw new UserError(`That is ${ownerId ? `<@${ownerId}>'s` : "the referee's"} to roll.`);
    const system = campaignSystem(sc.campaign);
    return row ? toRule(row, system) : asCombatant(c!, system);
  }
  if (sc.fight) {
    const rows = sc.fight.rows;
    // Unnamed: the combatant /attack would pick for this actor (pick.ts), when they have one here.
    const row = name
      ? rows.find((r) => r.name.toLowerCase() === name.toLowerCase())
      : rows.some((r) => r.controllerId === actor.userId)
        ? pickCombatant(sc.fight, actor, null, "roll")
        : undefined;
    if (row) {
      if (!mayMove(sc.campaign, actor, row))
        throw new UserError(`That is ${row.controllerId ? `<@${row.controllerId}>'s` : "the referee's"} to roll.`);
      return toRule(row, sc.fight.system);
    }
  }
  const c = name
    ? await findCharacter(tx, sc.campaign.id, name)
    : await activeCharacter(tx, sc.campaign.id, actor.userId);
  if (!c)
    throw new UserError(
      name
        ? `No character named "${name}" here.${await nearTargets(tx, sc, name)}`
        : "You have no character here: create one with /character create.",
    );
  if (c.ownerId !== actor.userId && !isReferee(sc.campaign, actor))
    throw new UserError(`That is <@${c.ownerId}>'s to roll.`);
  return asCombatant(c, campaignSystem(sc.campaign));
}

/** " Did you mean …?" among the fight's combatants and the campaign's characters, or "". */
export async function nearTargets(tx: Tx, sc: Scope, typed: string): Promise<string> {
  const characters = await tx.character.findMany({
    where: { campaignId: sc.campaign.id, deletedAt: null, kind: { not: "monster" } },
    select: { name: true },
  });
  return didYouMean(typed, [...(sc.fight?.rows.map((r) => r.name) ?? []), ...characters.map((c) => c.name)]);
}

/** No combatant and no character by that name: the refusal names the nearest of both. */
export async function noTarget(tx: Tx, sc: Scope, target: string): Promise<UserError> {
  return new UserError(
    `There is no "${target}" here.${(await nearTargets(tx, sc, target)) || " Pick a character or a combatant from the list."}`,
  );
}

/** Where a combatant stands after damage; a fall (death, unconscious…) the damage lines already told is not told again. */
export function nowLine(v: StateView, c: Combatant): string {
  return `Now: ${v.summary}${v.status && !isDown(c) ? ` (${v.status})` : ""}.`;
}

/** Healing says what changed ("Alda: HP 9/10 → HP 10/10"), not only what was offered. */
export function healed(sys: RuleSystem, before: Combatant, r: DamageResult, amount: number): RuleResult {
  const was = sys.view(before);
  const now = sys.view({ ...before, state: r.state });
  const title =
    was.summary === now.summary && was.status === now.status
      ? `${before.name} is not healed: already ${now.summary}`
      : `${before.name} healed: ${was.summary} → ${now.summary}`;
  const status = was.status !== now.status ? [`Now ${now.status || "unhurt"} (was ${was.status || "unhurt"}).`] : [];
  return { ...r.result, title, lines: [...r.result.lines, ...status, `Healing offered: ${amount}.`] };
}
