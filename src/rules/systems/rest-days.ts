/**
 * Days of complete rest for a system whose text gives no healing by days (issue 30): a long rest where the
 * system has one (Life & Guard: Guard back, "deprived" ends), and the words that the text sets no rate, so
 * hit points stay the referee's. Pure: no dice.
 */
import { ruling } from "../ruling.js";
import type { Combatant, DamageResult, RuleSystem } from "./types.js";

export function defaultRestDays(
  system: Pick<RuleSystem, "name" | "seed" | "rest">,
  c: Combatant,
  days: number,
): DamageResult {
  const long = system.rest?.(c, "long");
  const state = long?.state ?? c.state;
  const lines = [
    ...(long?.result.lines ?? []),
    `${days} day${days === 1 ? "" : "s"} of rest: ${system.name} gives no rate of healing by days, so hit points heal only as the referee says (/heal).`,
  ];
  return {
    state,
    result: {
      title: `${c.name} rests ${days} day${days === 1 ? "" : "s"}`,
      lines,
      rules: [...(long?.result.rules ?? []), ruling(system.seed, "no healing by days of rest in the text")],
      rolls: long?.result.rolls ?? [],
    },
  };
}
