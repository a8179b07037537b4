/**
 * End-to-end harness: the local Discord on a random port, the real bot (real
 * discord.js client) on a real SQLite temp file (a fresh PostgreSQL database
 * in the `postgresql` test project), fixed seeds. Tests send
 * interactions through the local Discord and assert on what the bot sent.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino, { type Logger } from "pino";
import { LocalDiscord } from "../../src/local/server.js";
import { startApp, type App } from "../../src/app.js";
import { fixedSeeds } from "../../src/play/services.js";
import { testDatabase } from "./database.js";
import type { Reply, SlashOptions, StoredMessage } from "../../src/local/types.js";
import { createLogger } from "../../src/log.js";
import { wordsProblems } from "./words.js";

export const TOKEN = "test.bot.token-abcdefghijklmnopqrstuvwxyz";

export interface E2E {
  local: LocalDiscord;
  app: App;
  dir: string;
  dbUrl: string;
  guildId: string;
  channelId: string;
  users: Record<string, string>;
  /** Sends a slash command as `user` in the default channel (or opts.channelId). */
  cmd(user: string, name: string, options?: SlashOptions["options"], extra?: Partial<SlashOptions>): Promise<Reply>;
  press(
    user: string,
    messageId: string,
    customId: string,
    extra?: { channelId?: string; guildId?: string },
  ): Promise<Reply>;
  /** `user` picks `values` in the select menu `customId` of a message. */
  choose(user: string, messageId: string, customId: string, values: string[]): Promise<Reply>;
  /** `user` picks the message command `name` from the "Apps" menu of a message. */
  menu(user: string, name: string, messageId: string): Promise<Reply>;
  /** `user` writes a message in the default channel. */
  say(user: string, content: string): StoredMessage;
  /** Submits the modal the bot showed `user`, with each field's value by its custom id. */
  submit(user: string, customId: string, values: Record<string, string>): Promise<Reply>;
  /** The bot's log file (JSON lines, at LOG_LEVEL, trace by default) unless a logger was passed in. */
  logFile?: string | undefined;
  /** Everything users typed (options, modal fields, messages): the words sweep lets the bot echo them. */
  typed: string[];
  /** Restarts the bot on the same database (same local Discord). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startE2E(
  opts: {
    users?: string[];
    log?: Logger;
    logLevel?: string;
    seedPrefix?: string;
    sweepEveryMs?: number;
    now?: () => Date;
    answerByMs?: number;
  } = {},
): Promise<E2E> {
  const local = await LocalDiscord.start({ port: 0, token: TOKEN });
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-e2e-"));
  const database = await testDatabase(dir, "bot.db");
  const dbUrl = database.url;
  const guildId = local.createGuild("Test Table").id;
  const channelId = local.createChannel(guildId, "table").id;
  const users: Record<string, string> = {};
  for (const u of opts.users ?? ["referee", "alice", "bob", "mallory"]) {
    users[u] = local.createUser(u).id;
    local.addMember(guildId, users[u]!);
  }
  const env = { DISCORD_TOKEN: TOKEN, DISCORD_API_URL: local.apiUrl, DATABASE_URL: dbUrl, LOG_LEVEL: "silent" };
  const seeds = fixedSeeds(opts.seedPrefix ?? "e2e");
  const logFile = opts.log ? undefined : join(dir, "bot.log");
  const log =
    opts.log ??
    createLogger({
      level: opts.logLevel ?? (process.env.LOG_LEVEL || "trace"),
      destination: pino.destination({ dest: logFile!, sync: true, mkdir: true }),
    });
  const boot = () =>
    startApp(env, {
      log,
      newSeed: seeds,
      sweepEveryMs: opts.sweepEveryMs ?? 0,
      ...(opts.now ? { now: opts.now } : {}),
      ...(opts.answerByMs !== undefined ? { answerByMs: opts.answerByMs } : {}),
    });
  const typed: string[] = [];
  const h: E2E = {
    local,
    typed,
    app: await boot(),
    dir,
    dbUrl,
    logFile,
    guildId,
    channelId,
    users,
    cmd(user, name, options, extra = {}) {
      const [top, group, sub] = name.split(" ");
      for (const v of Object.values(options ?? {})) typed.push(typeof v === "object" ? JSON.stringify(v) : String(v));
      return local.slash({
        guildId,
        channelId,
        userId: users[user] ?? user,
        name: top!,
        ...(sub ? { subcommandGroup: group, subcommand: sub } : group ? { subcommand: group } : {}),
        ...(options ? { options } : {}),
        ...extra,
      });
    },
    press(user, messageId, customId, extra = {}) {
      return local.press({ messageId, customId, userId: users[user] ?? user, guildId, channelId, ...extra });
    },
    choose(user, messageId, customId, values) {
      return local.press({ messageId, customId, userId: users[user] ?? user, guildId, channelId, values });
    },
    menu(user, name, messageId) {
      return local.messageCommand({ name, messageId, userId: users[user] ?? user });
    },
    say(user, content) {
      typed.push(content);
      return local.userMessage(channelId, users[user] ?? user, content);
    },
    submit(user, customId, values) {
      typed.push(...Object.values(values));
      return local.submitModal({ customId, values, userId: users[user] ?? user });
    },
    async restart() {
      await h.app.stop();
      h.app = await boot();
    },
    async stop() {
      // Read before the local Discord stops: what players read never shows a path, an option id, a mark's key or a roll id.
      const words = wordsProblems(local.messages.values(), local.world.bot.id, typed);
      await h.app.stop().catch(() => {});
      await local.stop();
      await database.drop();
      const leaks =
        logFile && existsSync(logFile) ? tokensIn(readFileSync(logFile, "utf8"), [TOKEN, ...local.issuedTokens()]) : [];
      rmSync(dir, { recursive: true, force: true });
      if (leaks.length) throw new Error(`the bot's log shows ${leaks.length} token(s), e.g. in: ${leaks[0]}`);
      if (words.length)
        throw new Error(
          `${words.length} message(s) show words players must not read:\n${words.slice(0, 20).join("\n")}`,
        );
    },
  };
  return h;
}

/**
 * A table ready to play: startE2E, a campaign of `system` started by the referee, and each character
 * created by its player. A refused step fails the setup with the bot's own words.
 */
