/**
 * Numbers as players read them, and the modifiers that add up to a roll: one
 * definition for every system, so a "+2" or a "47.5%" reads the same in all five.
 */

/**
 * A signed number: "+2", "+0", "-1". `minus`: the sign a text sets its own lines in (The Third Age's
 * dice lines use the true minus, "−1"; every other system the hyphen-minus).
 */
export const signed = (n: number, minus: "-" | "−" = "-"): string => (n >= 0 ? `+${n}` : `${minus}${-n}`);

/**
 * A probability (0..1) as a percentage, rounded half up to `digits` decimals:
 * "47.5%", "40%"; `fixed` keeps the trailing zeros ("40.0%").
 */
export function pct(p: number, { digits = 1, fixed = false }: { digits?: number; fixed?: boolean } = {}): string {
  const rounded = Math.round(p * 10 ** (digits + 2)) / 10 ** digits;
  return `${fixed ? rounded.toFixed(digits) : rounded}%`;
}

/** One modifier to a roll, with the rule it comes from where the system cites one. */
export interface Mod {
  label: string;
  value: number;
  rule?: string;
}

export const sumMods = (mods: Mod[]): number => mods.reduce((s, m) => s + m.value, 0);

/** The modifiers that count, as "STR +1, cover -2". */
export const modText = (mods: Mod[]): string =>
  mods
    .filter((m) => m.value !== 0)
    .map((m) => `${m.label} ${signed(m.value)}`)
    .join(", ");

/**
 * A table by bands: the value of the first band `n` falls in (each band runs up to and including its bound,
 * in ascending order), or `above(n)` past the last. Ability-score modifiers, reaction bands.
 */
export function banded<T>(
  n: number,
  bands: readonly (readonly [upTo: number, value: T])[],
  above: (n: number) => T,
): T {
  for (const [upTo, value] of bands) if (n <= upTo) return value;
  return above(n);
}

/** A name for one of several: "sentries" → "sentry", "witches" → "witch", "orcs" → "orc", "wolves" → "wolf". */
export function plainSingular(word: string): string {
  if (/ies$/i.test(word)) return word.replace(/ies$/i, "y");
  if (/(ch|sh|x|ss)es$/i.test(word)) return word.replace(/es$/i, "");
  if (/(ol|ar|el)ves$/i.test(word)) return word.replace(/ves$/i, "f");
  return word.replace(/([^s])s$/i, "$1");
}

/** A count and what it counts, one in the singular: "1 kobold", "4 kobolds" (the plural as typed). */
export const counted = (n: number, plural: string): string =>
  `${n} ${n === 1 ? plainSingular(plural.trim()) : plural.trim()}`;
