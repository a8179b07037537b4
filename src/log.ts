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

const TOKENISH = /(Bot\s+)?[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}|aW50ZXJhY3Rpb246[A-Za-z0-9_\-:%.+=]+/g;

/** Removes anything shaped like a bot token or an interaction token from a string. */
export function scrub(text: string): string {
  return text.replace(TOKENISH, "[redacted]");
}

export function createLogger(opts: { level?: string; pretty?: boolean; destination?: pino.DestinationStream } = {}): Logger {
  const options: pino.LoggerOptions = {
    level: opts.level ?? "info",
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    base: { app: "ten-foot-pole" },
    serializers: {
      // Error messages and stacks from discord.js can carry request URLs with interaction tokens.
      err(e: Error) {
        const s = pino.stdSerializers.err(e);
        return { ...s, message: scrub(s.message ?? ""), stack: scrub(s.stack ?? "") };
      },
    },
  };
  if (opts.destination) return pino(options, opts.destination);
  if (opts.pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  return pino(options);
}

export type { Logger };
