/**
 * The random source every rule draws from. Rules never call Math.random():
 * a RandomSource is injected (a seeded stream in play, a fixed seed in tests).
 */
export interface RandomSource {
  /** A float in [0, 1). */
  next(): number;
  /** Optional: a face of a die directly (used by scripted test sources). */
  die?(sides: number): number;
}

/** One face of one die, uniformly, from the source. */
export function rollDie(source: RandomSource, sides: number): number {
  if (source.die) return source.die(sides);
  return 1 + Math.floor(source.next() * sides);
}

/**
 * A scripted source: each die shows the next listed face. For tests that must
 * hit an exact edge (a total of 6 vs 7). Throws when the script runs out or a
 * face does not fit the die, so a test cannot pass by accident.
 */
export function scriptedFaces(faces: number[]): RandomSource & { remaining(): number } {
  let i = 0;
  return {
    next() {
      throw new Error("scriptedFaces: only whole dice can be scripted");
    },
    die(sides: number) {
      if (i >= faces.length) throw new Error(`scriptedFaces: script exhausted at die ${i + 1} (d${sides})`);
      const v = faces[i++]!;
      if (!Number.isInteger(v) || v < 1 || v > sides)
        throw new Error(`scriptedFaces: face ${v} does not fit a d${sides}`);
      return v;
    },
    remaining: () => faces.length - i,
  };
}
