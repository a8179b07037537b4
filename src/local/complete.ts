// Tab completion for the CLI's prompt, as the page offers it: the command's name, its subcommands, its options
// (`name:`), and an option's choices (`system:bx`): fixed choices from the registered command, an autocomplete
// option's from the bot (`ask`), true/false for a yes-or-no option.
import type { StoredCommand } from "./types.js";

interface Def {
  type: number;
  name: string;
  options?: Def[];
  choices?: { name: string; value: string | number }[];
  autocomplete?: boolean;
}

/** The CLI's own words besides commands. */
export const VERBS = ["press", "modal", "messages", "say", "menu", "commands", "as", "in"];

const quoteIfSpaced = (v: string) => (/\s/.test(v) ? `"${v.replace(/"/g, '\\"')}"` : v);

/**
 * What Tab offers at the end of `line`: the candidates, each replacing the last word, and that word
 * (node:readline's completer answer). `ask(line, option)` gives an autocomplete option's choices.
 */
export async function complete(
  line: string,
  commands: StoredCommand[],
  ask?: (line: string, option: string) => Promise<string[]>,
): Promise<[string[], string]> {
  const words = line.split(/\s+/);
  const word = words[words.length - 1] ?? "";
  const starts = (xs: string[]) => xs.filter((x) => x.startsWith(word));
  const slash = commands.filter((c) => (c.type ?? 1) === 1).map((c) => `/${c.name}`);
  if (words.length === 1) return [starts(word.startsWith("/") ? slash : [...VERBS, ...slash]), word];
  const command = commands.find((c) => `/${c.name}` === words[0] && (c.type ?? 1) === 1);
  if (!command) return [[], word];
  let defs = ((command as { options?: Def[] }).options ?? []) as Def[];
  const typed = words.slice(1, -1);
  for (const kind of [2, 1]) {
    const sub = defs.find((d) => d.type === kind && d.name === typed[0]);
    if (sub) {
      typed.shift();
      defs = sub.options ?? [];
    }
  }
  const subs = defs.filter((d) => d.type === 1 || d.type === 2);
  if (subs.length) return [starts(subs.map((d) => d.name)), word];
  const colon = word.indexOf(":");
  if (colon < 0) {
    const named = new Set(typed.map((w) => w.split(":")[0]));
    return [starts(defs.filter((d) => !named.has(d.name)).map((d) => `${d.name}:`)), word];
  }
  const def = defs.find((d) => d.name === word.slice(0, colon));
  if (!def) return [[], word];
  let values: string[] = [];
  if (def.choices?.length) values = def.choices.map((c) => String(c.value));
  else if (def.type === 5) values = ["true", "false"];
  else if (def.autocomplete && ask) values = await ask(line, def.name).catch(() => []);
  const offered = values.map((v) => `${def.name}:${quoteIfSpaced(v)}`);
  const partial = word
    .slice(colon + 1)
    .replace(/^"/, "")
    .toLowerCase();
  // An autocomplete's choices already match what was typed (the bot filtered them); fixed ones are filtered here.
  return [
    def.autocomplete
      ? offered
      : offered.filter((o) =>
          o
            .slice(colon + 1)
            .replace(/^"/, "")
            .toLowerCase()
            .startsWith(partial),
        ),
    word,
  ];
}
