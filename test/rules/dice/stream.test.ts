import { describe, it, expect } from "vitest";
import {
  createStream,
  newSeed,
  commitment,
  roll,
  replay,
  facesOf,
  type LoggedRoll,
} from "../../../src/rules/dice/index.js";
import { DiceBag } from "../../../src/rules/dice/bag.js";

describe("seeded streams", () => {
  it("the same seed gives the same stream", () => {
    const a = createStream("seed-1");
    const b = createStream("seed-1");
    const c = createStream("seed-2");
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("save/restore continues exactly where it stopped (through JSON)", () => {
    const whole = createStream("table-7");
    const expected = Array.from({ length: 40 }, () => whole.next());
    const first = createStream("table-7");
    for (let i = 0; i < 15; i++) first.next();
    expect(first.draws).toBe(15);
    const saved = JSON.parse(JSON.stringify(first.save()));
    const resumed = createStream("table-7", saved);
    expect(resumed.draws).toBe(15);
    const rest = Array.from({ length: 25 }, () => resumed.next());
    expect(rest).toEqual(expected.slice(15));
    expect(resumed.draws).toBe(40);
    // The original keeps going too, and the snapshot was not aliased.
    expect(first.next()).toBe(expected[15]);
  });

  it("dice rolled after a restore match an uninterrupted session", () => {
    const whole = createStream("s");
    const a1 = roll("4d6kh3; 1d20", whole);
    const a2 = roll("10d6!", whole);
    const part = createStream("s");
    const b1 = roll("4d6kh3; 1d20", part);
    const b2 = roll("10d6!", createStream("s", part.save()));
    expect(facesOf(b1)).toEqual(facesOf(a1));
    expect(facesOf(b2)).toEqual(facesOf(a2));
  });

  it("newSeed formats caller-supplied bytes; commitment is SHA-256 hex", () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    expect(newSeed(bytes)).toBe("00112233445566778899aabbccddeeff");
    expect(() => newSeed(new Uint8Array(4))).toThrow(RangeError);
    expect(commitment("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(commitment(newSeed(bytes))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("replay", () => {
  const seed = "0123456789abcdef0123456789abcdef";
  const log = (exprs: string[]): LoggedRoll[] => {
    const s = createStream(seed);
    return exprs.map((expression) => ({ expression, faces: facesOf(roll(expression, s)) }));
  };
  const exprs = ["1d20+5 [hit]", "4d6kh3", "10d6!", "4d6r<3", "1d20ro1; 2d8+3", "6x 3d6", "5d6>4f1", "d%"];

  it("replays an honest log", () => {
    const entries = log(exprs);
    const result = replay(seed, entries);
    expect(result.map((r) => r.ok)).toEqual(exprs.map(() => true));
    expect(result[5]!.replayed).toHaveLength(18);
    expect(result[0]).toMatchObject({ index: 0, expression: "1d20+5 [hit]" });
  });

  it("detects a tampered face", () => {
    const entries = log(exprs);
    const f = entries[1]!.faces;
    f[0] = (f[0]! % 6) + 1;
    const result = replay(seed, entries);
    expect(result.map((r) => r.ok)).toEqual([true, false, true, true, true, true, true, true]);
    expect(result[1]!.expected).not.toEqual(result[1]!.replayed);
  });

  it("detects a missing roll, extra dice and the wrong seed", () => {
    const entries = log(exprs);
    // A dropped entry shifts the stream: the next entries mismatch (the stream can
    // fall back into step later, e.g. when an explosion absorbs the shift).
    const skipped = replay(seed, entries.slice(1));
    expect(skipped[0]!.ok).toBe(false);
    expect(skipped[1]!.ok).toBe(false);
    const extra = entries.map((e) => ({ ...e, faces: [...e.faces] }));
    extra[0]!.faces.push(3);
    expect(replay(seed, extra)[0]!.ok).toBe(false);
    expect(replay("another seed", entries).some((r) => r.ok)).toBe(false);
  });

  it("reports expressions that no longer parse", () => {
    const r = replay(seed, [{ expression: "1d", faces: [] }]);
    expect(r[0]!.ok).toBe(false);
    expect(r[0]!.error).toMatch(/number of sides/);
  });

  it("replays DiceBag logs: same faces, same totals, same draw order", () => {
    const bag = new DiceBag(createStream(seed));
    bag.roll("attack", 1, 20, { modifier: 3 });
    bag.roll("damage", 2, 6, { modifier: -1 });
    bag.roll("advantage", 2, 20, { keep: "highest" });
    bag.roll("disadvantage", 2, 20, { keep: "lowest", modifier: 2 });
    bag.roll("stats", 4, 6, { keep: "highest", keepCount: 3 });
    bag.d("surprise", 6);
    bag.roll("morale", 2, 10, { modifier: 3 });
    const entries = bag.log.map((r) => ({ expression: r.notation, faces: r.dice.map((d) => d.value) }));
    expect(entries.map((e) => e.expression)).toEqual([
      "1d20+3",
      "2d6-1",
      "2d20kh1",
      "2d20kl1+2",
      "4d6kh3",
      "1d6",
      "2d10+3",
    ]);
    expect(replay(seed, entries).every((r) => r.ok)).toBe(true);

    const s = createStream(seed);
    for (const r of bag.log) {
      const part = roll(r.notation, s).parts[0]!;
      expect(part.total).toBe(r.total);
      expect(part.dice.map((d) => d.dropped ?? false)).toEqual(r.dice.map((d) => d.dropped ?? false));
    }
  });
});
