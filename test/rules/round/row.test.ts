// A system is one row (docs/design.md, "Layers"): everything about it comes from its
// folder through the registry; nothing outside src/rules/systems/<id>/ names a system id.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { SYSTEM_IDS, SYSTEMS } from "../../../src/rules/systems/index.js";
import { bookOf, bookWords, oneReference } from "../../../src/rules/books.js";
import { ruling } from "../../../src/rules/ruling.js";
import { FIGHT_LIFETIMES, wordFor } from "../../../src/rules/round/words.js";

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });

describe("a system is one row", () => {
  it("each system gives its id, name, text, words, round and campaign options", () => {
    expect(SYSTEM_IDS.length).toBeGreaterThan(0);
    for (const s of Object.values(SYSTEMS)) {
      expect(s.seed).toMatch(/^\d{3}$/);
      expect(typeof s.round.allowance).toBe("function");
      expect(typeof s.round.declarations).toBe("function");
      expect(s.words.conditions).toBeTypeOf("object");
      expect(s.campaignOptions.defaults).toBeTypeOf("object");
    }
    // Each system plays its own text: no two share one.
    expect(new Set(Object.values(SYSTEMS).map((s) => s.seed)).size).toBe(SYSTEM_IDS.length);
  });

  it("play, Discord, commands and the shared rules never compare a system id", () => {
    const ids = SYSTEM_IDS.map((id) => new RegExp(`["'\`]${id}["'\`]`));
    const outside = [
      ...files("src/play"),
      ...files("src/discord"),
      ...files("commands"),
      // The shared rules: everything under src/rules but the systems' own folders and the registry's lines.
      ...files("src/rules").filter(
        (f) => (!/systems\/[^/]+\//.test(f) || /systems\/contract\//.test(f)) && !/systems\/index\.ts$/.test(f),
      ),
      ...files("src/store"),
    ];
    const hits = outside
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ f, i, line })),
      )
      .filter((x) => ids.some((r) => r.test(x.line)));
    expect(hits.map((h) => `${h.f}:${h.i + 1}: ${h.line.trim()}`)).toEqual([]);
  });

  it("only the registry's file registers a system in the product (tests may register their own)", () => {
    const registering = [...files("src"), ...files("commands")].filter(
      (f) => /registerSystem\(/.test(readFileSync(f, "utf8")) && !/src\/rules\/systems\/index\.ts$/.test(f),
    );
    expect(registering).toEqual([]);
  });

  it('players read the book and the heading (seed 003, "Charging" → Castles & Crusades · Charging)', () => {
    expect(bookOf("003")).toBe("Castles & Crusades");
    expect(bookWords('seed 003, "Charging"')).toBe("Castles & Crusades · Charging");
    expect(bookWords('seed 000, "Surprise" · seed 004, "Movement"')).toBe(
      "The Third Age · Surprise · Life & Guard · Movement",
    );
    expect(bookWords('seed 009, "Nowhere"')).toBe('seed 009, "Nowhere"');
    // A citation with no heading after it, as in a choice's note: the book alone.
    expect(bookWords("(classic numbers; not in seed 002)")).toBe("(classic numbers; not in Basic/Expert)");
    expect(bookWords('docs/rules/third-age.md, "reactions" (seed 000 is silent)')).toBe(
      'docs/rules/third-age.md, "reactions" (The Third Age is silent)',
    );
  });

  it("a message's footer is one short reference: the first heading, and a ruling in a few words in the book's name", () => {
    const bx = [
      'seed 002, "Attack Rolls"',
      'seed 002, "Rolling for Damage"',
      'seed 002, "1s and 20s"',
      'seed 002, "Death"',
    ];
    expect(oneReference(bx)).toBe("Basic/Expert · Attack Rolls");
    expect(
      oneReference([
        'seed 000, "Attack Rolls"',
        ruling("000", "partial AC, damage minimum 1"),
        ruling("000", "reactions"),
      ]),
    ).toBe("The Third Age · Attack Rolls · a ruling: partial AC, damage minimum 1");
    expect(oneReference([ruling("004", "a retreat ends the fight")])).toBe(
      "Life & Guard · a ruling: a retreat ends the fight",
    );
    // Every text silent (the dungeon's shared procedure): no book to name.
    expect(oneReference([ruling(null, "wandering monster on 1 in 6 every 2 turns")])).toBe(
      "a ruling: wandering monster on 1 in 6 every 2 turns",
    );
    expect(oneReference(["classic B/X surprise (1d6, surprised on 1–2)"])).toBe(
      "classic B/X surprise (1d6, surprised on 1–2)",
    );
    expect(oneReference([])).toBe("");
  });

  it("no string in the rules leaves a rule text's file number for players to read", () => {
    // Every quoted string or template in src/rules that cites a rule text, as players would read it.
    const literal = /(["'`])((?:(?!\1)[^\\\n]|\\.)*seed \d{3}(?:(?!\1)[^\\\n]|\\.)*)\1/g;
    const left = files("src/rules")
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ f, i, line })),
      )
      .filter((x) => !/^\s*(\/\/|\*|\/\*\*)/.test(x.line))
      .flatMap((x) => [...x.line.matchAll(literal)].map((m) => ({ ...x, read: bookWords(m[2]!) })))
      .filter((x) => /seed \d{3}|\b00\d\b/.test(x.read));
    expect(left.map((x) => `${x.f}:${x.i + 1}: ${x.read}`)).toEqual([]);
  });

  it("an unknown condition is a fight mark; the common ones have their lifetimes", () => {
    for (const s of Object.values(SYSTEMS)) {
      expect(FIGHT_LIFETIMES.has(wordFor(s.words, "something no text names").lasts)).toBe(true);
      expect(wordFor(s.words, "dead").lasts).toBe("permanent");
      expect(wordFor(s.words, "surprised").lasts).toBe("round");
    }
  });
});
