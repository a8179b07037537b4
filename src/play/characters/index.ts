/** /character: create, show, edit, list, use, delete — sheets validated by the campaign's system. */
import { campaignSystem } from "../campaigns/system.js";
import type { Campaign, Character } from "../../generated/prisma/client.js";
import type { CombatState, Combatant, FilledSheet, RuleResult, RuleSystem } from "../../rules/systems/types.js";
import { has, refusal } from "../../rules/systems/define.js";
import { bagFor, openStream } from "../streams.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { uniquely, UserError } from "../errors.js";
import { shortId } from "../ids.js";
import { isReferee, requireOwnerOrReferee } from "../permissions.js";
import { requireCampaign } from "../campaigns/find.js";
import { formFields, readFormValues, readSheetInput, sheetTemplate, validateSheet, type FormField } from "../sheets.js";
import { keptAsState, keptCodecFor, sheetCodecFor } from "../codecs/sheets.js";
import { applySheetToFight, type AppliedToFight } from "./fight.js";

export interface CharacterView {
  character: Character;
  campaign: Campaign;
  system: RuleSystem;
  sheet: Record<string, unknown>;
  state: CombatState;
  active: boolean;
}

/** A character as the rules of its campaign's system see it outside a fight (on the party's side). */
export function asCombatant(
  c: Pick<Character, "id" | "name" | "kind" | "sheet" | "state">,
  system: RuleSystem,
): Combatant {
  return {
    id: c.id,
    name: c.name,
    side: "party",
    kind: c.kind as Combatant["kind"],
    sheet: sheetCodecFor(system).decode(c.sheet),
    state: keptAsState(keptCodecFor(system).decode(c.state)),
  };
}

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} '’.-]{0,39}$/u;

export function checkName(name: string): string {
  const n = name.trim();
  if (!NAME.test(n))
    throw new UserError(
      "A name is 1 to 40 letters, digits, spaces, apostrophes, dots or hyphens, starting with a letter or digit.",
    );
  return n;
}

/** The key a name is unique by in its campaign (see the schema's `nameKey`): a bestiary entry's apart from characters'. */
export function nameKeyOf(name: string, kind: string): string {
  const n = name.trim().toLowerCase();
  return kind === "monster" ? `monster:${n}` : n;
}

export async function findCharacter(
  tx: Tx | Services["store"]["db"],
  campaignId: string,
  name: string,
): Promise<Character | null> {
  const rows = await tx.character.findMany({ where: { campaignId, deletedAt: null, kind: { not: "monster" } } });
  const n = name.trim().toLowerCase();
  return rows.find((c) => c.id === name) ?? rows.find((c) => c.name.toLowerCase() === n) ?? null;
}

/** The character the actor plays now: the one set with /character use, or their only one. */
export async function activeCharacter(
  tx: Tx | Services["store"]["db"],
  campaignId: string,
  userId: string,
): Promise<Character | null> {
  const p = await tx.player.findUnique({ where: { campaignId_userId: { campaignId, userId } } });
  if (p?.activeCharacterId) {
    const c = await tx.character.findFirst({ where: { id: p.activeCharacterId, deletedAt: null } });
    if (c) return c;
  }
  const own = await tx.character.findMany({
    where: { campaignId, ownerId: userId, deletedAt: null, kind: "pc" },
    take: 2,
  });
  return own.length === 1 ? own[0]! : null;
}

export function toView(c: Character, campaign: Campaign, active: boolean): CharacterView {
  const system = campaignSystem(campaign);
  return {
    character: c,
    campaign,
    system,
    sheet: sheetCodecFor(system).decode(c.sheet),
    state: keptAsState(keptCodecFor(system).decode(c.state)),
    active,
  };
}

