// Parses a typed command line the way a user fills in Discord's slash command UI:
//   /name [group] [subcommand] key:value key:"quoted value" [positional values]
// Subcommands and option names come from the registered command definitions;
// values stay strings (the interaction builder types them from the definition).
import type { StoredCommand } from "./types.js";

export interface ParsedLine {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  options: Record<string, string>;
}

interface Token {
  text: string;
  /** The token began with a quote: never a key:value pair. */
  quoted: boolean;
}

export function tokenize(line: string): Token[] {
  const out: Token[] = [];
  let cur = "";
  let inToken = false;
  let quoted = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === "\\" && i + 1 < line.length) cur += line[++i];
      else if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'" || ch === "“" || ch === "”") {
      if (!inToken) quoted = true;
      inToken = true;
      quote = ch === "“" ? "”" : ch;
    } else if (/\s/.test(ch)) {
      if (inToken) out.push({ text: cur, quoted });
      cur = "";
      inToken = false;
      quoted = false;
    } else {
      cur += ch;
      inToken = true;
    }
  }
  if (quote) throw new Error(`unterminated quote in: ${line}`);
  if (inToken) out.push({ text: cur, quoted });
  return out;
}

interface Def {
  type: number;
  name: string;
  options?: Def[];
}

export function parseCommandLine(line: string, commands: StoredCommand[]): ParsedLine {
  const tokens = tokenize(line.trim());
  const head = tokens.shift();
  if (!head || !head.text.startsWith("/") || head.text.length < 2) throw new Error(`a command line starts with /name (got: ${line})`);
  const name = head.text.slice(1);
  const command = commands.find((c) => c.name === name && (c.type ?? 1) === 1);
  if (!command) throw new Error(`unknown command /${name}; registered: ${commands.map((c) => "/" + c.name).join(", ") || "(none)"}`);

  const parsed: ParsedLine = { name, options: {} };
  let defs = (command.options ?? []) as Def[];
  const next = (type: number): Def | undefined => {
    const t = tokens[0];
    const d = t && !t.quoted ? defs.find((x) => x.type === type && x.name === t.text) : undefined;
    if (d) tokens.shift();
    return d;
  };
  const group = next(2);
  if (group) {
    parsed.subcommandGroup = group.name;
    defs = group.options ?? [];
  }
  const sub = next(1);
  if (sub) {
    parsed.subcommand = sub.name;
    defs = sub.options ?? [];
  } else if (defs.some((d) => d.type === 1 || d.type === 2)) {
    const choices = defs.filter((d) => d.type === 1 || d.type === 2).map((d) => d.name);
    throw new Error(`/${[name, parsed.subcommandGroup].filter(Boolean).join(" ")} needs a subcommand: ${choices.join(", ")}`);
  }

  const positional: string[] = [];
  // Words typed right after a named value: perhaps that value's, split at a space.
  let after: { key: string; value: string; words: string[] } | null = null;
  let unknownKey = false;
  for (const t of tokens) {
    const m = t.quoted ? null : /^([^:\s]+):(.*)$/s.exec(t.text);
    if (m && defs.some((d) => d.name === m[1])) {
      parsed.options[m[1]!] = m[2]!;
      after = { key: m[1]!, value: m[2]!, words: [] };
    } else {
      if (after) after.words.push(t.text);
      if (m && after) unknownKey = true;
      positional.push(t.text);
    }
  }
  const quoted = () => {
    if (!after?.words.length) return "";
    const whole = [after.value, ...after.words].join(" ").replace(/"/g, '\\"');
    return `; a value with spaces goes in quotes: ${after.key}:"${whole}"`;
  };
  // "hp:9" after sheet:str=16 is no option of this command: the value was split at a space.
  if (unknownKey) throw new Error(`/${name}: "${after!.words.join(" ")}" is not an option${quoted()} (options: ${defs.map((d) => d.name).join(", ")})`);
  // Positional values fill the options not named, in definition order; the last takes the rest.
  const free = defs.filter((d) => !(d.name in parsed.options));
  free.forEach((d, i) => {
    if (positional.length === 0) return;
    parsed.options[d.name] = i === free.length - 1 ? positional.splice(0).join(" ") : positional.shift()!;
  });
  if (positional.length) throw new Error(`/${name}: too many values (${positional.join(" ")})${quoted()}; options: ${defs.map((d) => d.name).join(", ")}`);
  return parsed;
}
