/**
 * The one door every request to Discord goes through: bodies are shaped to
 * Discord's limits (limits.ts) and requests and responses are logged at trace
 * (the log scrubs their tokens).
 */
import { disableValidators } from "@discordjs/builders";
import type { REST } from "discord.js";
import type { Logger } from "pino";
import { shapeCallback, shapeMessage } from "./limits.js";

type Obj = Record<string, unknown>;
type RequestOptions = Parameters<REST["request"]>[0];

const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback$/;
const MESSAGE = [/^\/webhooks\/\d+\/[^/]+(\/messages\/[^/]+)?$/, /^\/channels\/\d+\/messages(\/\d+)?$/];

/** The body shaped for its route (messages, interaction callbacks); anything else as it was. */
export function shapeBody(method: string, route: string, body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const path = route.split("?")[0]!;
  if (method === "POST" && CALLBACK.test(path)) return shapeCallback(body as Obj);
  if ((method === "POST" || method === "PATCH") && MESSAGE.some((r) => r.test(path))) return shapeMessage(body as Obj);
  return body;
}

/**
 * Installs the door on a client's REST manager. The builders' own length checks
 * are turned off, because they throw on long user text before anything is sent
 * (the user would get no answer): limits.ts cuts it instead.
 */
export function guardOutgoing(rest: REST, log: Logger): void {
  disableValidators();
  const request = rest.request.bind(rest);
  rest.request = async (options: RequestOptions) => {
    const method = String(options.method ?? "GET");
    const body = shapeBody(method, options.fullRoute, options.body);
    log.trace({ method, route: options.fullRoute, body }, "discord request");
    try {
      const res = await request({ ...options, body });
      log.trace({ method, route: options.fullRoute, response: res }, "discord response");
      return res;
    } catch (err) {
      log.trace({ method, route: options.fullRoute, err }, "discord request failed");
      throw err;
    }
  };
}
