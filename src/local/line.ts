// Parses a typed command line the way a user fills in Discord's slash command UI:
//   /name [group] [subcommand] key:value key:"quoted value" [positional values]
// Subcommands and option names come from the registered command definitions;
// values stay strings (the interaction builder types them from the definition).
import { distance } from "fastest-levenshtein";
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
  required?: boolean;
  options?: Def[];
}

/** The option names `key` is a slip for ("resaon" → reason): 1 edit up to three letters, 2 up to eight (a swap of two letters is 2), then one more for every three. */
function nearOptions(key: string, defs: Def[]): string[] {
  const k = key.toLowerCase();
  const slack = k.length <= 3 ? 1 : Math.max(2, Math.floor(k.length / 3));
  const scored = defs.map((d) => ({ name: d.name, d: distance(k, d.name.toLowerCase()) })).filter((x) => x.d <= slack);
  const best = Math.min(...scored.map((x) => x.d));
  return scored.filter((x) => x.d === best).map((x) => x.name);
}

/** Reads the subcommand group and subcommand the line names (taking their tokens) into `parsed`; the options left to fill. */
function subcommandOptions(tokens: Token[], parsed: ParsedLine, command: StoredCommand): Def[] {
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
    throw new Error(
      `/${[parsed.name, parsed.subcommandGroup].filter(Boolean).join(" ")} needs a subcommand: ${choices.join(", ")}`,
    );
  }
  return defs;
}

export function parseCommandLine(line: string, commands: StoredCommand[]): ParsedLine {
  const tokens = tokenize(line.trim());
  const head = tokens.shift();
  if (!head?.text.startsWith("/") || head.text.length < 2)
    throw new Error(`a command line starts with /name (got: ${line})`);
  const name = head.text.slice(1);
  const command = commands.find((c) => c.name === name && (c.type ?? 1) === 1);
  if (!command)
    throw new Error(
      `unknown command /${name}; registered: ${commands.map((c) => "/" + c.name).join(", ") || "(none)"}`,
    );

  const parsed: ParsedLine = { name, options: {} };
  const defs = subcommandOptions(tokens, parsed, command);

  type Named = { key: string; value: string; words: string[] };
  const positional: { text: string; after: Named | null }[] = [];
  // Words typed right after a named value: perhaps that value's, split at a space.
  let after: Named | null = null;
  let unknownKey = false;
  const options = `options: ${defs.map((d) => d.name).join(", ")}`;
  for (const t of tokens) {
    const m = t.quoted ? null : /^([^:\s]+):(.*)$/s.exec(t.text);
    if (m && defs.some((d) => d.name === m[1])) {
      parsed.options[m[1]!] = m[2]!;
      after = { key: m[1]!, value: m[2]!, words: [] };
    } else {
      // "resaon:sneak": a misspelled option name, not more of the value before it.
      const near = m ? nearOptions(m[1]!, defs) : [];
      if (near.length) throw new Error(`/${name}: no option ${m![1]}: did you mean ${near.join(" or ")}? (${options})`);
      if (after) after.words.push(t.text);
      if (m && after) unknownKey = true;
      positional.push({ text: t.text, after });
    }
  }
  const whole = (n: Named) => `${n.key}:"${[n.value, ...n.words].join(" ").replace(/"/g, '\\"')}"`;
  const quoted = () => (after?.words.length ? `; a value with spaces goes in quotes: ${whole(after)}` : "");
  // "hp:9" after sheet:str=16 is no option of this command: the value was split at a space.
  if (unknownKey) throw new Error(`/${name}: "${after!.words.join(" ")}" is not an option${quoted()} (${options})`);
  // Positional values fill the options not named, in definition order; the last takes the rest.
  // A value typed after a named one fills only a required option still missing ("/roll reason:x 3d6"):
  // "/roll dice:1d20 +2" most likely meant dice "1d20 +2", so it is refused, not read as the reason.
  const free = defs.filter((d) => !(d.name in parsed.options));
  free.forEach((d, i) => {
    if (positional.length === 0) return;
    const take = i === free.length - 1 ? positional.splice(0) : [positional.shift()!];
    const stray = take.find((w) => w.after);
    const words = take.map((w) => w.text).join(" ");
    if (stray && !d.required) {
      const other = d.type === 3 ? `; if it is the ${d.name}, name it: ${d.name}:"${words.replace(/"/g, '\\"')}"` : "";
      throw new Error(
        `/${name}: "${words}" has no option name. If it is part of ${stray.after!.key}, quote the whole value: ${whole(stray.after!)}${other}`,
      );
    }
    parsed.options[d.name] = words;
  });
  if (positional.length)
    throw new Error(`/${name}: too many values (${positional.map((w) => w.text).join(" ")})${quoted()}; ${options}`);
  return parsed;
}
