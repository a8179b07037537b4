/** Applying what rules decided (damage, stamina spent, conditions) to combatants, in the open transaction. */
import type { DiceBag, DiceRoll } from "../../rules/dice/bag.js";
import type { CombatState, Effect, RuleSystem } from "../../rules/systems/types.js";
import type { Hot } from "../../store/client.js";
import type { Combatant as CombatantRow } from "../../generated/prisma/client.js";
import type { Fight } from "./load.js";
import { isDown, toRule } from "./load.js";
import { readRound } from "../round/state.js";
import { sheetState, stampAdded, type MarkSource } from "../round/marks.js";
import type { Mark } from "../../rules/marks.js";
import { isOut } from "../../rules/round/words.js";
import { setSheet, setState } from "../../store/hot.js";
import { keptCodecFor, sheetCodecFor, stateCodecFor } from "../codecs/sheets.js";

/**
 * Writes a combatant's state, and to the character or retainer it stands for
 * the part that outlives the fight (HP, stamina, lasting conditions): fight marks
 * never reach a sheet. The writes go with the transaction's next statement or its
 * COMMIT (store/later.ts); a row gone fails the transaction.
 */
export function saveState(
  tx: Hot,
  row: Pick<CombatantRow, "id" | "characterId" | "retainerId">,
  given: CombatState,
  system: RuleSystem,
): string {
  // One who came in down and is up again: a later fall is a fall in this fight.
  const { downBefore: _down, ...up } = given;
  const state = "downBefore" in given && !isOut({ state: given }) ? up : given;
  const json = stateCodecFor(system).encode(state);
  setState(tx, "Combatant", row.id, json);
  if (!row.characterId && !row.retainerId) return json;
  const kept = keptCodecFor(system).encode(sheetState(system.words, state));
  if (row.characterId) setState(tx, "Character", row.characterId, kept);
  if (row.retainerId) setState(tx, "Retainer", row.retainerId, kept);
  return json;
}

/** Writes a sheet that changed in the fight (an item spent) to the combatant and to the character or retainer it stands for. */
function saveSheet(
  tx: Hot,
  row: Pick<CombatantRow, "id" | "characterId" | "retainerId">,
  sheet: Record<string, unknown>,
  system: RuleSystem,
): string {
  const json = sheetCodecFor(system).encode(sheet);
  setSheet(tx, "Combatant", row.id, json);
  if (row.characterId) setSheet(tx, "Character", row.characterId, json);
  if (row.retainerId) setSheet(tx, "Retainer", row.retainerId, json);
  return json;
}

export interface Applied {
  lines: string[];
  rules: string[];
  /** Dice the effects rolled (a Life save on Critical Damage): every roll shows in the message's Dice. */
  rolls: DiceRoll[];
  /** The conditions the effects took off each combatant, by id (a declaration gives them back when withdrawn). */
  removed: Record<string, Mark[]>;
}

/**
 * Applies `effects`; `source`: the declaration they come from, recorded on the marks it sets (on its own
 * combatant, every condition it gains; on others, the conditions it gives), so withdrawing it takes them back.
 */
export async function applyEffects(
  tx: Hot,
  fight: Fight,
  effects: Effect[],
  bag: DiceBag,
  source?: MarkSource,
): Promise<Applied> {
  const mark = bag.log.length;
  const out: Applied = { lines: [], rules: [], rolls: [], removed: {} };
  for (const e of effects) {
    const idx = fight.rows.findIndex((r) => r.id === e.targetId);
    if (idx < 0) continue;
    let c = toRule(fight.rows[idx]!, fight.system);
    const before = c.state.conditions;
    const wasDown = isDown(c);
    const state: CombatState = { ...c.state, conditions: [...c.state.conditions] };
    const stamina = state.stamina;
    if (e.staminaCost && typeof stamina === "number") state.stamina = Math.max(0, stamina - e.staminaCost);
    for (const x of e.addConditions ?? []) if (!state.conditions.includes(x)) state.conditions.push(x);
    if (e.removeConditions) state.conditions = state.conditions.filter((x) => !e.removeConditions!.includes(x));
    c = { ...c, state };
    // A subdual die that leaves 0 temporary damage still counts as a die (B/X house rules' empty hands: 1 real point per 2 dice).
    if (e.damage !== undefined && (e.damage > 0 || e.damageKind === "subdual")) {
      const opts = {
        ...(e.armourCap !== undefined ? { armourCap: e.armourCap } : {}),
        ...(e.armour !== undefined ? { armour: e.armour } : {}),
      };
      const r = fight.system.applyDamage(
        c,
        e.damage,
        bag,
        e.damageKind ?? "normal",
        Object.keys(opts).length ? opts : undefined,
      );
      c = { ...c, state: r.state };
      out.lines.push(...r.result.lines);
      out.rules.push(...r.result.rules);
    }
    // A reaction's cost says whose stamina paid it: "Eowa: Parry, 1 stamina (3 → 2)".
    if (e.staminaCost && typeof stamina === "number")
      out.lines.push(
        `${c.name}: ${e.note ? `${e.note}, ` : ""}${e.staminaCost} stamina (${stamina} → ${state.stamina})`,
      );
    else if (e.note) out.lines.push(e.note);
    const gone = before.filter((x) => !c.state.conditions.includes(x));
    if (gone.length) out.removed[c.id] = [...new Set([...(out.removed[c.id] ?? []), ...gone])];
    const set = source
      ? [
          ...(e.addConditions ?? []),
          ...(e.targetId === source.by ? c.state.conditions.filter((x) => !before.includes(x)) : []),
        ]
      : [];
    c = { ...c, state: stampAdded(before, c.state, fight.encounter.round, source, set) };
    // When it fell (round and place in the order): one slain in a simultaneous exchange still strikes in it (round/gate.ts).
    if (!wasDown && isDown(c) && readRound(fight.encounter).phase === "act")
      c = { ...c, state: { ...c.state, fell: [fight.encounter.round, fight.encounter.turn] } };
    let row = fight.rows[idx]!;
    if (e.sheet) {
      c = { ...c, sheet: { ...c.sheet, ...e.sheet } };
      row = { ...row, sheet: saveSheet(tx, row, c.sheet, fight.system) };
    }
    const json = saveState(tx, row, c.state, fight.system);
    fight.rows[idx] = { ...row, state: json };
    fight.combatants[idx] = c;
  }
  out.rolls = bag.since(mark);
  return out;
}
