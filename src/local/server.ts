// LocalDiscord: a Discord v10 API (REST + gateway) on 127.0.0.1 that the real
// discord.js Client talks to, with a world the tests and the playground drive.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Commands } from "./commands.js";
import { controlRefusal, handleControl } from "./control.js";
import { isPagePath, servePage } from "./page.js";
import { Gateway, type Route } from "./gateway.js";
import type { LocalHost } from "./host.js";
import { foreignRefusal, mediaType } from "./guard.js";
import { BODY_CAP, hasBody, parseBody, readBody, sendJson, type ParsedBody } from "./http.js";
import { Interactions } from "./interactions.js";
import { Rest, type Route as RestRoute } from "./rest.js";
import type {
  AutocompleteOptions,
  Json,
  JsonObject,
  Logger,
  MessageCommandOptions,
  ModalSubmitOptions,
  PressOptions,
  RecordedRequest,
  Reply,
  SlashOptions,
  StoredCommand,
  StoredMessage,
  ValidationFailure,
  WhoIs,
} from "./types.js";
import { invalidFormBody, SpecValidator } from "./validate.js";
import { apiUser, snowflake, stableSnowflake, World } from "./world.js";
import { DEFAULT_LIMITS, trimList, type RecordLimits } from "./bounded.js";

export interface LocalDiscordOptions {
  /** 0 (default) = a random free port. */
  port?: number;
  applicationId?: string;
  /**
   * The bot's token: every REST call (interaction callbacks and webhooks too) must carry
   * `Authorization: Bot <token>`, and IDENTIFY must use it. Default: a random one for this run,
   * read from `local.token` (the playground's bot gets it in-process).
   */
  token?: string;
  logger?: Logger;
  /** How long after dispatch the first callback is accepted (Discord: 3000 ms). */
  interactionDeadlineMs?: number;
  heartbeatIntervalMs?: number;
  /** Answer bodies that fail Discord's schema with 50035 (they are recorded either way). */
  strict?: boolean;
  /** Path of Discord's openapi.json; false turns validation off. */
  specPath?: string | false;
  /** Compile the common request schemas at start (default true) rather than on first use. */
  warmValidator?: boolean;
  botName?: string;
  /** The shard count GET /gateway/bot recommends (default 1). */
  recommendedShards?: number;
  /** Create the guild "Local Table", channel "table" and user "referee" (default true). */
  defaultWorld?: boolean;
  /** How much is kept of requests, messages and interactions (src/local/bounded.ts). */
  limits?: Partial<RecordLimits>;
  /** Ids from names, the same in every run (the playground, so a restarted bot finds its campaigns): src/local/world.ts. */
  stableIds?: boolean;
  /** Milliseconds added before every API answer: a far-away Discord, for the benches (default 0). */
  latencyMs?: number;
}

export interface UnknownRoute {
  method: string;
  path: string;
  at: number;
}

/** How long stop() waits for requests still being answered before it closes their connections. */
const STOP_GRACE_MS = 5000;

export class LocalDiscord implements LocalHost {
  readonly applicationId: string;
  readonly world: World;
  /** The most recent REST requests (at most `limits.requests`, and a tenth more before trimming). */
  readonly requests: RecordedRequest[] = [];
  readonly limits: RecordLimits;
  readonly validationErrors: ValidationFailure[] = [];
  readonly unknownRoutes: UnknownRoute[] = [];
  /** The default guild "Local Table", its channel "table" and the user "referee" (empty ids if defaultWorld is false). */
  readonly defaults = { guildId: "", channelId: "", userId: "" };
  interactionDeadlineMs: number;
  strict: boolean;
  /** Milliseconds added before every API answer (LocalDiscordOptions.latencyMs); may be changed while running. */
  latencyMs: number;
  /** What each member is in a channel's campaign, for the playground's picker (GET /_local/people); set by the app. */
  whoIs?: WhoIs;

  private readonly server: Server;
  /** Responses not yet sent: stop() lets them finish. */
  private readonly answering = new Set<ServerResponse>();
  private readonly gateway: Gateway;
  private readonly rest: Rest;
  private readonly interactions: Interactions;
  private readonly registry: Commands;
  private readonly validator: SpecValidator | null;
  /** The bot's token (LocalDiscordOptions.token, else random for this run). */
  readonly token: string;
  private readonly log: Logger;
  private port = 0;

