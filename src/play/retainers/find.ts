/** Retainers of the actor's campaign by name: they belong to the server's campaign and are seen only there. */
import type { Campaign, Retainer } from "../../generated/prisma/client.js";
import type { Db, Tx } from "../../store/client.js";
import { UserError } from "../errors.js";

export const STATUSES = ["active", "deserted", "dismissed"] as const;

export async function findRetainer(
  db: Db | Tx,
  campaign: Campaign,
  name: string,
  statuses: readonly string[] = ["active", "deserted"],
): Promise<Retainer | null> {
  const rows = await db.retainer.findMany({
    where: { campaignId: campaign.id, status: { in: [...statuses] } },
    orderBy: { createdAt: "desc" },
  });
  const n = name.trim().toLowerCase();
  return rows.find((r) => r.id === name) ?? rows.find((r) => r.name.toLowerCase() === n) ?? null;
}

export async function requireRetainer(
  db: Db | Tx,
  campaign: Campaign,
  name: string,
  statuses?: readonly string[],
): Promise<Retainer> {
  const r = await findRetainer(db, campaign, name, statuses);
  if (!r) throw new UserError(`No retainer named "${name}" in "${campaign.name}": see /retainer list.`);
  return r;
}
