import { randomBytes } from "node:crypto";
import { MessageFlags, type Interaction, type MessageContextMenuCommandInteraction } from "discord.js";
import type { Logger } from "pino";
import type { Services } from "../play/services.js";
import type { CommandModule } from "./command.js";
import { say } from "./respond.js";
import { handleOnce, storeUnreachable } from "../play/interactions.js";
import { ANSWER_BY_MS, Lateness, START_BY_MS, TooLate } from "./late.js";
import { cleanOptions } from "./input.js";
import { commandOf } from "./ids.js";
import { UserError } from "../play/errors.js";
import { RuleError } from "../rules/systems/contract/results.js";
import { DiceError } from "../rules/dice/errors.js";

/** The answer when the database drops out under a handler: nothing was committed, so trying again is safe. */
export const STORE_UNREACHABLE =
  "The bot could not reach its records just now (its database is restarting or out of reach). Nothing was changed: try again in a few seconds.";

/** Errors whose message is written for the user: shown as is, ephemerally (matched by class: StaleError and PermissionError are UserErrors). */
const USER_ERRORS = [UserError, RuleError, DiceError];

export interface Router {
  handle(i: Interaction): Promise<void>;
  /** Stop taking interactions and wait for those in flight. */
  drain(): Promise<void>;
  /** Resolves once no interaction is in flight (without refusing new ones): benches wait on it without spinning. */
  settled(): Promise<void>;
  inFlight(): number;
  /** Runs `fn` each time an interaction has been answered (and no longer counts as in flight). */
  afterEach(fn: () => void): void;
}

/** Runs the handler an interaction names: a command, its autocomplete, or a component of one of its messages. */
async function dispatch(
  commands: Map<string, CommandModule>,
  i: Interaction,
  services: Services,
): Promise<{ name: string; kind: string }> {
  if (i.isChatInputCommand()) {
    const cmd = commands.get(i.commandName);
    if (!cmd) throw new UserError(`/${i.commandName} is not a command of this bot (yet): try /help.`);
    cleanOptions(i);
    if (cmd.defer && !i.deferred)
      await i.deferReply(cmd.defer === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {});
    await cmd.execute(i, services);
    return { name: i.commandName, kind: "command" };
  }
  if (i.isMessageContextMenuCommand()) return runMessageCommand(commands, i, services);
  if (i.isAutocomplete()) {
    const cmd = commands.get(i.commandName);
    cleanOptions(i);
    if (cmd?.autocomplete) await cmd.autocomplete(i, services);
    else await i.respond([]);
    return { name: i.commandName, kind: "autocomplete" };
  }
  if (i.isButton() || i.isModalSubmit() || i.isStringSelectMenu()) {
    const name = commandOf(i.customId);
    const cmd = commands.get(name);
    const kind = i.isButton() ? "button" : i.isModalSubmit() ? "modal" : "select";
    if (i.isButton() && cmd?.press) await cmd.press(i, services);
    else if (i.isModalSubmit() && cmd?.submit) await cmd.submit(i, services);
    else if (i.isStringSelectMenu() && cmd?.choose) await cmd.choose(i, services);
    else throw new UserError("This button is no longer in use: nothing was changed.");
    return { name: `${name}:${kind}`, kind };
  }
  return { name: "other", kind: "other" };
}

/** What running an interaction needs: the commands, their services, and how late is too late. */
interface Running {
  commands: Map<string, CommandModule>;
  services: Services;
  log: Logger;
  lateness: Lateness;
  answerBy: number;
  startBy: number;
}

/**
 * Before each transaction of an interaction's work commits, until the interaction is answered:
 * refused when its first answer could no longer reach Discord in time. Once answered (a reply, a
 * deferral, a form shown), Discord takes follow-ups for 15 minutes.
 */
const inTime = (r: Running, i: Interaction) => () => {
  if (answered(i)) return;
  const late = r.lateness.lateBy(i.id);
  if (late > r.answerBy) throw new TooLate(late);
};

/** Runs an interaction's handler (once, however often Discord sends it), answers a failure, and logs the outcome. */
async function runInteraction(r: Running, i: Interaction): Promise<void> {
  const { commands, services, log, lateness } = r;
  const started = performance.now();
  const where = { guild: i.guildId, channel: i.channelId, user: i.user.id, interaction: i.id };
  let meta = { name: "?", kind: "?" };
  let outcome = "ok";
  try {
    // A bot fallen behind sheds what it can no longer answer before doing any of its work.
    if (!i.isAutocomplete() && lateness.lateBy(i.id) > r.startBy) throw new TooLate(lateness.lateBy(i.id));
    const oneTransaction = !!commands.get(nameOf(i))?.oneTransaction;
    if (
      !(await firstTime(
        services,
        i,
        oneTransaction,
        async (svc) => void (meta = await dispatch(commands, i, svc)),
        inTime(r, i),
      ))
    ) {
      log.info({ ...where }, "interaction already handled: ignored");
      return;
    }
  } catch (err) {
    if (err instanceof TooLate) {
      // Nothing was applied, and Discord would refuse any answer now: the user sees "did not respond" and tries again.
      outcome = "too late";
      log.warn({ ...where, command: meta.name, lateMs: err.lateMs }, "interaction too late to answer: nothing applied");
    } else outcome = await answerFailure(i, err as Error, log, { ...where, command: meta.name });
  } finally {
    if (meta.name === "?") meta = describe(i);
    log.info(
      {
        ...where,
        command: meta.name,
        kind: meta.kind,
        outcome,
        ms: Math.round((performance.now() - started) * 100) / 100,
      },
      "interaction",
    );
  }
}