export async function startTable(
  system: string,
  characters: { user: string; name: string; sheet: string }[],
  opts: Parameters<typeof startE2E>[0] = {},
): Promise<E2E> {
  const h = await startE2E(opts);
  const steps: [string, string, Record<string, string>][] = [
    ["referee", "campaign start", { system }],
    ...characters.map((c): [string, string, Record<string, string>] => [
      c.user,
      "character create",
      { name: c.name, sheet: c.sheet },
    ]),
  ];
  for (const [user, name, options] of steps) {
    const r = await h.cmd(user, name, options);
    if (r.ephemeral) throw new Error(`setup: /${name} refused: ${r.message.content}`);
  }
  return h;
}

/**
 * `h.cmd` that prints each answer (its text and buttons) when `debug` is on, for following a long scene:
 * `const say = saying(() => h, process.env.BX_E2E_DEBUG === "1")`.
 */
export function saying(get: () => E2E, debug: boolean) {
  return async (user: string, name: string, options?: Record<string, unknown>, channelId?: string): Promise<Reply> => {
    const r = await get().cmd(user, name, options as never, channelId ? { channelId } : undefined);
    if (debug)
      console.log(
        `--- ${user} /${name} ${JSON.stringify(options ?? {})}${r.ephemeral ? " (ephemeral)" : ""}\n${text(r.message)}\n${JSON.stringify(buttons(r.message).map((b) => b.label))}`,
      );
    return r;
  };
}

/** The embed's text in one string (title, description, fields, footer) for assertions. */
export function text(m: StoredMessage): string {
  const parts: string[] = [String(m.content ?? "")];
  for (const e of (m.embeds ?? []) as Record<string, any>[]) {
    parts.push(e.title ?? "", e.description ?? "");
    for (const f of e.fields ?? []) parts.push(`${f.name}: ${f.value}`);
    if (e.footer?.text) parts.push(e.footer.text);
  }
  return parts.filter(Boolean).join("\n");
}

/** Every button on a message: its custom id and its label (else its emoji). Select menus are menuOptions'. */
export function buttons(m: StoredMessage): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  for (const row of (m.components ?? []) as Record<string, any>[])
    for (const c of row.components ?? [])
      if (c.type === 2 && c.custom_id) out.push({ id: c.custom_id, label: c.label ?? c.emoji?.name ?? "" });
  return out;
}

/** The choices of every select menu on a message: its custom id, and each option's label and value. */
export function menuOptions(m: StoredMessage): { id: string; label: string; value: string }[] {
  const out: { id: string; label: string; value: string }[] = [];
  for (const row of (m.components ?? []) as Record<string, any>[])
    for (const c of row.components ?? [])
      for (const o of c.options ?? []) out.push({ id: c.custom_id, label: o.label, value: o.value });
  return out;
}