  private constructor(opts: LocalDiscordOptions) {
    this.applicationId =
      opts.applicationId ??
      (opts.stableIds ? stableSnowflake(`application:${opts.botName ?? "Ten-Foot Pole"}`) : snowflake());
    this.token = opts.token ?? `local.${randomBytes(32).toString("base64url")}`;
    this.log = opts.logger ?? (() => {});
    this.interactionDeadlineMs = opts.interactionDeadlineMs ?? 3000;
    this.strict = opts.strict ?? false;
    this.latencyMs = opts.latencyMs ?? 0;
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.world = new World(this.applicationId, opts.botName, this.limits.messages, opts.stableIds ?? false);
    this.registry = new Commands(this.applicationId);
    this.validator = opts.specPath === false ? null : SpecValidator.load(opts.specPath, this.log);
    this.gateway = new Gateway(this.world, {
      applicationId: this.applicationId,
      token: this.token,
      heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
      url: () => this.gatewayUrl,
      log: this.log,
    });
    this.interactions = new Interactions({
      world: this.world,
      commands: this.registry,
      applicationId: this.applicationId,
      dispatch: (payload) => this.gateway.dispatch("INTERACTION_CREATE", payload),
      deadlineMs: () => this.interactionDeadlineMs,
      keep: this.limits.interactions,
    });
    this.rest = new Rest({
      world: this.world,
      commands: this.registry,
      interactions: this.interactions,
      applicationId: this.applicationId,
      gatewayUrl: () => this.gatewayUrl,
      recommendedShards: () => opts.recommendedShards ?? 1,
    });
    this.server = createServer((req, res) => {
      this.answering.add(res);
      res.once("close", () => this.answering.delete(res));
      this.onRequest(req, res).catch((err: Error) => {
        this.log(
          `local Discord: internal error on ${req.method} ${req.url?.split("?")[0]}: ${err.stack ?? err.message}`,
        );
        if (!res.headersSent) sendJson(res, 500, { code: 0, message: `500: ${err.message}` });
      });
    });
    this.server.on("upgrade", (req, socket, head) => {
      const refused = foreignRefusal(req.headers, this.port);
      if (!refused && new URL(req.url ?? "/", "http://local").pathname === "/gateway")
        return this.gateway.handleUpgrade(req, socket, head);
      if (refused)
        this.log(
          `local Discord: gateway upgrade refused (Host ${req.headers.host ?? "none"}, Origin ${req.headers.origin ?? "none"})`,
        );
      socket.end(
        `HTTP/1.1 ${refused ? "403 Forbidden" : "404 Not Found"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
    });
    if (opts.defaultWorld !== false) {
      const { id: guildId } = this.world.createGuild("Local Table");
      const { id: channelId } = this.world.createChannel(guildId, "table");
      const { id: userId } = this.world.createUser("referee");
      this.world.addMember(guildId, userId);
      Object.assign(this.defaults, { guildId, channelId, userId });
    }
  }

  static async start(opts: LocalDiscordOptions = {}): Promise<LocalDiscord> {
    const local = new LocalDiscord(opts);
    if (opts.warmValidator !== false) local.validator?.warm();
    await new Promise<void>((resolve, reject) => {
      local.server.once("error", reject);
      local.server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
    });
    local.port = (local.server.address() as AddressInfo).port;
    local.log(
      `local Discord listening on ${local.apiUrl} (gateway ${local.gatewayUrl}); validation ${local.validator ? "on" : "off"}`,
    );
    return local;
  }

  get listeningPort(): number {
    return this.port;
  }
  /** What a bot passes as `new Client({ rest })`: the API, and its token sent with every request (see Rest's Route.auth). */
  get restOptions(): { api: string; headers: Record<string, string> } {
    return { api: this.apiUrl, headers: { Authorization: `Bot ${this.token}` } };
  }
  /** What the bot passes as `new Client({ rest: { api } })`. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }
  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }
  /** True when request bodies are checked against Discord's OpenAPI spec. */
  get validating(): boolean {
    return this.validator !== null;
  }

  async stop(): Promise<void> {
    this.gateway.close();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Requests still being answered (a control request whose interaction was just answered, on a
    // busy machine) finish first, for up to STOP_GRACE_MS; idle keep-alive sockets close at once.
    this.server.closeIdleConnections();
    const until = Date.now() + STOP_GRACE_MS;
    while (this.answering.size && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    this.server.closeAllConnections();
    await closed;
  }

  // --- world -------------------------------------------------------------------

  createGuild(name?: string): { id: string } {
    return this.world.createGuild(name);
  }
  createChannel(guildId: string, name?: string, opts?: { parentId?: string }): { id: string } {
    return this.world.createChannel(guildId, name, opts);
  }
  createUser(username: string): { id: string; username: string } {
    return this.world.createUser(username);
  }
  addMember(guildId: string, userId: string, roleIds?: string[]): void {
    this.world.addMember(guildId, userId, roleIds);
  }
  createRole(guildId: string, name: string, opts?: { permissions?: bigint; color?: number }): { id: string } {
    return this.world.createRole(guildId, name, opts);
  }

  get messages(): Map<string, StoredMessage> {
    return this.world.messages;
  }
  /** Messages in a channel (not deleted), oldest first; includes ephemeral ones. */
  channelMessages(channelId: string): StoredMessage[] {
    return this.world.channelMessages(channelId);
  }
  /** Registered commands: global ones, or a guild's. */
  commands(guildId?: string): StoredCommand[] {
    return this.registry.list(guildId);
  }
  /** Chat-input commands usable in a guild (its own plus global ones). */
  visibleCommands(guildId?: string): StoredCommand[] {
    return this.registry.visible(guildId);
  }

  // --- driving -----------------------------------------------------------------

  slash(opts: SlashOptions): Promise<Reply> {
    return this.interactions.slash(opts);
  }
  autocomplete(opts: AutocompleteOptions): Promise<Json[]> {
    return this.interactions.autocomplete(opts);
  }
  press(opts: PressOptions): Promise<Reply> {
    return this.interactions.press(opts);
  }
  submitModal(opts: ModalSubmitOptions): Promise<Reply> {
    return this.interactions.submitModal(opts);
  }
  /** The newest modal the bot showed a user, if any. */
  lastModal(userId: string): JsonObject | undefined {
    return this.interactions.lastModal(userId);
  }
  /** A user runs a message command ("Apps" menu) on a message. */
  messageCommand(opts: MessageCommandOptions): Promise<Reply> {
    return this.interactions.messageCommand(opts);
  }
  /** A user writes a message in a channel (as Discord shows it to everyone). */
  userMessage(channelId: string, userId: string, content: string): StoredMessage {
    const user = this.world.users.get(userId);
    if (!user) throw new Error(`local Discord: unknown user ${userId}`);
    return this.world.addMessage(this.world.newMessage(channelId, { author: apiUser(user), content }));
  }
  /** A user (or moderator) deletes a message: later edits of it answer 10008 Unknown Message. */
  deleteMessage(messageId: string): void {
    const m = this.world.messages.get(messageId);
    if (m && !m.deleted) this.world.deleteMessage(m);
  }
  /** Every interaction token issued so far. */
  issuedTokens(): string[] {
    return this.interactions.tokens();
  }

  /**
   * Resolves with the predicate's first truthy result, re-checked on every change of the
   * local Discord and every 10 ms (for state outside it, e.g. the client's cache); rejects after timeoutMs.
   */
  waitFor<T>(predicate: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        let v: T | undefined | null | false;
        try {
          v = predicate();
        } catch (err) {
          done();
          reject(err as Error);
          return true;
        }
        if (v) {
          done();
          resolve(v);
          return true;
        }
        return false;
      };
      const onChange = () => void check();
      const timer = setTimeout(() => {
        done();
        reject(new Error(`local Discord: waitFor timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      const poll = setInterval(onChange, 10);
      const done = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.world.events.off("change", onChange);
      };
      if (!check()) this.world.events.on("change", onChange);
    });
  }