export async function createCharacter(
  s: Services,
  actor: Actor,
  input: {
    name: string;
    sheet?: string | null;
    ownerId?: string | null;
    kind?: "pc" | "retainer";
    fields?: Record<string, string>;
    roll?: boolean | null;
  },
): Promise<CharacterView & { filled?: RuleResult; said?: Record<string, string> }> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    const system = campaignSystem(campaign);
    const name = checkName(input.name);
    const ownerId = input.ownerId ?? actor.userId;
    if (ownerId !== actor.userId && !isReferee(campaign, actor))
      throw new UserError("Only a referee can create a character for someone else.");
    const taken = `There is already a character named "${name}" in this campaign: pick another name.`;
    if (await findCharacter(tx, campaign.id, name)) throw new UserError(taken);
    const typed = input.fields
      ? readFormValues(input.fields, system.sheet)
      : readSheetInput(input.sheet ?? "", system.sheet);
    const filled = input.roll ? await fillByRules(tx, campaign, system, name, typed, actor) : null;
    const sheet = validateSheet(system.sheet, { ...(filled?.fields ?? {}), ...typed });
    const state = { ...system.initialState(sheet), ...(filled?.filled.length ? { [FILLED]: filled.filled } : {}) };
    const kind = input.kind ?? "pc";
    // The unique key refuses the same name created at the same moment (the check above cannot see the other request).
    const character = await uniquely(
      () =>
        tx.character.create({
          data: {
            id: shortId(),
            campaignId: campaign.id,
            ownerId,
            kind,
            name,
            nameKey: nameKeyOf(name, kind),
            sheet: sheetCodecFor(system).encode(sheet),
            state: keptCodecFor(system).encode(state),
          },
        }),
      taken,
    );
    const player = await tx.player.findUnique({
      where: { campaignId_userId: { campaignId: campaign.id, userId: ownerId } },
    });
    if (!player?.activeCharacterId) {
      await tx.player.upsert({
        where: { campaignId_userId: { campaignId: campaign.id, userId: ownerId } },
        create: { campaignId: campaign.id, userId: ownerId, activeCharacterId: character.id },
        update: { activeCharacterId: character.id },
      });
    }
    return {
      ...toView(character, campaign, !player?.activeCharacterId),
      ...(filled ? { filled: filled.result, said: filled.said ?? {} } : {}),
    };
  });
}

/** A sheet to start from, in the words a player types: ", e.g. `body=0 … hp=6`". */
const example = (system: RuleSystem) => {
  const t = sheetTemplate(system.sheet);
  return t ? `, e.g. \`${t}\`` : "";
};

/** Whether the campaign's system rolls anything for a new sheet (/character create roll:true); without, a new player gets the form. */
export async function rollsSheets(s: Services, actor: Actor): Promise<boolean> {
  const campaign = await requireCampaign(s.store.db, actor);
  return has(campaignSystem(campaign), "fill") !== undefined;
}

/** The state key listing the sheet fields the rules filled (the rest are the player's own). */
export const FILLED = "_filled";

/** What the rules roll and derive for a new sheet, from the campaign's stream (logged, verifiable). */
async function fillByRules(
  tx: Tx,
  campaign: Campaign,
  system: RuleSystem,
  name: string,
  typed: Record<string, unknown>,
  actor: Actor,
): Promise<FilledSheet> {
  const rolls = has(system, "fill");
  if (!rolls)
    throw new UserError(
      `${refusal(system, "fill")}: type its fields${example(system)} (or leave out \`roll\` and fill the form).`,
    );
  const open = await openStream(tx, { campaignId: campaign.id, encounterId: null });
  const filled = rolls.fillSheet(typed, bagFor(open, `sheet of ${name}`));
  await open.close(tx, actor);
  if (!filled)
    throw new UserError(`${system.name} gives nothing to roll for this sheet: type its fields${example(system)}.`);
  return filled;
}

export async function resolve(
  tx: Tx | Services["store"]["db"],
  actor: Actor,
  name: string | null | undefined,
): Promise<{ campaign: Campaign; character: Character }> {
  const campaign = await requireCampaign(tx, actor);
  const character = name
    ? await findCharacter(tx, campaign.id, name)
    : await activeCharacter(tx, campaign.id, actor.userId);
  if (!character) {
    throw new UserError(
      name
        ? `No character named "${name}" in this campaign: see /character list.`
        : "You have no character here yet: create one with /character create, or pick one with /character use.",
    );
  }
  return { campaign, character };
}

export async function showCharacter(s: Services, actor: Actor, name?: string | null): Promise<CharacterView> {
  const { campaign, character } = await resolve(s.store.db, actor, name);
  const active = await activeCharacter(s.store.db, campaign.id, character.ownerId);
  return toView(character, campaign, active?.id === character.id);
}