/**
 * The referee presses the newest board's "Resolve N waiting" (once the board that follows the last
 * attack is in): every attack still waiting for an answer resolves as it stood.
 */
export async function resolveWaiting(h: E2E, user = "referee"): Promise<Reply> {
  const live = () =>
    [...h.local.channelMessages(h.channelId)].filter(
      (m) => !m.deleted && buttons(m).some((b) => /^Resolve \d+ waiting$/.test(b.label)),
    );
  await until(() => live().length === 1, 5000).catch((e) => {
    const all = [...h.local.channelMessages(h.channelId)].filter(
      (m) => !m.deleted && buttons(m).some((b) => b.id.startsWith("next:")),
    );
    throw new Error(
      `${e.message}: ${live().length} boards offer to resolve; the live boards: ${all.map((m) => `${m.id} ${JSON.stringify(buttons(m).map((b) => b.label))}`).join("; ") || "none"}`,
    );
  });
  const board = live()[0]!;
  return h.press(user, board.id, buttons(board).find((b) => /^Resolve \d+ waiting$/.test(b.label))!.id);
}

/** Polls an async condition (the bot finishes some work just after answering). */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Lines of a log that show a token: the whole token, raw or URL-encoded, or the
 * secret part of an interaction token (what follows "interaction:<id>:").
 */
export function tokensIn(log: string, tokens: string[]): string[] {
  const needles = new Set<string>();
  for (const t of tokens) {
    needles.add(t);
    needles.add(encodeURIComponent(t));
    const secret = t.split(":").pop() ?? "";
    if (secret.length >= 16) {
      needles.add(secret);
      needles.add(encodeURIComponent(secret));
    }
  }
  return log.split("\n").filter((line) => [...needles].some((n) => line.includes(n)));
}

/**
 * Stops a bot process the way its host would (SIGTERM: a shard manager stops its shards, each
 * finishing what it has in flight), then SIGKILL after `graceMs`; resolves once it has exited.
 * Tests call it before stopping the local Discord and the database, so no shard is left orphaned.
 */
export async function stopProcess(
  child: import("node:child_process").ChildProcess | undefined,
  graceMs = 20_000,
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The live boards in the channel: messages, not deleted, whose buttons include the round's Next. */
export function liveBoards(h: E2E, channelId = h.channelId): StoredMessage[] {
  return [...h.local.channelMessages(channelId)].filter(
    (m) => !m.deleted && buttons(m).some((b) => b.id.startsWith("next:") && /^(Next|Roll|Next round)/.test(b.label)),
  );
}

/** The one live board (once the board that follows the last action is in): at most one at a time is the board's promise. */
export async function liveBoard(h: E2E, channelId = h.channelId): Promise<StoredMessage> {
  // The bot's work after its answer (the board below, the old one's deletion) is done first.
  await h.app.bot.router.settled();
  await until(() => liveBoards(h, channelId).length === 1, 5000).catch((e: Error) => {
    throw new Error(`${e.message}: ${liveBoards(h, channelId).length} live boards`);
  });
  return liveBoards(h, channelId)[0]!;
}

/** A board's button by its label (a regular expression or the label's start). */
export function button(m: StoredMessage, label: RegExp | string): { id: string; label: string } | undefined {
  return buttons(m).find((b) => (typeof label === "string" ? b.label.startsWith(label) : label.test(b.label)));
}

/** The referee's /next until round `n` opens (at most four times): what those answers said. */
export async function nextUntilRound(h: E2E, n: number): Promise<string> {
  let said = "";
  for (let i = 0; i < 4; i++) {
    const r = await h.cmd("referee", "next");
    if (r.ephemeral) throw new Error(`/next refused: ${r.message.content}`);
    said += `${text(r.message)}\n`;
    if ((await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } })).round === n)
      return said;
  }
  throw new Error(`round ${n} did not open after four /next`);
}

/** The referee moves on (/next) until the live board says `until` (at most `max` times); the last board's text. */
export async function nextUntilBoard(h: E2E, until: RegExp, max = 8): Promise<string> {
  let t = text(await liveBoard(h));
  for (let i = 0; i < max && !until.test(t); i++) {
    await h.cmd("referee", "next");
    t = text(await liveBoard(h));
  }
  return t;
}

/** The live board and its text, printed as it is read when `debug` is on (for following a long scene). */
export function boardReader(get: () => E2E, debug: boolean) {
  const live = async () => {
    const b = await liveBoard(get());
    if (debug) console.log(`--- the board\n${text(b)}\n${JSON.stringify(buttons(b).map((x) => x.label))}`);
    return b;
  };
  return { live, board: async () => text(await live()) };
}