/** While stopping: a short answer, logged like a finished interaction (a stop's test counts both). */
async function refuseWhileStopping(i: Parameters<typeof say>[0], log: Logger): Promise<void> {
  const outcome = await say(i, "The bot is restarting: try again in a moment.").then(
    () => "refused",
    () => "error",
  );
  log.info({ interaction: i.id, outcome }, "interaction refused while stopping");
}

export function createRouter(
  commands: Map<string, CommandModule>,
  services: Services,
  log: Logger,
  opts: { answerByMs?: number; lateness?: Lateness } = {},
): Router {
  const running = new Set<Promise<void>>();
  const lateness = opts.lateness ?? new Lateness();
  const answerBy = opts.answerByMs ?? ANSWER_BY_MS;
  const r: Running = { commands, services, log, lateness, answerBy, startBy: Math.min(START_BY_MS, answerBy) };
  const after: (() => void)[] = [];
  let accepting = true;

  return {
    async handle(i) {
      log.trace({ interaction: i.id, type: i.type, accepting }, "interaction received");
      lateness.received(i.id);
      // Refusals while stopping are tracked too: the client must not close under their answer.
      const p = accepting ? runInteraction(r, i) : i.isRepliable() ? refuseWhileStopping(i, log) : Promise.resolve();
      running.add(p);
      try {
        await p;
      } finally {
        running.delete(p);
        for (const fn of after) fn();
      }
    },
    async drain() {
      accepting = false;
      // Interactions keep arriving while the first ones finish (each answered "restarting"): wait for those too.
      while (running.size) await Promise.allSettled([...running]);
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
    inFlight: () => running.size,
    afterEach: (fn) => void after.push(fn),
  };
}

/** Answers a failed interaction: a user's mistake as written (ephemerally), anything else with a ref to quote. */
async function answerFailure(
  i: Interaction,
  e: Error,
  log: Logger,
  where: Record<string, unknown>,
): Promise<"refused" | "unreachable" | "error"> {
  if (USER_ERRORS.some((kind) => e instanceof kind)) {
    if (i.isRepliable()) await say(i, e.message).catch((x) => log.warn({ err: x, ...where }, "could not answer"));
    return "refused";
  }
  if (storeUnreachable(e)) {
    log.warn({ err: e, ...where }, "the database could not be reached");
    if (i.isRepliable())
      await say(i, STORE_UNREACHABLE).catch((x) => log.warn({ err: x, ...where }, "could not answer"));
    return "unreachable";
  }
  const ref = randomBytes(4).toString("hex");
  log.error({ err: e, ref, ...where }, "handler failed");
  if (i.isRepliable()) {
    await say(
      i,
      `Something went wrong (ref ${ref}). Nothing was changed; try again, and tell the bot's host this ref if it persists.`,
    ).catch((x) => log.warn({ err: x, ref }, "could not answer"));
  }
  return "error";
}

/** A message command (the "Apps" menu on a message). */
async function runMessageCommand(
  commands: Map<string, CommandModule>,
  i: MessageContextMenuCommandInteraction,
  services: Services,
): Promise<{ name: string; kind: string }> {
  const cmd = commands.get(i.commandName);
  if (!cmd?.message) throw new UserError(`"${i.commandName}" is not a message command of this bot (yet): try /help.`);
  if (cmd.defer && !i.deferred) await i.deferReply(cmd.defer === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {});
  await cmd.message(i, services);
  return { name: i.commandName, kind: "message command" };
}

/**
 * Runs `handle` unless the interaction was handled before (a redelivery): false then. Every
 * transaction of the handler asks `beforeCommit` (too late to answer?) before it commits. The record
 * is written first, or (`oneTransaction`: the hot path) inside the handler's first transaction.
 */
async function firstTime(
  services: Services,
  i: Interaction,
  oneTransaction: boolean,
  handle: (services: Services) => Promise<void>,
  beforeCommit: () => void,
): Promise<boolean> {
  if (i.isAutocomplete()) {
    await handle(services);
    return true;
  }
  return handleOnce(services, i.id, { recordInFirstTransaction: oneTransaction, beforeCommit }, handle);
}

/** Whether the interaction's first answer has been given (after which its work may take its time). */
function answered(i: Interaction): boolean {
  return i.isRepliable() && (i.replied || i.deferred);
}

function nameOf(i: Interaction): string {
  if (i.isChatInputCommand() || i.isAutocomplete()) return i.commandName;
  if (i.isButton() || i.isModalSubmit() || i.isStringSelectMenu()) return commandOf(i.customId);
  return "";
}

function describe(i: Interaction): { name: string; kind: string } {
  if (i.isMessageContextMenuCommand()) return { name: i.commandName, kind: "message command" };
  if (i.isChatInputCommand() || i.isAutocomplete())
    return { name: i.commandName, kind: i.isAutocomplete() ? "autocomplete" : "command" };
  if (i.isButton() || i.isModalSubmit() || i.isStringSelectMenu())
    return { name: commandOf(i.customId), kind: i.isButton() ? "button" : i.isModalSubmit() ? "modal" : "select" };
  return { name: "other", kind: "other" };
}
