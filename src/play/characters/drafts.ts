/**
 * A new sheet's form while it is open (/character create without `sheet`): the name and owner it was
 * given wait in a `SheetDraft` row, so the form's custom id carries only the row's short id. A name of
 * 40 characters outside the Basic Multilingual Plane is 80 UTF-16 units, more than a custom id holds
 * with its prefix and an owner's id; an id is never cut (src/discord/ids.ts).
 */
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { StaleError, UserError } from "../errors.js";
import { shortId } from "../ids.js";
import { isReferee } from "../permissions.js";
import { requireCampaign } from "../campaigns/find.js";
import { checkName, createCharacter, rollsSheets } from "./index.js";

/** A form left open longer than this is dropped when the next one opens: Discord keeps no modal open that long. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** Opens a draft for a new sheet: the name and owner are checked now, as the form's submit would check them. */
export async function openDraft(
  s: Services,
  actor: Actor,
  input: { name: string; ownerId: string | null },
): Promise<string> {
  const campaign = await requireCampaign(s.store.db, actor);
  const name = checkName(input.name);
  if (input.ownerId && input.ownerId !== actor.userId && !isReferee(campaign, actor))
    throw new UserError("Only a referee can create a character for someone else.");
  const id = shortId();
  await s.store.db.$transaction(async (tx) => {
    await tx.sheetDraft.deleteMany({
      where: { campaignId: campaign.id, createdAt: { lt: new Date(s.now().getTime() - KEPT_MS) } },
    });
    await tx.sheetDraft.create({
      data: { id, campaignId: campaign.id, userId: actor.userId, ownerId: input.ownerId, name, createdAt: s.now() },
    });
  });
  return id;
}

/** The draft's character created with the form's fields; the draft is gone once it is. */
export async function createFromDraft(
  s: Services,
  actor: Actor,
  draftId: string,
  fields: Record<string, string>,
): Promise<Awaited<ReturnType<typeof createCharacter>>> {
  const campaign = await requireCampaign(s.store.db, actor);
  const draft = await s.store.db.sheetDraft.findFirst({
    where: { id: draftId, campaignId: campaign.id, userId: actor.userId },
  });
  if (!draft) throw new StaleError("This form is no longer in use: nothing was created. Type /character create again.");
  // What the form leaves blank and the system rolls (abilities, hit points) is rolled, and the sheet says so.
  const v = await createCharacter(s, actor, {
    name: draft.name,
    ownerId: draft.ownerId,
    fields,
    roll: await rollsSheets(s, actor),
  });
  await s.store.db.sheetDraft.deleteMany({ where: { id: draft.id } });
  return v;
}
