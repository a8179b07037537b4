/** Subdual (temporary) damage on top of bx's hit points (seed 001, "MISC COMBAT RULES", empty-hand attacks). */
import type { DiceBag } from "../../dice/bag.js";
import { bxApplyDamage, bxApplyHealing, hpOf, type BxState } from "../bx/index.js";
import { RuleError, type Combatant, type DamageResult } from "../types.js";
import { R_MISC } from "./bonuses.js";
import { levelOf, type HouseSheet } from "./sheet.js";
import type { Mark } from "../../marks.js";

const sub = (c: Combatant<HouseSheet>): number => (typeof c.state.subdual === "number" ? c.state.subdual : 0);

/**
 * Normal damage kills at 0 HP (bx). Subdual damage is temporary: it counts
 * each empty-hand die taken (`emptyHandDice`, one call per die) and knocks
 * the target out when the temporary damage reaches its remaining hit points.
 */
export function houseApplyDamage(
  c: Combatant<HouseSheet>,
  amount: number,
  bag: DiceBag,
  kind: "normal" | "subdual" = "normal",
): DamageResult {
  if (kind === "normal") {
    const r = bxApplyDamage(c, amount, bag, "normal");
    const st = r.state as BxState;
    if (!st.conditions.includes("dead") && sub(c) >= st.hp && !st.conditions.includes("unconscious"))
      st.conditions.push("unconscious");
    return r;
  }
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Damage must be a whole number, 0 or more");
  const { hp, max } = hpOf(c);
  const conditions = [...c.state.conditions];
  const subdual = sub(c) + amount;
  const dice = (typeof c.state.emptyHandDice === "number" ? c.state.emptyHandDice : 0) + 1;
  const state: BxState = { ...c.state, conditions, hp, maxHp: max, subdual, emptyHandDice: dice };
  const lines = [`${c.name} takes ${amount} temporary damage (${subdual} in all, HP ${hp}).`];
  if (subdual >= hp && !conditions.includes("unconscious") && !conditions.includes("dead")) {
    conditions.push("unconscious");
    lines.push(`${c.name} is knocked out: out of the fight.`);
  }
  return {
    state,
    result: {
      title: subdual >= hp ? `${c.name} is knocked out` : `${c.name} is battered`,
      lines,
      rules: [R_MISC],
      rolls: [],
    },
  };
}

export function houseApplyHealing(c: Combatant<HouseSheet>, amount: number): DamageResult {
  const r = bxApplyHealing(c, amount);
  const st = r.state as BxState;
  if (st.conditions.includes("unconscious") && sub(c) < st.hp)
    st.conditions = st.conditions.filter((x) => x !== "unconscious");
  return r;
}

/** Time passing: temporary damage comes back at 1 point × level (HD) per Turn (10 minutes), rest or not. Null when there is none to regain. */
export function houseTimePasses(c: Combatant<HouseSheet>, minutes: number): DamageResult | null {
  const turns = Math.floor(minutes / 10);
  if (turns < 1 || sub(c) === 0) return null;
  const r = recoverSubdual(c, turns);
  const state = { ...c.state, subdual: r.subdual, conditions: r.conditions };
  return {
    state,
    result: {
      title: `${c.name} recovers`,
      lines: [`${c.name} regains ${r.recovered} temporary damage (${r.subdual} left).`],
      rules: [R_MISC],
      rolls: [],
    },
  };
}

/** Temporary damage is regained at 1 point × level (or HD) per turn. */
export function recoverSubdual(
  c: Combatant<HouseSheet>,
  turns: number,
): { subdual: number; conditions: Mark[]; recovered: number } {
  if (!Number.isInteger(turns) || turns < 0) throw new RuleError("Turns must be a whole number, 0 or more");
  const before = sub(c);
  const subdual = Math.max(0, before - levelOf(c.sheet) * turns);
  const { hp } = hpOf(c);
  const conditions = subdual < hp ? c.state.conditions.filter((x) => x !== "unconscious") : [...c.state.conditions];
  return { subdual, conditions, recovered: before - subdual };
}
