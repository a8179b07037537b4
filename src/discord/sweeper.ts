import type { Client } from "discord.js";
import type { Logger } from "pino";
import type { Services } from "../play/services.js";

export interface Sweeper {
  stop(): void;
  idle(): Promise<void>;
}

/** A background task the bot runs on a timer (e.g. resolving attacks whose reaction window lapsed). */
export type SweepTask = (client: Client, services: Services, log: Logger) => Promise<void>;
/** Runs `tasks` one after the other every `everyMs` (0: never), each failure logged, none stopping the others. */
export function startSweeper(
  client: Client,
  services: Services,
  log: Logger,
  everyMs: number,
  tasks: readonly SweepTask[],
): Sweeper {
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  if (everyMs > 0) {
    timer = setInterval(() => {
      current = current.then(async () => {
        for (const t of tasks) await t(client, services, log).catch((err) => log.error({ err }, "sweep failed"));
      });
    }, everyMs);
    timer.unref();
  }
  return {
    stop: () => timer && clearInterval(timer),
    idle: () => current,
  };
}
