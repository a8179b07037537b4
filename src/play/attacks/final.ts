/** An attack's message as it stands now, read back from the store (for repairing its message). */
import type { Services } from "../services.js";
import { readPending } from "./pending.js";
import type { AttackState } from "../../rules/systems/types.js";
import type { DiceRoll } from "../../rules/dice/bag.js";

export interface AttackAsItStands {
  open: boolean;
  channelId: string;
  messageId: string | null;
  state: AttackState;
  attacker: string;
  defender: string;
  outcomeLines: string[];
  outcomeRolls: DiceRoll[];
  ignored: AttackState["ignored"];
  encounterName: string;
}

export async function attackAsItStands(s: Services, pendingId: string): Promise<AttackAsItStands | null> {
  const p = await s.store.db.pendingAction.findUnique({
    where: { id: pendingId },
    include: { encounter: { select: { name: true } } },
  });
  if (!p) return null;
  const { state, input } = readPending(p);
  const rows = await s.store.db.combatant.findMany({
    where: { id: { in: [input.attackerId, input.defenderId] } },
    select: { id: true, name: true },
  });
  const name = (id: string) => rows.find((r) => r.id === id)?.name ?? "?";
  return {
    open: p.status === "open",
    channelId: p.channelId,
    messageId: p.messageId,
    state,
    attacker: name(input.attackerId),
    defender: name(input.defenderId),
    outcomeLines: input.outcomeLines,
    outcomeRolls: input.outcomeRolls ?? [],
    ignored: state.ignored,
    encounterName: p.encounter.name,
  };
}
