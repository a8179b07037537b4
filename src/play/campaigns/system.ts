/** The campaign's rule system, built with the campaign's options where the system takes them. */
import type { Campaign } from "../../generated/prisma/client.js";
import { systemOf } from "../../rules/systems/index.js";
import { createBx } from "../../rules/systems/bx/index.js";
import { createBxHouse } from "../../rules/systems/bx-house/index.js";
import type { RuleSystem, SystemId } from "../../rules/systems/types.js";
import { readSettings } from "./settings.js";

export function campaignSystem(c: Pick<Campaign, "system" | "settings">): RuleSystem {
  if (c.system === "bx" || c.system === "bx-house") {
    const st = readSettings(c.system as SystemId, c.settings);
    const opts = { initiativeTies: st.ties, variableDamage: st.damage === "weapon", encumbrance: st.encumbrance };
    return (c.system === "bx" ? createBx(opts) : createBxHouse({ ...opts, initiativeEachRound: st.reroll })) as unknown as RuleSystem;
  }
  return systemOf(c.system);
}
