/**
 * No regular expression in the bot can backtrack super-linearly on what a user types.
 *
 * Every regular-expression literal under src/ and commands/ (found by parsing each file, not by
 * grepping) goes through scslre, the analysis behind eslint-plugin-regexp's
 * regexp/no-super-linear-backtracking and regexp/no-super-linear-move rules. It reports any
 * pair of quantifiers (or a quantifier with itself) that can trade characters, with the
 * character to repeat as the attack; this test fails on any such report. A pattern built at run
 * time (`new RegExp(…)`) cannot be checked, so it fails the test too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseSync, Visitor } from "rolldown/utils";
import { analyse, type Report } from "scslre";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const DIRS = ["src", "commands"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(?:ts|mts)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !f.includes(`${join("src", "generated")}`));
}

interface Found {
  where: string;
  pattern: string;
  flags: string;
}

function collect(): { literals: Found[]; built: string[] } {
  const literals: Found[] = [];
  const built: string[] = [];
  for (const file of DIRS.flatMap((d) => sources(join(ROOT, d)))) {
    const code = readFileSync(file, "utf8");
    const parsed = parseSync(file, code, { lang: "ts" });
    if (parsed.errors.length) throw new Error(`${file} did not parse: ${parsed.errors[0]!.message}`);
    const where = (at: number) => `${relative(ROOT, file)}:${code.slice(0, at).split("\n").length}`;
    const constructs = (n: { callee: object; start: number }) => {
      const callee = n.callee as { type: string; name?: unknown };
      if (callee.type === "Identifier" && callee.name === "RegExp") built.push(where(n.start));
    };
    new Visitor({
      Literal(n) {
        if ("regex" in n && n.regex)
          literals.push({ where: where(n.start), pattern: n.regex.pattern, flags: n.regex.flags });
      },
      NewExpression: constructs,
      CallExpression: constructs,
    }).visit(parsed.program);
  }
  return { literals, built };
}

function describeReport(r: Report): string {
  const quant = r.type === "Trade" ? `${r.startQuant.raw} with ${r.endQuant.raw}` : r.quant.raw;
  return `${r.type}${r.exponential ? " (exponential)" : ""}: ${quant}, repeat ${JSON.stringify(r.character.pick)}`;
}

/** Super-linear backtracking reports for one pattern (Move: repeated scans from each start, too). */
function superLinear(pattern: string, flags: string, move = false): string[] {
  return analyse({ source: pattern, flags }, { reportTypes: { Move: move, Self: true, Trade: true } }).reports.map(
    describeReport,
  );
}

const { literals, built } = collect();

describe("regular expressions and what users type", () => {
  it("finds the patterns it checks (the free-text dice finder among them)", () => {
    expect(literals.length).toBeGreaterThan(50);
    expect(literals.some((l) => l.where.startsWith(join("src", "rules", "dice", "find.ts")))).toBe(true);
  });

  it("no pattern is built at run time, where the check could not see it", () => {
    expect(built).toEqual([]);
  });

  it("no pattern can backtrack super-linearly", () => {
    const bad = literals.flatMap((l) =>
      superLinear(l.pattern, l.flags).map((r) => `${l.where} /${l.pattern}/${l.flags} — ${r}`),
    );
    expect(bad).toEqual([]);
  });

  it("the check catches the finder's old pattern, which froze the bot for over a minute", () => {
    const old = String.raw`(?<![\w])(\d{0,3}d(?:\d{1,4}|%|F)(?:[a-z!<>=]{0,3}\d{0,3})*(?:\s*[-+*]\s*(?:\d{0,3}d(?:\d{1,4}|%|F)(?:[a-z!<>=]{0,3}\d{0,3})*|\d{1,4})(?![\w]))*)`;
    expect(superLinear(old, "gi").some((r) => r.includes("exponential"))).toBe(true);
    expect(superLinear("^(a+)+$", "")).not.toEqual([]);
  });
});
