// The playground's way in: talks to a running local Discord's control API.
//   npx tsx src/local/cli.ts "/roll dice:1d20"            run a command, print the reply
//   npx tsx src/local/cli.ts --press <messageId> <customId>  press a button (prints the message it edited and the ones it created)
//   npx tsx src/local/cli.ts --modal field=value …        fill in and submit the form the bot opened last for the user
//   npx tsx src/local/cli.ts --messages [channel]          show a channel
//   npx tsx src/local/cli.ts --say <text…>                 write a message as the user
//   npx tsx src/local/cli.ts --menu <messageId> <name…>    a message command ("Roll dice in this message")
//   npx tsx src/local/cli.ts                               REPL (Tab completes commands, options and choices): type command lines,
//        "press <messageId> <customId>", "modal field=value …", "messages [channel]", "say <text>", "menu <messageId> <name>", "as <user>", "in <channel>"
// Options: --user <name> (default referee), --channel <name> (default table).
// Port: LOCAL_DISCORD_PORT (default 8787).
import { createInterface } from "node:readline/promises";
import { fileURLToPath } from "node:url";
import { tokenize } from "./line.js";
import { complete } from "./complete.js";
import type { StoredCommand } from "./types.js";

const base = () => `http://127.0.0.1:${process.env.LOCAL_DISCORD_PORT ?? 8787}/_local`;

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<string> {
  return String((await callJson(method, path, body)).text ?? "");
}

async function callJson(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(base() + path, {
      method,
      ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new Error(`no local Discord at ${base()} (is the playground running? set LOCAL_DISCORD_PORT)`);
  }
  const data = (await res.json()) as { text?: string; error?: string; message?: string };
  if (!res.ok) throw new Error(data.error ?? data.message ?? `HTTP ${res.status}`);
  return data;
}

/** The prompt's Tab: the local Discord's registered commands (asked once), and an autocomplete option's choices from the bot. */
export function completer(ctx: Ctx): (line: string) => Promise<[string[], string]> {
  let commands: StoredCommand[] | null = null;
  const ask = async (line: string, focused: string) => {
    const r = await callJson("POST", "/autocomplete", { line, focused, user: ctx.user, channel: ctx.channel });
    return ((r.choices ?? []) as { value?: unknown }[]).map((c) => String(c.value));
  };
  return async (line) => {
    try {
      commands ??= ((await callJson("GET", "/commands")).commands ?? []) as StoredCommand[];
      return await complete(line, commands, ask);
    } catch {
      return [[], line];
    }
  };
}

interface Ctx {
  user: string;
  channel: string;
}

/** One REPL / command-line instruction; returns the text to print. */
export async function runLine(line: string, ctx: Ctx): Promise<string> {
  const words = line.trim().split(/\s+/);
  const [verb, a, b] = words;
  if (!verb) return "";
  if (verb === "press" || verb === "--press") {
    if (!a || !b) throw new Error("usage: press <messageId> <customId>");
    return call("POST", "/press", { messageId: a, customId: b, user: ctx.user });
  }
  if (verb === "modal" || verb === "--modal") {
    const values: Record<string, string> = {};
    for (const t of tokenize(line.trim()).slice(1)) {
      const eq = t.text.indexOf("=");
      if (eq <= 0)
        throw new Error(
          `usage: modal field=value … (got "${t.text}"; a value with spaces goes in quotes: notes="two words")`,
        );
      values[t.text.slice(0, eq)] = t.text.slice(eq + 1);
    }
    return call("POST", "/modal", { values, user: ctx.user });
  }
  if (verb === "messages" || verb === "--messages") {
    return call(
      "GET",
      `/messages?channel=${encodeURIComponent(a ?? ctx.channel)}&user=${encodeURIComponent(ctx.user)}`,
    );
  }
  if (verb === "commands") return call("GET", "/commands");
  if (verb === "say" || verb === "--say")
    return call("POST", "/say", { content: line.trim().replace(/^\S+\s*/, ""), user: ctx.user, channel: ctx.channel });
  if (verb === "menu" || verb === "--menu") {
    const name = words.slice(2).join(" ").replace(/^"|"$/g, "");
    if (!a || !name) throw new Error("usage: menu <messageId> <command name>, e.g. menu 123 Roll dice in this message");
    return call("POST", "/menu", { messageId: a, name, user: ctx.user });
  }
  if (verb === "as" && a) return ((ctx.user = a), `you are now ${a}`);
  if (verb === "in" && a) return ((ctx.channel = a.replace(/^#/, "")), `now in #${ctx.channel}`);
  if (!verb.startsWith("/"))
    return "type /command options…, press <messageId> <customId>, modal field=value …, messages [channel], say <text>, menu <messageId> <name>, commands, as <user>, in <channel>";
  return call("POST", "/command", { line, user: ctx.user, channel: ctx.channel });
}

async function main(argv: string[]): Promise<void> {
  const ctx: Ctx = { user: "referee", channel: "table" };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--user") ctx.user = argv[++i] ?? ctx.user;
    else if (argv[i] === "--channel") ctx.channel = argv[++i] ?? ctx.channel;
    else rest.push(argv[i]!);
  }
  if (rest.length > 0) {
    // The shell already split the words: quote again the ones that hold spaces (notes="two words").
    console.log(
      await runLine(
        rest
          .map((w) =>
            /\s/.test(w) && !/^\//.test(w)
              ? w.replace(
                  /^([^=:\s]+[=:])?(.*)$/s,
                  (_, k: string | undefined, v: string) => `${k ?? ""}"${v.replace(/"/g, '\\"')}"`,
                )
              : w,
          )
          .join(" "),
        ctx,
      ),
    );
    return;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, completer: completer(ctx) });
  rl.setPrompt(`${ctx.user}@#${ctx.channel}> `);
  rl.prompt();
  for await (const line of rl) {
    try {
      const out = await runLine(line, ctx);
      if (out) console.log(out);
    } catch (err) {
      console.error(`! ${(err as Error).message}`);
    }
    rl.setPrompt(`${ctx.user}@#${ctx.channel}> `);
    rl.prompt();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((err: Error) => {
    console.error(err.message);
    process.exitCode = 1;
  });
}