  /** Gateway sessions with a live socket. */
  /** The interactions dispatched lately, each with the shard (of its guild) that received it. */
  get routes(): readonly Route[] {
    return this.gateway.routes;
  }

  get liveSessions(): number {
    return this.gateway.liveSessions();
  }
  /** Close every client socket from the server side (4000 by default: discord.js resumes). */
  dropConnections(code?: number): void {
    this.gateway.dropConnections(code);
  }

  // --- HTTP --------------------------------------------------------------------

  /** One request and its answer: `answer` records it (with the body read so far), `read` reads the body. */
  private exchange(req: IncomingMessage, res: ServerResponse): Exchange {
    const url = new URL(req.url ?? "/", "http://local");
    const method = req.method ?? "GET";
    const api = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
    const path = api ? api[1]! : url.pathname;
    const ex: Exchange = {
      req,
      res,
      url,
      method,
      path,
      api: !!api,
      parsed: { body: undefined, files: [] },
      answer: (status, body) => {
        this.requests.push({ method, path, query: url.search, body: ex.parsed.body, status, at: Date.now() });
        trimList(this.requests, this.limits.requests);
        this.world.events.emit("change");
        // A body left unread (refused, or too large) is not read: the connection closes after the answer.
        if (!req.complete) res.setHeader("connection", "close");
        sendJson(res, status, body);
      },
      read: async (cap) => {
        const buf = await readBody(req, cap);
        if (!buf)
          return (
            ex.answer(413, {
              code: 40005,
              message: `Request entity too large (this route takes at most ${cap / 1024 / 1024} MiB)`,
            }),
            false
          );
        ex.parsed = parseBody(buf, req.headers["content-type"]);
        return true;
      },
    };
    return ex;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const ex = this.exchange(req, res);
    const { answer, url } = ex;
    // Before anything is read: a request from elsewhere than this machine is refused.
    const foreign = foreignRefusal(req.headers, this.port);
    if (foreign)
      return ex.api
        ? answer(foreign.status, { code: 0, message: foreign.error })
        : answer(foreign.status, { error: foreign.error });
    if (isPagePath(ex.method, url.pathname) || url.pathname.startsWith("/_local/")) return this.serveLocal(ex);
    if (!ex.api) return answer(404, { code: 0, message: "404: Not Found" });
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    return this.serveApi(ex);
  }