/** The conditions the fields in `typed` alone start a fight with, beyond what an empty sheet starts with. */
function startsWith(system: ReturnType<typeof campaignSystem>, typed: Record<string, unknown>): string[] {
  const base = system.sheet.safeParse({});
  const only = system.sheet.safeParse(typed);
  if (!base.success || !only.success) return [];
  const plain = new Set(system.initialState(base.data).conditions as string[]);
  return (system.initialState(only.data).conditions as string[]).filter((c) => !plain.has(c));
}

export async function editCharacter(
  s: Services,
  actor: Actor,
  input: { name?: string | null; sheet?: string | null; fields?: Record<string, string>; rename?: string | null },
): Promise<CharacterView & { fight: AppliedToFight | null }> {
  return s.store.db.$transaction(async (tx) => {
    const { campaign, character } = await resolve(tx, actor, input.name);
    requireOwnerOrReferee(campaign, actor, character.ownerId, `${character.name}'s owner's`);
    const system = campaignSystem(campaign);
    const typed = input.fields
      ? readFormValues(input.fields, system.sheet)
      : readSheetInput(input.sheet ?? "", system.sheet);
    const merged = { ...sheetCodecFor(system).decode(character.sheet), ...typed };
    const sheet = validateSheet(system.sheet, merged);
    const rename = input.rename ? checkName(input.rename) : null;
    if (
      rename &&
      rename.toLowerCase() !== character.name.toLowerCase() &&
      (await findCharacter(tx, campaign.id, rename))
    ) {
      throw new UserError(`There is already a character named "${rename}".`);
    }
    // An edit changes only what it names: a value the edit leaves where it started (Guard 0 of 3 when only the
    // weapons change, a maximum a Scar raised) is kept; one the edit moves follows the sheet, current values
    // keeping what was spent within the new maxima.
    const fresh = system.initialState(sheet) as Record<string, unknown>;
    const oldSheet = system.sheet.safeParse(sheetCodecFor(system).decode(character.sheet));
    const was = (oldSheet.success ? system.initialState(oldSheet.data) : {}) as Record<string, unknown>;
    const old: Record<string, unknown> = keptCodecFor(system).decode(character.state);
    const state: Record<string, unknown> = { ...fresh };
    for (const [k, v] of Object.entries(old)) {
      const maxKey = [`max${k[0]!.toUpperCase()}${k.slice(1)}`, `${k}Max`].find((m) => typeof fresh[m] === "number");
      const untouched =
        typeof v === "number" &&
        typeof fresh[k] === "number" &&
        was[k] === fresh[k] &&
        (!maxKey || was[maxKey] === fresh[maxKey]);
      if (untouched) state[k] = v;
      else if (typeof v === "number" && maxKey) state[k] = Math.min(v, fresh[maxKey] as number);
      // Conditions stay; what the new sheet starts with that the old did not (a weapon newly enchanted) is added,
      // and so is what the fields this edit names start with (a weapon restated as enchanted after a rest spent it).
      else if (k === "conditions") {
        const had = new Set(Array.isArray(was.conditions) ? (was.conditions as string[]) : []);
        const starts = Array.isArray(fresh.conditions) ? (fresh.conditions as string[]) : [];
        const restated = new Set(startsWith(system, typed));
        const added = starts.filter((c) => !had.has(c) || restated.has(c));
        state[k] = [...new Set([...(v as string[]), ...added])];
      } else if (k === "scars") state[k] = v;
      // A field the player changes becomes their own.
      else if (k === FILLED && Array.isArray(v)) state[k] = v.filter((f) => !(f in typed));
    }
    const r = await uniquely(
      () =>
        tx.character.updateMany({
          where: { id: character.id, version: character.version },
          data: {
            sheet: sheetCodecFor(system).encode(sheet),
            state: keptCodecFor(system).encode(state),
            name: rename ?? character.name,
            nameKey: nameKeyOf(rename ?? character.name, character.kind),
            version: { increment: 1 },
          },
        }),
      `There is already a character named "${rename}".`,
    );
    if (r.count !== 1) throw new UserError("The character changed at the same moment: nothing was saved. Try again.");
    // In the running fight at once: its weapons, armour and abilities (its hit points and marks stay the fight's).
    const fight = await applySheetToFight(tx, system, character.id, sheet);
    return { ...toView(await tx.character.findUniqueOrThrow({ where: { id: character.id } }), campaign, true), fight };
  });
}

