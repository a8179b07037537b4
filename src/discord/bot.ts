import { Client, Options, Events, GatewayIntentBits, type Interaction } from "discord.js";
import type { Logger } from "pino";
import type { Services } from "../play/services.js";
import { loadCommands, registration } from "./commands.js";
import { createRouter, type Router } from "./router.js";
import type { CommandModule } from "./command.js";
import { startSweeper } from "./sweeper.js";
import type { ShardInfo } from "./shard.js";
import { sweepLapsed } from "./lapsed.js";
import { guardOutgoing } from "./outgoing.js";
import { addSecret } from "../log.js";

export interface BotOptions {
  token: string;
  /**
   * REST base such as http://127.0.0.1:8080/api; Discord's when undefined. The token goes with
   * every request to it, interaction callbacks and webhooks too (the local Discord requires it there).
   */
  apiUrl?: string | undefined;
  /** Register commands in this server only (development) instead of globally. */
  guildId?: string | undefined;
  services: Services;
  log: Logger;
  commands?: Map<string, CommandModule>;
  /** How often lapsed reaction windows are swept, in ms (0 = never). */
  sweepEveryMs?: number | undefined;
  /** How late an interaction may be and still have its work committed (tests shorten it; Discord allows 3 s). */
  answerByMs?: number;
  /** This process's shard (set by the shard manager): one gateway connection for it. */
  shard?: ShardInfo;
}

export interface Bot {
  client: Client;
  router: Router;
  commands: Map<string, CommandModule>;
  /** Resolves when the gateway is ready and the commands are registered. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

const isBot = (x: { id: string; client: Client }) => x.id === x.client.user?.id;

/**
 * What discord.js keeps. Guilds, their channels and roles stay whole (the Guilds intent keeps them
 * current, and discord.js does not support bounding them): the bot reads a thread's parent from
 * the channel and a member's roles through the guild's roles. Everything an interaction brings
 * (its member, its user) is read from the interaction itself, so those are not kept: with
 * thousands of servers, every player who ever pressed a button would stay in memory. Messages: the
 * bot edits by id and never reads one back (a pressed message comes with its interaction): none kept.
 */
const CACHES = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  MessageManager: 0,
  GuildMemberManager: { maxSize: 0, keepOverLimit: isBot },
  UserManager: { maxSize: 0, keepOverLimit: isBot },
  PresenceManager: 0,
  VoiceStateManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  GuildEmojiManager: 0,
  BaseGuildEmojiManager: 0,
  GuildStickerManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
  ThreadMemberManager: 0,
  AutoModerationRuleManager: 0,
  DMMessageManager: 0,
});

export async function startBot(opts: BotOptions): Promise<Bot> {
  const { log, services } = opts;
  const commands = opts.commands ?? (await loadCommands());
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    makeCache: CACHES,
    ...(opts.apiUrl
      ? { rest: { api: opts.apiUrl, headers: { Authorization: `Bot ${opts.token.replace(/^Bot\s+/i, "")}` } } }
      : {}),
    ...(opts.shard ? { shards: [opts.shard.id], shardCount: opts.shard.count } : {}),
  });
  addSecret(opts.token);
  guardOutgoing(client.rest, log);
  client.on(Events.Debug, (message) => log.trace({ message }, "discord.js"));
  const router = createRouter(
    commands,
    services,
    log,
    opts.answerByMs !== undefined ? { answerByMs: opts.answerByMs } : {},
  );
  client.on(Events.InteractionCreate, (i: Interaction) => void router.handle(i));
  client.on(Events.Error, (err) => log.error({ err }, "discord client error"));

  const ready = new Promise<void>((resolve, reject) => {
    client.once(Events.ClientReady, async (c) => {
      try {
        const bodies = [...commands.values()].map((m) => registration(m.data));
        // Commands belong to the application, not to a shard: shard 0 registers them.
        if (opts.shard && opts.shard.id !== 0) {
          log.info({ user: c.user.tag }, "ready");
          return resolve();
        }
        if (opts.guildId) await c.application.commands.set(bodies, opts.guildId);
        else await c.application.commands.set(bodies);
        log.info(
          { user: c.user.tag, commands: bodies.length, scope: opts.guildId ? "guild" : "global" },
          "ready: commands registered",
        );
        resolve();
      } catch (err) {
        reject(err);
      }
    });
  });
  await client.login(opts.token);
  await ready;
  const sweeper = startSweeper(client, services, log, opts.sweepEveryMs ?? 5_000, [sweepLapsed]);

  return {
    client,
    router,
    commands,
    ready,
    async stop() {
      sweeper.stop();
      await router.drain();
      await sweeper.idle();
      await router.drain();
      await client.destroy();
      // One that came in between the drain and the gateway's close is answered ("restarting") too.
      await router.drain();
    },
  };
}
