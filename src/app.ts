/**
 * Starts the whole bot: configuration, store, logging, and the Discord client
 * (against Discord, or the local Discord when there is no token).
 */
import type { Logger } from "pino";
import { loadConfig, type Config } from "./config.js";
import { addSecret, createLogger } from "./log.js";
import { openStore } from "./store/client.js";
import { checkpointer, CHECKPOINTS, type CheckpointPolicy } from "./store/checkpoint.js";
import { startBot, type Bot } from "./discord/bot.js";
import { defaultSeeds, type Services } from "./play/services.js";
import type { LocalDiscord } from "./local/server.js";
import type { WhoIs } from "./local/types.js";
import { whoIsWho } from "./play/campaigns/who.js";

export interface App {
  bot: Bot;
  services: Services;
  local?: LocalDiscord | undefined;
  log: Logger;
  config: Config;
  /** Milliseconds from the start of startApp to ready (commands registered). */
  readyMs: number;
  stop(): Promise<void>;
}

/** The playground's "You are" picker reads the store through play (test/helpers/e2e.ts sets it on its own local Discord). */
export function playgroundWhoIs(services: Services): WhoIs {
  return (where, members) => whoIsWho(services, where, members);
}

export async function startApp(
  env: NodeJS.ProcessEnv = process.env,
  overrides: {
    log?: Logger;
    newSeed?: () => string;
    now?: () => Date;
    sweepEveryMs?: number;
    checkpoints?: CheckpointPolicy;
    answerByMs?: number;
  } = {},
): Promise<App> {
  const started = performance.now();
  const config = loadConfig(env);
  const shard =
    config.SHARD_ID !== undefined && config.SHARD_COUNT && config.SHARD_COUNT !== "auto"
      ? { id: config.SHARD_ID, count: Number(config.SHARD_COUNT) }
      : undefined;
  if (shard && shard.id >= shard.count) throw new Error(`SHARD_ID ${shard.id} is not below SHARD_COUNT ${shard.count}`);
  const root = overrides.log ?? createLogger({ level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
  // Every line of a shard's process carries its shard id.
  const log = shard ? root.child({ shard: shard.id }) : root;
  const store = await openStore(config.DATABASE_URL, {
    size: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  });
  if (store.migrations.applied.length) log.info({ applied: store.migrations.applied }, "migrations applied");
  const services: Services = {
    store,
    log,
    now: overrides.now ?? (() => new Date()),
    newSeed: overrides.newSeed ?? defaultSeeds(),
  };

  let local: LocalDiscord | undefined;
  let token = config.DISCORD_TOKEN;
  let apiUrl = config.DISCORD_API_URL;
  if (!token) {
    // Loaded only when it runs: a bot against Discord never holds the local Discord and its OpenAPI checks.
    const { LocalDiscord } = await import("./local/server.js");
    // Stable ids: the playground's database outlives the process, so #table must be the same channel next time.
    // Its token is random, new in every run: only this process's bot can answer its interactions.
    local = await LocalDiscord.start({ port: config.LOCAL_DISCORD_PORT, stableIds: true });
    token = local.token;
    // The channels and users it makes outlive the process too, in a file beside the database (with
    // PostgreSQL there is none: #table comes back, and each user on first use, by their ids from names).
    if (store.engine === "sqlite" && store.file !== ":memory:") {
      const { keepWorld, keptFile } = await import("./local/keep.js");
      try {
        keepWorld(local.world, keptFile(store.file));
      } catch (err) {
        await local.stop();
        await store.close();
        throw err;
      }
    }
    local.whoIs = playgroundWhoIs(services);
    apiUrl = local.apiUrl;
  }
  addSecret(token);
  let bot: Bot;
  try {
    bot = await startBot({
      token,
      apiUrl,
      guildId: config.DISCORD_GUILD_ID,
      services,
      log,
      sweepEveryMs: overrides.sweepEveryMs,
      ...(overrides.answerByMs !== undefined ? { answerByMs: overrides.answerByMs } : {}),
      ...(shard ? { shard } : {}),
    });
  } catch (err) {
    await local?.stop();
    await store.close();
    throw err;
  }
  // The database's log is copied back after interactions are answered, never inside one's commit.
  const checkpoints = checkpointer(store, () => bot.router.inFlight(), log, overrides.checkpoints ?? CHECKPOINTS);
  bot.router.afterEach(() => checkpoints.answered());
  const readyMs = performance.now() - started;
  return {
    bot,
    services,
    local,
    log,
    config,
    readyMs,
    async stop() {
      checkpoints.stop();
      await bot.stop();
      await local?.stop();
      await store.close();
    },
  };
}
