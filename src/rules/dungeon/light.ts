/**
 * Light sources burn by the clock (seed 002, "Resources": "fuel for light
 * sources"): a light lit at round R with L rounds of fuel is out at R + L,
 * whether the time passed in dungeon turns or in encounter rounds.
 */
import { RuleError } from "../systems/types.js";
import { ROUNDS_PER_TURN } from "./clock.js";
import type { Light, LightKind, Supplies } from "./state.js";

/** Rounds of light left at `now`. */
export function remaining(l: Light, now: number): number {
  return l.litAt === null ? l.left : l.left - (now - l.litAt);
}

export const isBurning = (l: Light, now: number): boolean => l.litAt !== null && remaining(l, now) > 0;

/** "6 turns", "2 turns 30 rounds", "40 rounds". */
export function durationWords(rounds: number): string {
  const t = Math.floor(rounds / ROUNDS_PER_TURN);
  const r = rounds % ROUNDS_PER_TURN;
  const turns = t ? `${t} turn${t === 1 ? "" : "s"}` : "";
  const rest = r ? `${r} round${r === 1 ? "" : "s"}` : "";
  return [turns, rest].filter(Boolean).join(" ") || "0 turns";
}

const whose = (l: Light) => `${l.holder}'s ${l.kind}`;

export interface Burned {
  lights: Light[];
  lines: string[];
  /** A light went out and none is burning now. */
  darkness: boolean;
}

/**
 * The lights after the clock moves from `from` to `to`: those that burn out
 * are gone (said so), those with one turn or less left are warned about
 * (the turn before they go out), and when the last one dies it is dark.
 */
export function burnLights(lights: Light[], from: number, to: number): Burned {
  const lines: string[] = [];
  const kept: Light[] = [];
  let wentOut = false;
  for (const l of lights) {
    if (l.litAt === null) {
      kept.push(l);
      continue;
    }
    const before = remaining(l, from);
    const after = remaining(l, to);
    if (before <= 0) {
      lines.push(`${whose(l)} burnt out during the fight.`);
      wentOut = true;
    } else if (after <= 0) {
      lines.push(`${whose(l)} goes out.`);
      wentOut = true;
    } else {
      if (after <= ROUNDS_PER_TURN && before > ROUNDS_PER_TURN)
        lines.push(`⚠️ ${whose(l)} gutters: it goes out within the next turn.`);
      kept.push(l);
    }
  }
  const darkness = wentOut && !kept.some((l) => isBurning(l, to));
  if (darkness) lines.push("🌑 Darkness: the last light has gone out.");
  return { lights: kept, lines, darkness };
}

function find(lights: Light[], holder: string, kind: LightKind | null, lit: boolean | null): number {
  const h = holder.toLowerCase();
  return lights.findIndex(
    (l) =>
      l.holder.toLowerCase() === h &&
      (kind === null || l.kind === kind) &&
      (lit === null || (l.litAt !== null) === lit),
  );
}

export interface LightChange {
  lights: Light[];
  supplies: Supplies;
  line: string;
}

/**
 * Lights a torch or lantern for `holder`: relights one they carry unlit with
 * fuel left, else a new one burning `turns` turns (a torch, or a flask of oil),
 * taken from the party's stock when the stock is tracked.
 */
export function lightUp(input: {
  lights: Light[];
  supplies: Supplies;
  kind: LightKind;
  holder: string;
  now: number;
  turns: number;
}): LightChange {
  const { lights, supplies, kind, holder, now } = input;
  const lit = find(lights, holder, kind, true);
  if (lit >= 0 && isBurning(lights[lit]!, now))
    throw new RuleError(
      `${whose(lights[lit]!)} is already burning (${durationWords(remaining(lights[lit]!, now))} left).`,
    );
  const out = find(lights, holder, kind, false);
  if (out >= 0 && lights[out]!.left > 0) {
    const next = lights.map((l, i) => (i === out ? { ...l, litAt: now } : l));
    return {
      lights: next,
      supplies,
      line: `${whose(lights[out]!)} is lit again: ${durationWords(lights[out]!.left)} left.`,
    };
  }
  const stockKey = kind === "torch" ? "torches" : "oil";
  const stock = supplies[stockKey];
  if (stock !== null && stock < 1)
    throw new RuleError(
      `The party has no ${kind === "torch" ? "torches" : "flasks of oil"} left: add some with /dungeon set ${stockKey}.`,
    );
  const left = input.turns * ROUNDS_PER_TURN;
  const fresh: Light = { kind, holder, litAt: now, left };
  const rest = lights.filter((_, i) => i !== out && i !== lit);
  const taken = stock === null ? "" : ` (${stock - 1} ${stockKey === "oil" ? "flasks of oil" : "torches"} left)`;
  return {
    lights: [...rest, fresh],
    supplies: stock === null ? supplies : { ...supplies, [stockKey]: stock - 1 },
    line: `${holder} lights a ${kind === "torch" ? "torch" : "lantern with a flask of oil"}: ${durationWords(left)} of light${taken}.`,
  };
}

/** Puts out `holder`'s burning light: its fuel left is kept for later. */
export function putOut(input: {
  lights: Light[];
  holder: string;
  kind: LightKind | null;
  now: number;
}): Omit<LightChange, "supplies"> {
  const i = find(input.lights, input.holder, input.kind, true);
  if (i < 0) throw new RuleError(`${input.holder} has no ${input.kind ?? "light"} burning: see /dungeon status.`);
  const l = input.lights[i]!;
  const left = remaining(l, input.now);
  if (left <= 0) return { lights: input.lights.filter((_, j) => j !== i), line: `${whose(l)} had already burnt out.` };
  return {
    lights: input.lights.map((x, j) => (j === i ? { ...x, litAt: null, left } : x)),
    line: `${whose(l)} is put out, ${durationWords(left)} of fuel kept.`,
  };
}

/** Hands `holder`'s light (burning or not) to `to`; it keeps burning. */
export function handOver(input: {
  lights: Light[];
  holder: string;
  to: string;
  kind: LightKind | null;
}): Omit<LightChange, "supplies"> {
  const i = find(input.lights, input.holder, input.kind, null);
  if (i < 0) throw new RuleError(`${input.holder} carries no ${input.kind ?? "light"}: see /dungeon status.`);
  const l = input.lights[i]!;
  return {
    lights: input.lights.map((x, j) => (j === i ? { ...x, holder: input.to } : x)),
    line: `${whose(l)} passes to ${input.to}.`,
  };
}

/**
 * One line per light for the status: "Alda's torch: 3 turns left, burning". With `tellDarkness` false (a
 * text without light rules, before anyone lit a light) no light is not darkness: it says none is lit.
 */
export function lightLines(lights: Light[], now: number, tellDarkness = true): string[] {
  if (!tellDarkness && !lights.length) return ["None lit."];
  const lines = lights.map((l) => {
    const left = remaining(l, now);
    if (left <= 0) return `${whose(l)}: burnt out`;
    return `${whose(l)}: ${durationWords(left)} left, ${l.litAt === null ? "out (carried)" : "burning"}`;
  });
  if (!lights.some((l) => isBurning(l, now))) lines.push("No light is burning: the party is in darkness.");
  return lines;
}
