/** What a Third Age defender and its allies may press, at each phase of an attack (seed 000, "Reactions", "Attack Rolls"). */
import type { ReactionOption } from "../types.js";
import { takeOption } from "../../attack/index.js";
import {
  alliesOf,
  canReact,
  hitDamage,
  outcomeOf,
  staminaLeft,
  type TAInput,
  type ThirdAgeAttackData,
} from "./attack-data.js";
import { counterWeapon } from "./attack-plan.js";
import { REF } from "./refs.js";
import { stateOf, type TAC } from "./sheet.js";

/** The reactions phase's "Take it, then Counter": the hit becomes final and the Counter follows in the same press. */
export const TAKE_COUNTER = "take-counter";

function memorises(c: TAC, spell: string): boolean {
  const n = spell.toLowerCase();
  return c.sheet.memorised.some((m) => m.toLowerCase() === n);
}

export function counterOpen(d: ThirdAgeAttackData, input: TAInput): boolean {
  const level = outcomeOf(d);
  if (level === "success") return false;
  const def = input.defender;
  if (!canReact(def) || staminaLeft(def, d, def.id) < 1) return false;
  if (!counterWeapon(def, d.mode)) return false;
  const dmg = d.getDown ? 0 : hitDamage(d, level);
  return stateOf(def).hp - dmg > 0;
}

export function reactionOptions(d: ThirdAgeAttackData, input: TAInput): ReactionOption[] {
  const def = input.defender;
  const opts: ReactionOption[] = [];
  const level = outcomeOf(d);
  if (level !== "failure") {
    // seed 000, "Reactions": Parry imposes "a -2 to an attack roll"; a spell's attack is an attack roll too.
    if (!d.parried && canReact(def) && staminaLeft(def, d, def.id) >= 1)
      opts.push({ id: "parry", label: "Parry (−2 to the attack)", by: def.id, cost: "1 stamina", rule: REF.reactions });
    // Get Down! spares a friend a hit: a hit of no damage needs no one in the way.
    if (!d.getDown && hitDamage(d, level) > 0)
      for (const a of alliesOf(input))
        if (canReact(a) && staminaLeft(a, d, def.id) >= 1)
          opts.push({
            id: `getdown:${a.id}`,
            label: `Get Down! (${a.name} takes it)`,
            by: a.id,
            cost: "1 stamina",
            rule: REF.reactions,
          });
    if (d.mode === "spell" && d.weapon.spell && !d.counterspell)
      for (const c of [def, ...alliesOf(input)])
        if (canReact(c) && memorises(c, d.weapon.spell))
          opts.push({
            id: c.id === def.id ? "counterspell" : `counterspell:${c.id}`,
            label: c.id === def.id ? "Counterspell" : `Counterspell (${c.name})`,
            by: c.id,
            cost: "no cost",
            rule: REF.reactions,
          });
  }
  opts.push(takeOption(def.id, REF.attackRolls));
  // seed 000, "Attack Rolls": the Counter answers the hit. When it is already open (a partial success the
  // defender survives), it is offered beside "Take it": one press takes the hit and counters.
  if (level === "partial" && !d.getDown && counterOpen({ ...d, final: "taken" }, input))
    opts.push({
      id: TAKE_COUNTER,
      label: "Take it, then Counter (half damage)",
      by: def.id,
      cost: "1 stamina",
      rule: REF.attackRolls,
    });
  return opts;
}

export function followupOptions(d: ThirdAgeAttackData, input: TAInput): ReactionOption[] {
  if (!counterOpen(d, input)) return [];
  const def = input.defender;
  const half = outcomeOf(d) === "partial";
  return [
    {
      id: "counter",
      label: half ? "Counter (half damage)" : "Counter (full damage)",
      by: def.id,
      cost: "1 stamina",
      rule: REF.attackRolls,
    },
    { id: "pass", label: "No counter", by: def.id, cost: "no cost", rule: REF.reactions },
  ];
}
