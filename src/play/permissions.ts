import type { Campaign } from "../generated/prisma/client.js";
import type { Actor } from "./actor.js";
import { UserError } from "./errors.js";
import { refereesCodec } from "./codecs/campaign.js";

export class PermissionError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = "PermissionError";
  }
}

export function refereeIds(c: Pick<Campaign, "refereeIds">): string[] {
  return refereesCodec.decode(c.refereeIds);
}

/** The campaign's creator, anyone they added, or a member with the campaign's referee role. */
export function isReferee(c: Pick<Campaign, "creatorId" | "refereeIds" | "refereeRoleId">, actor: Actor): boolean {
  if (c.creatorId === actor.userId) return true;
  if (refereeIds(c).includes(actor.userId)) return true;
  return !!c.refereeRoleId && actor.roleIds.includes(c.refereeRoleId);
}

export function requireReferee(
  c: Pick<Campaign, "creatorId" | "refereeIds" | "refereeRoleId" | "name">,
  actor: Actor,
  what = "do that",
): void {
  if (!isReferee(c, actor))
    throw new PermissionError(
      `Only a referee of "${c.name}" can ${what}. Ask the referee, or ask them to add you with /campaign referee add.`,
    );
}

/** The owner of a character, or a referee. `ownerName` says whose it is. */
export function requireOwnerOrReferee(
  c: Pick<Campaign, "creatorId" | "refereeIds" | "refereeRoleId">,
  actor: Actor,
  ownerId: string | null,
  whose: string,
): void {
  if (ownerId === actor.userId || isReferee(c, actor)) return;
  throw new PermissionError(`That is ${whose} to decide.`);
}
