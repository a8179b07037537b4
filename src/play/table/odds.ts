/** /odds: the chance to hit and the damage spread, before rolling. */
import type { Situation } from "../../rules/systems/types.js";
import { capability } from "../../rules/systems/define.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, UserError } from "../errors.js";
import { didYouMean } from "../nearest.js";
import { isReferee } from "../permissions.js";
import { requireCampaign } from "../campaigns/find.js";
import { loadFight, toRule } from "../encounters/load.js";
import { type TableResult, unsupported } from "./scope.js";
import { pickCombatant } from "../round/pick.js";

export async function attackOdds(
  s: Services,
  actor: Actor,
  input: { target: string; attacker?: string | null; weapon?: string | null; situation: Situation },
): Promise<TableResult> {
  const campaign = await requireCampaign(s.store.db, actor);
  const enc = await s.store.db.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
  if (!enc) throw new UserError("/odds looks at the running encounter: start one first.");
  const f = await loadFight(s.store.db, campaign, enc);
  const d = f.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
  if (!d)
    throw new UserError(
      `There is no "${input.target}" in this encounter.${didYouMean(
        input.target,
        f.rows.map((r) => r.name),
      )}`,
    );
  // The attacker /attack would roll for, with the same options.
  const a = pickCombatant(f, actor, input.attacker, "odds");
  const sys = f.system;
  const odds = capability(sys, "odds");
  const all = f.rows.map((r) => toRule(r, sys));
  const r = unsupported(
    rule(() =>
      odds.odds({
        attacker: toRule(a, sys),
        defender: toRule(d, sys),
        others: all.filter((c) => c.id !== a.id && c.id !== d.id),
        ...(input.weapon ? { weapon: input.weapon } : {}),
        situation: input.situation,
        ...(input.situation.modifier
          ? { modifierBy: isReferee(campaign, actor) ? ("referee" as const) : ("player" as const) }
          : {}),
      }),
    ),
  );
  return { result: r, extra: [], campaign };
}
