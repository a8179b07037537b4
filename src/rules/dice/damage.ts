/**
 * The small damage notation sheets use: "1d8", "d6", "2d4+1", "1d6-1", or a flat "3".
 * Shared by the rule systems; each adds its own bounds and words for errors.
 */
export interface DamageDice {
  /** 0 for a flat number. */
  count: number;
  sides: number;
  modifier: number;
}

export const DAMAGE_RE = /^\s*(?:(\d*)d(\d+)(?:\s*([+-]\s*\d+))?|(\d+))\s*$/i;

/** Parses damage dice; undefined when the text is not damage notation. A flat number has count 0. */
export function parseDamage(expr: string): DamageDice | undefined {
  const m = DAMAGE_RE.exec(expr);
  if (!m) return undefined;
  if (m[4] !== undefined) return { count: 0, sides: 0, modifier: Number(m[4]) };
  return { count: m[1] ? Number(m[1]) : 1, sides: Number(m[2]), modifier: m[3] ? Number(m[3].replace(/\s+/g, "")) : 0 };
}

export function formatDamage(d: DamageDice): string {
  if (d.count === 0) return String(d.modifier);
  return `${d.count}d${d.sides}${d.modifier > 0 ? `+${d.modifier}` : d.modifier < 0 ? `${d.modifier}` : ""}`;
}