/** The sheet's fields for a form: the campaign's system, and (editing) the character's current values, owner or referee only. */
export async function sheetForm(
  s: Services,
  actor: Actor,
  name?: string | null,
): Promise<{ system: string; fields: FormField[]; character: Character | null }> {
  const db = s.store.db;
  if (name === undefined) {
    const campaign = await requireCampaign(db, actor);
    const system = campaignSystem(campaign);
    return { system: system.name, fields: formFields(system.sheet, system.form), character: null };
  }
  const { campaign, character } = await resolve(db, actor, name);
  requireOwnerOrReferee(campaign, actor, character.ownerId, `${character.name}'s owner's`);
  const system = campaignSystem(campaign);
  return {
    system: system.name,
    fields: formFields(system.sheet, system.form, sheetCodecFor(system).decode(character.sheet)),
    character,
  };
}

export async function listCharacters(
  s: Services,
  actor: Actor,
): Promise<{ campaign: Campaign; rows: { character: Character; active: boolean }[] }> {
  const campaign = await requireCampaign(s.store.db, actor);
  const [rows, players] = await Promise.all([
    s.store.db.character.findMany({
      where: { campaignId: campaign.id, deletedAt: null, kind: { not: "monster" } },
      orderBy: { createdAt: "asc" },
    }),
    s.store.db.player.findMany({ where: { campaignId: campaign.id } }),
  ]);
  const active = new Set(players.map((p) => p.activeCharacterId));
  return { campaign, rows: rows.map((character) => ({ character, active: active.has(character.id) })) };
}

export async function useCharacter(s: Services, actor: Actor, name: string): Promise<CharacterView> {
  return s.store.db.$transaction(async (tx) => {
    const { campaign, character } = await resolve(tx, actor, name);
    if (character.ownerId !== actor.userId)
      throw new UserError(`${character.name} is not yours to play: pick one of your own (see /character list).`);
    await tx.player.upsert({
      where: { campaignId_userId: { campaignId: campaign.id, userId: actor.userId } },
      create: { campaignId: campaign.id, userId: actor.userId, activeCharacterId: character.id },
      update: { activeCharacterId: character.id },
    });
    return toView(character, campaign, true);
  });
}

export async function deleteCharacter(s: Services, actor: Actor, name: string): Promise<Character> {
  return s.store.db.$transaction(async (tx) => {
    const { campaign, character } = await resolve(tx, actor, name);
    requireOwnerOrReferee(campaign, actor, character.ownerId, `${character.name}'s owner's`);
    const inFight = await tx.combatant.findFirst({
      where: { characterId: character.id, encounter: { status: "active" } },
    });
    if (inFight)
      throw new UserError(`${character.name} is in the running encounter: end it (or wait) before deleting.`);
    const r = await tx.character.updateMany({
      where: { id: character.id, deletedAt: null },
      data: { deletedAt: s.now(), nameKey: null, version: { increment: 1 } },
    });
    if (r.count !== 1) throw new UserError(`${character.name} was already deleted.`);
    await tx.player.updateMany({
      where: { campaignId: campaign.id, activeCharacterId: character.id },
      data: { activeCharacterId: null },
    });
    return character;
  });
}

/** Autocomplete: characters of this channel's campaign whose name contains what was typed. */
export async function characterChoices(
  s: Services,
  actor: Actor,
  typed: string,
  onlyOwn = false,
): Promise<{ name: string; value: string }[]> {
  const campaign = await requireCampaign(s.store.db, actor).catch(() => null);
  if (!campaign) return [];
  const rows = await s.store.db.character.findMany({
    where: {
      campaignId: campaign.id,
      deletedAt: null,
      kind: { not: "monster" },
      ...(onlyOwn ? { ownerId: actor.userId } : {}),
    },
    take: 100,
  });
  const t = typed.toLowerCase();
  return rows
    .filter((r) => r.name.toLowerCase().includes(t))
    .slice(0, 25)
    .map((r) => ({ name: r.name, value: r.name }));
}
