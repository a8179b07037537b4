import pino, { type Logger } from "pino";

/** Paths pino must never print: the bot token and every interaction token. */
export const REDACT_PATHS = [
  "token",
  "*.token",
  "*.*.token",
  "interaction.token",
  "DISCORD_TOKEN",
  "*.DISCORD_TOKEN",
  "headers.authorization",
  "*.headers.authorization",
  "authorization",
];

/**
 * Token-bearing shapes, wherever they sit in a string:
 * - the token segment of a webhook or interaction path (raw or URL-encoded);
 * - a Discord bot token (three dot-separated base64url parts), with or without "Bot ";
 * - an interaction token ("interaction:" in base64, then anything base64- or URL-encoded);
 * - the value of an Authorization header.
 */
const PATH_TOKEN = /(\/(?:webhooks|interactions)\/\d+\/)[^/?#\s"'\\]+/g;
const TOKENISH =
  /(Bot\s+)?[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}|aW50ZXJhY3Rpb246[A-Za-z0-9_\-:%.+=]+(?:\/(?!callback\b|messages\b)[A-Za-z0-9_\-:%.+=]+)*|((?:Bot|Bearer)\s+)[A-Za-z0-9_.-]{16,}/g;

/** Exact secrets known at run time (the bot token the process logs in with). */
const secrets = new Set<string>();

/** Registers a secret (e.g. the bot token) that must never be printed, whatever its shape. */
export function addSecret(secret: string | undefined): void {
  if (secret && secret.length >= 8) {
    secrets.add(secret);
    secrets.add(encodeURIComponent(secret));
  }
}

/** Removes anything shaped like a bot token or an interaction token from a string. */
export function scrub(text: string): string {
  let out = text.replace(TOKENISH, "[redacted]").replace(PATH_TOKEN, "$1[redacted]");
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join("[redacted]");
  return out;
}

/** A destination every log line passes through, scrubbed, whatever field a token sits in. */
export function scrubbing(dest: pino.DestinationStream): pino.DestinationStream {
  return { write: (line: string) => dest.write(scrub(line)) };
}

export function createLogger(
  opts: { level?: string; pretty?: boolean; destination?: pino.DestinationStream } = {},
): Logger {
  const options: pino.LoggerOptions = {
    level: opts.level ?? "info",
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    base: { app: "ten-foot-pole" },
    serializers: {
      // discord.js errors carry the request URL and body (with the interaction token) in their own fields.
      err: pino.stdSerializers.err,
    },
  };
  return pino(options, scrubbing(opts.destination ?? defaultDestination(opts.pretty)));
}

function defaultDestination(pretty?: boolean): pino.DestinationStream {
  if (!pretty) return pino.destination({ dest: 1, sync: true });
  return pino.transport({ target: "pino-pretty", options: { colorize: true } }) as pino.DestinationStream;
}

export type { Logger };
