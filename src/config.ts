/**
 * Configuration from the environment (and an optional .env, loaded by main).
 * Every variable is listed, with a comment, in .env.example.
 */
import { z } from "zod";

/** An empty variable (as .env.example leaves them) means unset, not 0. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const schema = z.object({
  DISCORD_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  DISCORD_API_URL: z
    .string()
    .url("DISCORD_API_URL must be a URL such as http://127.0.0.1:8080/api")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DISCORD_GUILD_ID: z
    .string()
    .regex(/^\d{5,25}$/, "DISCORD_GUILD_ID must be a server id (digits)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_URL: z.string().default("file:./data/tenfoot.db"),
  /** PostgreSQL: connections per process (each shard is a process). Shards × this stays under the server's max_connections. */
  DATABASE_POOL_SIZE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(10)),
  /** PostgreSQL: how long opening a connection may take before the user is told to try again. */
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(100).max(60_000).default(2000),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_PRETTY: z
    .string()
    .optional()
    .transform((v) => v === "1" || v === "true"),
  LOCAL_DISCORD_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  /** How many shards the bot runs in all (Discord requires sharding from 2,500 servers); "auto" asks Discord. Unset: one process, no sharding. */
  SHARD_COUNT: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{0,4})$/, "SHARD_COUNT must be a number of shards (1 or more) or auto")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The shards this machine runs, e.g. 0,1 (default: all of them): spread shards over machines. */
  SHARDS: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, "SHARDS must list shard ids such as 0,1")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Instead of SHARDS: this machine claims this many free shards in PostgreSQL (one image, many containers). */
  SHARD_CLAIM: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  /** With SHARD_CLAIM: how long to wait for a shard another machine may be about to free. */
  SHARD_CLAIM_WAIT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).default(60_000)),
  /** With SHARD_COUNT: the shard manager answers GET /health on this port (200 when every shard is ready). */
  HEALTH_PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** The address /health listens on: 127.0.0.1 (this machine only) unless set, e.g. 0.0.0.0 in a container. */
  HEALTH_HOST: z.preprocess(blankToUndefined, z.string().trim().min(1).default("127.0.0.1")),
  /** Set by the shard manager for each shard process it starts. */
  SHARD_ID: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).optional()),
  /** Milliseconds between starting two shards (Discord allows one IDENTIFY per 5 s per bucket). */
  SHARD_SPAWN_DELAY_MS: z.coerce.number().int().min(0).default(5500),
});

export type Config = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Bad configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
