/**
 * A sheet edited while its character fights: the running encounter's combatant takes the new sheet at once
 * (weapons, armour, abilities, gear), in the edit's transaction. What the fight owns stays the fight's: the
 * combatant's state (hit points, stamina, marks) is not touched, except that what the new sheet starts a
 * fight with and the old did not (a weapon newly enchanted) is added, as the character's own state gets it.
 */
import type { Tx } from "../../store/client.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import { sheetCodecFor, stateCodecFor } from "../codecs/sheets.js";

export interface AppliedToFight {
  /** The running encounter's name, as players know it. */
  encounter: string;
  /** The sheet's rows (its embed's labels) the fight now reads differently: "Weapons", "AC". */
  changed: string[];
  /** Whether the edit also moved what the fight keeps as its own (hit points): those wait for the fight's end. */
  kept: boolean;
}

/** The embed's rows of `after` that differ from `before`'s, by label, in `after`'s order (then rows gone). */
function changedRows(system: RuleSystem, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const was = new Map(system.describeSheet(before));
  const now = system.describeSheet(after);
  const labels = now.filter(([k, v]) => was.get(k) !== v).map(([k]) => k);
  const gone = [...was.keys()].filter((k) => !now.some(([n]) => n === k));
  return [...new Set([...labels, ...gone])];
}

/** Applies `sheet` (already validated) to the running encounter's combatants of `characterId` (or of a retainer: `column`); null when it is in none. */
export async function applySheetToFight(
  tx: Tx,
  system: RuleSystem,
  characterId: string,
  sheet: Record<string, unknown>,
  column: "characterId" | "retainerId" = "characterId",
): Promise<AppliedToFight | null> {
  const rows = await tx.combatant.findMany({
    where: { [column]: characterId, encounter: { status: "active" } },
    include: { encounter: { select: { name: true } } },
  });
  if (!rows.length) return null;
  let out: AppliedToFight | null = null;
  for (const row of rows) {
    const old = sheetCodecFor(system).decode(row.sheet);
    // The rows that show what the fight owns (HP, a stamina pool derived from Body) are not "applied": the fight keeps its own.
    const owned = new Set(
      changedRows(system, old, {
        ...old,
        ...Object.fromEntries(system.fightOwns.map((k) => [k, typeof old[k] === "number" ? old[k] + 1 : 999])),
      }),
    );
    const changed = changedRows(system, old, sheet).filter((k) => !owned.has(k));
    const kept = system.fightOwns.some((k) => JSON.stringify(old[k]) !== JSON.stringify(sheet[k]));
    const state = stateCodecFor(system).decode(row.state);
    const oldStart = system.sheet.safeParse(old);
    const had = new Set(oldStart.success ? system.initialState(oldStart.data).conditions : []);
    const added = system.initialState(sheet).conditions.filter((c) => !had.has(c) && !state.conditions.includes(c));
    // The whole new sheet: rules read hit points from the state, so the sheet's maxima change nothing in this fight,
    // and an item spent later writes this sheet back to the character without undoing the edit.
    await tx.combatant.update({
      where: { id: row.id },
      data: {
        sheet: sheetCodecFor(system).encode(sheet),
        ...(added.length
          ? { state: stateCodecFor(system).encode({ ...state, conditions: [...state.conditions, ...added] }) }
          : {}),
        version: { increment: 1 },
      },
    });
    out ??= { encounter: row.encounter.name, changed, kept };
  }
  return out;
}
