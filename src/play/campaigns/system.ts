/** The campaign's rule system, built with the campaign's options where the system takes them. */
import type { Campaign } from "../../generated/prisma/client.js";
import { systemOf } from "../../rules/systems/index.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import type { SystemId } from "../../rules/systems/index.js";
import { readSettings } from "./settings.js";

export function campaignSystem(c: Pick<Campaign, "system" | "settings">): RuleSystem {
  const sys = systemOf(c.system);
  return sys.campaignOptions.configure
    ? sys.campaignOptions.configure(readSettings(c.system as SystemId, c.settings))
    : sys;
}
