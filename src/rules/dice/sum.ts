/**
 * A sum of dice with a modifier on each, shown so a reader can add it up:
 * "5 + 2 = 7", "(3 + 2) + (6 + 2) = 13", "(1 − 1 → 1) + 4 = 5" (at least `floor` a die).
 */
export function perDieSum(faces: number[], mod: number, floor = 1): { terms: string; total: number } {
  const sign = mod > 0 ? "+" : "−";
  const one = (v: number) => {
    if (!mod) return String(Math.max(floor, v));
    const got = Math.max(floor, v + mod);
    const term = `${v} ${sign} ${Math.abs(mod)}${got !== v + mod ? ` → ${got}` : ""}`;
    return faces.length > 1 ? `(${term})` : term;
  };
  return { terms: faces.map(one).join(" + "), total: faces.reduce((n, v) => n + Math.max(floor, v + mod), 0) };
}
