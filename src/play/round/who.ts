/** Who acts: a named combatant the actor controls (the referee: anyone's, a player's when the player is absent), or the actor's only one standing. */
import type { Campaign, Combatant as CombatantRow } from "../../generated/prisma/client.js";
import type { Actor } from "../actor.js";
import { UserError } from "../errors.js";
import { isReferee, PermissionError } from "../permissions.js";
import { findCombatant, isDown, toRule, type Fight } from "../encounters/load.js";

/** Whether `actor` may move `row`: their own, or anyone's for the referee. */
export function mayMove(
  campaign: Pick<Campaign, "creatorId" | "refereeIds" | "refereeRoleId">,
  actor: Actor,
  row: Pick<CombatantRow, "controllerId">,
): boolean {
  return row.controllerId === actor.userId || isReferee(campaign, actor);
}

export interface PickAlso {
  /** A look that moves nothing (/odds, a weapon list): a named combatant may be anyone's. */
  anyNamed?: boolean;
  /** A roll (/check, /save): with none of the actor's standing, their only one even when down. */
  orDown?: boolean;
}

/**
 * `ready`, when given, picks among several: the one of them that can act now (a retainer that has
 * attacked leaves its employer's character as the only one with an attack left).
 */
export function pickActing(
  f: Fight,
  actor: Actor,
  name: string | null | undefined,
  option: string,
  verb: string,
  ready?: (row: CombatantRow) => boolean,
  also: PickAlso = {},
): CombatantRow {
  const referee = isReferee(f.campaign, actor);
  if (name) {
    const row = findCombatant(f, name);
    if (!also.anyNamed && !mayMove(f.campaign, actor, row)) {
      throw new PermissionError(
        `${row.name} is not yours to move: that is ${row.controllerId ? `<@${row.controllerId}>'s` : "the referee's"} to decide.`,
      );
    }
    return row;
  }
  const all = f.rows.filter((r) => r.controllerId === actor.userId);
  // Standing, or slain in a simultaneous exchange that is still acting (its last attack: round/gate.ts).
  const mine = all.filter((r) => !isDown(toRule(r, f.system)) || (ready?.(r) ?? false));
  if (mine.length === 1) return mine[0]!;
  const now = ready && mine.length > 1 ? mine.filter(ready) : [];
  if (now.length === 1) return now[0]!;
  if (mine.length > 1)
    throw new UserError(
      `You control ${mine.map((r) => r.name).join(", ")}: say which ${verb} with the \`${option}\` option.`,
    );
  if (also.orDown && all.length === 1) return all[0]!;
  if (also.orDown && all.length > 1)
    throw new UserError(
      `You control ${all.map((r) => r.name).join(", ")}: say which ${verb} with the \`${option}\` option.`,
    );
  if (all.length)
    throw new UserError(
      all.map((r) => `${r.name} is ${f.system.view(toRule(r, f.system)).status} and cannot act.`).join(" "),
    );
  if (referee)
    throw new UserError(`Name who ${verb} with the \`${option}\` option: a monster, or a player's character.`);
  throw new UserError("You have no character in this encounter: join it with /encounter join.");
}

/** Said where the referee moves a player's combatant (a character, a retainer): "by the referee, for @bob". Null for one's own or a monster. */
export function forPlayer(row: Pick<CombatantRow, "controllerId">, actor: Actor): string | null {
  return row.controllerId && row.controllerId !== actor.userId ? `by the referee, for <@${row.controllerId}>` : null;
}