  /** The playground's page and its control API (src/local/page.ts, src/local/control.ts). */
  private async serveLocal(ex: Exchange): Promise<void> {
    const { req, res, url, method, answer } = ex;
    const refused = controlRefusal(method, req.headers, this.port);
    if (refused) return answer(refused.status, refused.body);
    if (isPagePath(method, url.pathname)) {
      // An event stream stays open: stop() need not wait for it.
      if (url.pathname === "/_local/events") this.answering.delete(res);
      return servePage(this, url.pathname, url.searchParams, req, res);
    }
    if (hasBody(req) && !(await ex.read(BODY_CAP.json))) return;
    const r = await handleControl(this, method, url.pathname, url.searchParams, ex.parsed.body);
    return answer(r.status, r.body);
  }

  /** A call of Discord's API: matched to a route, its body read and checked, then handled. */
  private async serveApi(ex: Exchange): Promise<void> {
    const { req, method, path, answer } = ex;
    const segments = path
      .split("/")
      .filter(Boolean)
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
    const match = this.rest.match(method, segments);
    if (!match) {
      this.unknownRoutes.push({ method, path, at: Date.now() });
      trimList(this.unknownRoutes, this.limits.requests);
      this.log(`local Discord: unknown route ${method} ${path}`);
      return answer(404, { code: 0, message: "404: Not Found" });
    }
    if (match.route.auth && req.headers.authorization !== `Bot ${this.token}`) {
      return answer(401, { code: 0, message: "401: Unauthorized" });
    }
    if (hasBody(req) && !(await this.readApiBody(ex, match.route.upload))) return;
    if (ex.parsed.error) return answer(400, { code: 50109, message: "The request body contains invalid JSON." });
    if (this.refusedBySchema(ex, match.route)) return;
    const result = this.rest.handle(match.route, match.params, {
      method,
      segments,
      query: ex.url.searchParams,
      body: ex.parsed.body,
      files: ex.parsed.files,
    });
    answer(result.status, result.body);
  }

  /** Reads an API call's body: JSON, or multipart on a route that takes uploads; false once answered (415, 413). */
  private async readApiBody(ex: Exchange, upload: boolean): Promise<boolean> {
    const type = mediaType(ex.req.headers["content-type"]);
    const multipart = upload && type === "multipart/form-data";
    if (type !== "application/json" && !multipart) {
      ex.answer(415, {
        code: 0,
        message: `415: Unsupported Media Type (send application/json${upload ? " or multipart/form-data" : ""})`,
      });
      return false;
    }
    return ex.read(multipart ? BODY_CAP.upload : BODY_CAP.json);
  }

  /** Checks the body against Discord's schema and records a mismatch; true when answered 50035 (strict). */
  private refusedBySchema(ex: Exchange, route: RestRoute): boolean {
    const { method, path } = ex;
    if (!this.validator || ex.parsed.body === undefined) return false;
    const checked = this.rest.schemaErrors(route, ex.parsed.body, this.validator);
    if (!checked || checked.errors.length === 0) return false;
    this.validationErrors.push({ method, path, operation: checked.operation, errors: checked.errors });
    trimList(this.validationErrors, this.limits.requests);
    this.log(
      `local Discord: ${method} ${path} body does not match ${checked.operation}: ${checked.errors.map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ")}`,
    );
    if (!this.strict) return false;
    ex.answer(400, invalidFormBody(checked.errors));
    return true;
  }
}

/** A request being answered (LocalDiscord.exchange). */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  /** The path, without /api/v10 for an API call. */
  path: string;
  /** Under /api: errors are answered as Discord's ({ code, message }). */
  api: boolean;
  /** The body, once read. */
  parsed: ParsedBody;
  answer(status: number, body?: unknown): void;
  /** Reads the body, at most `cap` bytes; false (answered 413) when it is larger. */
  read(cap: number): Promise<boolean>;
}
