import { describe, expect, it } from "vitest";
import {
  defuse,
  fit as fitTo,
  length,
  shapeCallback,
  shapeChoices,
  shapeMessage,
  DISCORD_LIMITS as L,
} from "../../src/discord/limits.js";
import { shapeBody } from "../../src/discord/outgoing.js";
import { clip } from "../../src/discord/embeds/style.js";
import { cleanText, isBlank } from "../../src/discord/input.js";

const points = (s: unknown) => Array.from(String(s)).length;

describe("fitting text to Discord's limits", () => {
  it("counts code points, never splits a 4-byte character, and ends a cut with an ellipsis", () => {
    expect(fitTo("abc", 3)).toBe("abc");
    expect(fitTo("abcd", 3)).toBe("ab…");
    const dragons = fitTo("🐉".repeat(3000), 2000);
    expect(points(dragons)).toBe(2000);
    expect(dragons.endsWith("🐉…")).toBe(true);
    expect(fitTo("x".repeat(150), 100, false)).toBe("x".repeat(100));
  });

  it("counts a surrogate pair as one code point and a lone surrogate as one, as the string's iterator does", () => {
    for (const s of ["", "abc", "🎲🎲", "a\uD800", "\uDC00a", "\uD800\uD800\uDC00", "é̃", `${"x".repeat(3000)}🎲`])
      expect(length(s), JSON.stringify(s)).toBe(Array.from(s).length);
    expect(length(`${"🎲".repeat(3000)}`)).toBe(3000);
  });

  it("shapes a message: content, every embed part, the 6,000 total and labels; a custom id is never cut", () => {
    const long = "y".repeat(7000);
    const m = shapeMessage({
      content: long,
      embeds: [
        {
          title: long,
          description: long,
          footer: { text: long },
          fields: Array.from({ length: 30 }, () => ({ name: long, value: long })),
        },
      ],
      components: [{ type: 1, components: [{ type: 2, label: long, custom_id: "x".repeat(100), style: 1 }] }],
    }) as Record<string, any>;
    expect(points(m.content)).toBe(L.content);
    const e = m.embeds[0];
    expect(points(e.title)).toBeLessThanOrEqual(L.title);
    expect(e.fields.length).toBeLessThanOrEqual(L.fields);
    const total =
      points(e.title) +
      points(e.description) +
      points(e.footer.text) +
      e.fields.reduce((n: number, f: any) => n + points(f.name) + points(f.value), 0);
    expect(total).toBeLessThanOrEqual(L.embedTotal);
    expect(points(m.components[0].components[0].label)).toBe(L.label);
    expect(m.components[0].components[0].custom_id).toBe("x".repeat(100));
    // Past the limit it is refused whole (a programming error), never sent cut.
    const tooLong = {
      components: [{ type: 1, components: [{ type: 2, label: "a", custom_id: "x".repeat(101), style: 1 }] }],
    };
    expect(() => shapeMessage(tooLong)).toThrow(/at most 100/);
    expect(() => shapeCallback({ type: 9, data: { title: "t", custom_id: "x".repeat(101), components: [] } })).toThrow(
      /at most 100/,
    );
  });

  it("cuts text between graphemes: never half a surrogate pair, never an emoji sequence or an accent apart", () => {
    const broken = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(fitTo("𝔄".repeat(60), 45)).toBe("𝔄".repeat(44) + "…");
    expect(clip("𝔄".repeat(60), 45)).toBe("𝔄".repeat(22) + "…");
    expect(clip("𝔄".repeat(60), 45)).not.toMatch(broken);
    expect(clip("ab" + "👨‍👩‍👧".repeat(3), 10)).toBe("ab…");
    expect(fitTo("ab" + "👨‍👩‍👧".repeat(3), 8)).toBe("ab" + "👨‍👩‍👧" + "…");
    expect(fitTo("e\u0301".repeat(10), 6)).toBe("e\u0301".repeat(2) + "…");
    expect(clip("short", 45)).toBe("short");
  });

  it("pings nobody unless the bot says whom", () => {
    expect(shapeMessage({ content: "@everyone" }).allowed_mentions).toEqual({ parse: [] });
    expect(shapeMessage({ content: "<@1>", allowed_mentions: { parse: [], users: ["1"] } }).allowed_mentions).toEqual({
      parse: [],
      users: ["1"],
    });
  });

  it("keeps autocomplete choices to 25, names and values to 100", () => {
    const c = shapeChoices(Array.from({ length: 30 }, () => ({ name: "n".repeat(300), value: "v".repeat(300) })));
    expect(c.length).toBe(25);
    expect(c.every((x) => points(x.name) === 100 && points(x.value) === 100)).toBe(true);
    const cb = shapeCallback({ type: 8, data: { choices: [{ name: "", value: "a" }] } }) as any;
    expect(cb.data.choices[0].name).toBe("—");
  });

  it("shapes bodies by route: interaction callbacks, webhooks, channel messages; nothing else", () => {
    const body = { content: "x" };
    expect(shapeBody("POST", "/interactions/1/tok/callback", { type: 4, data: body })).toMatchObject({
      data: { allowed_mentions: { parse: [] } },
    });
    expect(shapeBody("PATCH", "/webhooks/1/tok/messages/@original", body)).toMatchObject({
      allowed_mentions: { parse: [] },
    });
    expect(shapeBody("POST", "/channels/1/messages", body)).toMatchObject({ allowed_mentions: { parse: [] } });
    expect(shapeBody("PUT", "/applications/1/commands", [body])).toEqual([body]);
  });
});

describe("defusing markdown the bot never writes", () => {
  it("keeps masked links, headings, quotes, fences and spoilers from rendering", () => {
    expect(defuse("[free nitro](https://example.com)")).toBe("[free nitro]\\(https://example.com)");
    expect(defuse("# Big\n> quote\n-# small")).toBe("\\# Big\n\\> quote\n\\-# small");
    expect(defuse("```js")).toBe("\\`\\`\\`js");
    expect(defuse("- a\n* b")).toBe("\\- a\n\\* b");
    expect(defuse("||secret||")).toBe("\\|\\|secret\\|\\|");
  });

  it("leaves the bot's own markdown alone", () => {
    const own = "4d6kh3 (2, 3, 3, ~~2~~) = **8** · `1d20` [6, 2] #12 a|b\n1. orcs\n**Alda** -1";
    expect(defuse(own)).toBe(own);
  });
});

describe("cleaning what users type", () => {
  it("removes invisible and direction-changing characters, lone and piled-up marks", () => {
    expect(cleanText("Al\u202Eda\u202C")).toBe("Alda");
    expect(cleanText("\u200BBo\u0000b\uFEFF")).toBe("Bob");
    expect(cleanText("  two   words  ")).toBe("two words");
    expect(cleanText("\u0301Zoe")).toBe("Zoe");
    expect(cleanText("Zoe\u0301")).toBe("Zoé");
    expect(cleanText("a" + "\u0301".repeat(30))).toBe("á" + "\u0301".repeat(4));
  });

  it("keeps emoji sequences and accents", () => {
    expect(cleanText("👨‍👩‍👧 Ørn")).toBe("👨‍👩‍👧 Ørn");
  });

  it("sees text with nothing visible as blank", () => {
    for (const s of ["", " ", "\u200B", "\u202E\u202D", "\u0301", "\u0000", "\u3000", "\u200D\uFE0F", "\u2800"])
      expect(isBlank(cleanText(s)), JSON.stringify(s)).toBe(true);
    for (const s of ["a", "7", "?", "🐉"]) expect(isBlank(cleanText(s))).toBe(false);
  });
});
