/** /character xp: new XP placed on the sheet where the system's text says (the referee awards it). */
import type { RuleResult } from "../../rules/systems/types.js";
import { capability } from "../../rules/systems/define.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { campaignSystem } from "../campaigns/system.js";
import { rule, UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { validateSheet } from "../sheets.js";
import { resolve, toView, type CharacterView } from "./index.js";
import { sheetCodecFor } from "../codecs/sheets.js";

export async function awardCharacterXp(
  s: Services,
  actor: Actor,
  input: { name?: string | null; amount: number },
): Promise<CharacterView & { result: RuleResult }> {
  if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > 1_000_000)
    throw new UserError("XP is a whole number from 1 to 1000000.");
  return s.store.db.$transaction(async (tx) => {
    const { campaign, character } = await resolve(tx, actor, input.name);
    requireReferee(campaign, actor, "award XP");
    const system = campaignSystem(campaign);
    const xp = capability(system, "xp");
    const award = rule(() => xp.awardXp(sheetCodecFor(system).decode(character.sheet), input.amount));
    const sheet = validateSheet(system.sheet, { ...sheetCodecFor(system).decode(character.sheet), ...award.patch });
    const r = await tx.character.updateMany({
      where: { id: character.id, version: character.version },
      data: { sheet: sheetCodecFor(system).encode(sheet), version: { increment: 1 } },
    });
    if (r.count !== 1) throw new UserError("The character changed at the same moment: nothing was saved. Try again.");
    const after = await tx.character.findUniqueOrThrow({ where: { id: character.id } });
    return {
      ...toView(after, campaign, false),
      result: { ...award.result, title: `${character.name}: ${award.result.title}` },
    };
  });
}
