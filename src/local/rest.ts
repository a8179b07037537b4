// The REST API of the local Discord (the paths after /api/v10) that discord.js
// uses for a bot that answers interactions. Each route names the OpenAPI
// operation whose request body schema the bot's body is validated against.
import type { Commands } from "./commands.js";
import type { Interactions } from "./interactions.js";
import { applyBody, DiscordError, errors, type UploadedFile } from "./messages.js";
import type { Json, JsonObject, StoredMessage } from "./types.js";
import { componentLimitErrors, type SchemaError, type SpecValidator } from "./validate.js";
import { apiUser, type World } from "./world.js";

export interface RestDeps {
  world: World;
  commands: Commands;
  interactions: Interactions;
  applicationId: string;
  gatewayUrl: () => string;
  /** The shard count GET /gateway/bot recommends (SHARD_COUNT=auto asks it). */
  recommendedShards?: () => number;
}

export interface ApiRequest {
  method: string;
  segments: string[];
  query: URLSearchParams;
  body: Json | undefined;
  files: UploadedFile[];
}

export interface ApiAnswer {
  status: number;
  body?: unknown;
}

export interface Route {
  method: string;
  parts: string[];
  /**
   * Needs the bot's Authorization header. On Discord, interaction callbacks and webhooks do not
   * (their token is in the path); here every route but GET /gateway does, so that only the bot
   * started with this run's token answers interactions (src/discord/bot.ts sends it with every request).
   */
  auth: boolean;
  /** Takes multipart bodies with files (a message), so a larger body than JSON alone. */
  upload: boolean;
  /** OpenAPI operationId (or a component schema, picked from the body) to validate the body against. */
  schema?: string | ((body: Json | undefined) => { component: string } | string);
  handle: (p: Record<string, string>, r: ApiRequest) => ApiAnswer;
}

const CALLBACK_SCHEMAS: Record<number, string> = {
  1: "PongInteractionCallbackRequest",
  4: "CreateMessageInteractionCallbackRequest",
  5: "CreateMessageInteractionCallbackRequest",
  6: "UpdateMessageInteractionCallbackRequest",
  7: "UpdateMessageInteractionCallbackRequest",
  8: "ApplicationCommandAutocompleteCallbackRequest",
  9: "ModalInteractionCallbackRequest",
};

/** The routes that post or edit a message, which may carry files. */
const UPLOADS = new Set([
  "/interactions/:id/:token/callback",
  "/webhooks/:app/:token",
  "/webhooks/:app/:token/messages/:mid",
  "/channels/:id/messages",
  "/channels/:id/messages/:mid",
]);

const ok = (body?: unknown): ApiAnswer => ({ status: body === undefined ? 204 : 200, body });
const obj = (b: Json | undefined): JsonObject => (b && typeof b === "object" && !Array.isArray(b) ? b : {});

export class Rest {
  private readonly routes: Route[] = [];

  constructor(private readonly d: RestDeps) {
    this.define();
  }

  /** The route for a request, with its path parameters; undefined if unknown. */
  match(method: string, segments: string[]): { route: Route; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method || route.parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      if (
        route.parts.every((p, i) =>
          p.startsWith(":") ? ((params[p.slice(1)] = segments[i]!), true) : p === segments[i],
        )
      ) {
        return { route, params };
      }
    }
    return undefined;
  }

  schemaErrors(
    route: Route,
    body: Json | undefined,
    validator: SpecValidator,
  ): { operation: string; errors: SchemaError[] } | undefined {
    if (!route.schema) return undefined;
    const pick = typeof route.schema === "function" ? route.schema(body) : route.schema;
    const limits = componentLimitErrors(body);
    if (typeof pick === "string") return { operation: pick, errors: [...validator.validate(pick, body), ...limits] };
    return { operation: pick.component, errors: [...validator.validateComponent(pick.component, body), ...limits] };
  }

  handle(route: Route, params: Record<string, string>, req: ApiRequest): ApiAnswer {
    try {
      return route.handle(params, req);
    } catch (err) {
      if (err instanceof DiscordError) return { status: err.status, body: err.body };
      throw err;
    }
  }

  private on(method: string, path: string, auth: boolean, schema: Route["schema"], handle: Route["handle"]): void {
    const upload = (method === "POST" || method === "PATCH") && UPLOADS.has(path);
    this.routes.push({
      method,
      parts: path.split("/").filter(Boolean),
      auth,
      upload,
      ...(schema ? { schema } : {}),
      handle,
    });
  }

  /** What every route group reads: the world and lookups that answer Discord's own errors. */
  private helpers() {
    const { world, commands, interactions, applicationId } = this.d;
    const app = (p: Record<string, string>) => {
      if (p.app !== applicationId) throw new DiscordError(404, 10002, "Unknown Application");
    };
    const channel = (id: string) =>
      world.channels.get(id) ??
      (() => {
        throw errors.unknownChannel();
      })();
    const guild = (id: string) =>
      world.guilds.get(id) ??
      (() => {
        throw errors.unknownGuild();
      })();
    const visible = (channelId: string, messageId: string): StoredMessage => {
      if (world.botDenied.has(channelId)) throw errors.missingAccess();
      const m = world.messages.get(messageId);
      if (!m || m.deleted || m.channel_id !== channelId || m.flags & 64) throw errors.unknownMessage();
      return m;
    };
    const webhook = (p: Record<string, string>) => {
      if (p.app !== applicationId || !interactions.byWebhookToken(p.token!)) throw errors.unknownWebhook();
      return p.token!;
    };
    const bodies = (b: Json | undefined): JsonObject[] => (Array.isArray(b) ? (b as JsonObject[]) : []);
    return { world, commands, interactions, applicationId, app, channel, guild, visible, webhook, bodies };
  }

  private define(): void {
    this.defineApplication();
    this.defineCommands();
    this.defineInteractions();
    this.defineChannels();
    this.defineGuilds();
  }

  /** Gateway, users, application. */
  private defineApplication(): void {
    const { world, applicationId } = this.helpers();
    const gateway = () => ok({ url: this.d.gatewayUrl() });
    this.on("GET", "/gateway", false, undefined, gateway);
    this.on("GET", "/gateway/bot", true, undefined, () =>
      ok({
        url: this.d.gatewayUrl(),
        shards: this.d.recommendedShards?.() ?? 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 },
      }),
    );
    this.on("GET", "/users/@me", true, undefined, () =>
      ok({ ...apiUser(world.bot), verified: true, mfa_enabled: false, email: null, locale: "en-US" }),
    );
    this.on("GET", "/users/@me/guilds", true, undefined, () =>
      ok(
        [...world.guilds.values()].map((g) => ({
          id: g.id,
          name: g.name,
          icon: null,
          banner: null,
          owner: g.ownerId === world.bot.id,
          permissions: "2251799813685247",
          features: [],
        })),
      ),
    );
    this.on("GET", "/users/:id", true, undefined, (p) => {
      const u = world.users.get(p.id!);
      if (!u) throw errors.unknownUser();
      return ok(apiUser(u));
    });
    const application = () =>
      ok({
        id: applicationId,
        name: world.bot.username,
        icon: null,
        description: "",
        summary: "",
        type: null,
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: "0".repeat(64),
        flags: 0,
        owner: apiUser(world.bot),
        team: null,
        bot: apiUser(world.bot),
        tags: [],
        redirect_uris: [],
        interactions_endpoint_url: null,
        approximate_guild_count: world.guilds.size,
        integration_types_config: { "0": {} },
      });
    this.on("GET", "/applications/@me", true, undefined, application);
    this.on("GET", "/oauth2/applications/@me", true, undefined, application);
  }

  /** Commands, global and per guild. */
  private defineCommands(): void {
    const { commands, app, guild, bodies } = this.helpers();
    for (const scope of ["", "/guilds/:guild"]) {
      const gid = (p: Record<string, string>) => (scope ? (guild(p.guild!), p.guild) : undefined);
      const base = `/applications/:app${scope}/commands`;
      const op = scope ? "guild_application_command" : "application_command";
      const find = (p: Record<string, string>) =>
        commands.get(gid(p), p.cmd!) ??
        (() => {
          throw errors.unknownCommand();
        })();
      this.on("GET", base, true, undefined, (p) => (app(p), ok(commands.list(gid(p)))));
      this.on(
        "PUT",
        base,
        true,
        `bulk_set_${scope ? "guild_" : ""}application_commands`,
        (p, r) => (app(p), ok(commands.bulkOverwrite(gid(p), bodies(r.body)))),
      );
      this.on(
        "POST",
        base,
        true,
        `create_${op}`,
        (p, r) => (app(p), { status: 201, body: commands.create(gid(p), obj(r.body)) }),
      );
      if (scope) this.on("GET", `${base}/permissions`, true, undefined, (p) => (app(p), ok([])));
      this.on("GET", `${base}/:cmd`, true, undefined, (p) => (app(p), ok(find(p))));
      this.on(
        "PATCH",
        `${base}/:cmd`,
        true,
        `update_${op}`,
        (p, r) => (app(p), find(p), ok(commands.patch(gid(p), p.cmd!, obj(r.body)))),
      );
      this.on(
        "DELETE",
        `${base}/:cmd`,
        true,
        undefined,
        (p) => (app(p), find(p), commands.delete(gid(p), p.cmd!), ok()),
      );
    }
  }

  /** Interactions and their webhooks (Discord asks no Authorization of them; the local Discord does: see Route.auth). */
  private defineInteractions(): void {
    const { world, interactions, applicationId, webhook } = this.helpers();
    this.on(
      "POST",
      "/interactions/:id/:token/callback",
      true,
      (b) => {
        const c = CALLBACK_SCHEMAS[Number(obj(b).type)];
        return c ? { component: c } : "create_interaction_response";
      },
      (p, r) => {
        const res = interactions.callback(p.id!, p.token!, obj(r.body), r.files);
        return r.query.get("with_response") === "true" ? ok(res) : ok();
      },
    );
    this.on("GET", "/webhooks/:app/:token", true, undefined, (p) => {
      webhook(p);
      return ok({
        id: applicationId,
        type: 3,
        name: world.bot.username,
        avatar: null,
        channel_id: null,
        guild_id: null,
        application_id: applicationId,
      });
    });
    this.on("POST", "/webhooks/:app/:token", true, "execute_webhook", (p, r) => {
      const msg = interactions.followUp(webhook(p), r.body, r.files);
      return r.query.get("wait") === "false" ? ok() : ok(msg);
    });
    const msgPath = "/webhooks/:app/:token/messages/:mid";
    this.on("GET", msgPath, true, undefined, (p) => ok(interactions.webhookGet(webhook(p), p.mid!)));
    this.on("PATCH", msgPath, true, "update_webhook_message", (p, r) =>
      ok(interactions.webhookEdit(webhook(p), p.mid!, r.body, r.files)),
    );
    this.on("DELETE", msgPath, true, undefined, (p) => (interactions.webhookDelete(webhook(p), p.mid!), ok()));
  }

  /** Channels and messages. */
  private defineChannels(): void {
    const { world, channel, visible } = this.helpers();
    this.on("GET", "/channels/:id", true, undefined, (p) => ok(world.apiChannel(channel(p.id!))));
    this.on("GET", "/channels/:id/messages", true, undefined, (p, r) => {
      channel(p.id!);
      const limit = Math.min(Number(r.query.get("limit") ?? 50) || 50, 100);
      const before = r.query.get("before");
      const after = r.query.get("after");
      const list = world
        .channelMessages(p.id!)
        .filter((m) => !(m.flags & 64))
        .filter((m) => (before ? BigInt(m.id) < BigInt(before) : true) && (after ? BigInt(m.id) > BigInt(after) : true))
        .reverse()
        .slice(0, limit);
      return ok(list);
    });
    this.on("POST", "/channels/:id/messages", true, "create_message", (p, r) => {
      channel(p.id!);
      return ok(world.addMessage(applyBody(world.newMessage(p.id!, {}), r.body, r.files, false)));
    });
    this.on("GET", "/channels/:id/messages/:mid", true, undefined, (p) => ok(visible(p.id!, p.mid!)));
    this.on("PATCH", "/channels/:id/messages/:mid", true, "update_message", (p, r) => {
      const m = visible(p.id!, p.mid!);
      if (m.author.id !== world.bot.id) throw errors.notAuthor();
      Object.assign(m, applyBody(m, r.body, r.files, true), { edited_timestamp: new Date().toISOString() });
      m.flags &= ~128;
      world.touchMessage(m);
      return ok(m);
    });
    this.on(
      "DELETE",
      "/channels/:id/messages/:mid",
      true,
      undefined,
      (p) => (world.deleteMessage(visible(p.id!, p.mid!)), ok()),
    );
    const reaction = (add: boolean) => (p: Record<string, string>) => {
      const m = visible(p.id!, p.mid!);
      const [name, id] = p.emoji!.split(":");
      const list = (m.reactions ??= []);
      const existing = list.find((x) => x.emoji.name === name);
      if (add && !existing) {
        list.push({
          count: 1,
          count_details: { burst: 0, normal: 1 },
          me: true,
          me_burst: false,
          burst_colors: [],
          emoji: { id: id ?? null, name: name ?? null },
        });
      } else if (!add && existing) {
        m.reactions = list.filter((x) => x !== existing);
      }
      world.touchMessage(m);
      return ok();
    };
    this.on("PUT", "/channels/:id/messages/:mid/reactions/:emoji/@me", true, undefined, reaction(true));
    this.on("DELETE", "/channels/:id/messages/:mid/reactions/:emoji/@me", true, undefined, reaction(false));
    this.on("POST", "/channels/:id/typing", true, undefined, (p) => (channel(p.id!), ok()));
    const thread = (p: Record<string, string>, r: ApiRequest) => {
      const parent = channel(p.id!);
      const { id } = world.createChannel(parent.guildId, String(obj(r.body).name ?? "thread"), { parentId: parent.id });
      return { status: 201, body: world.apiChannel(world.channels.get(id)!) };
    };
    this.on("POST", "/channels/:id/threads", true, "create_thread", thread);
    this.on(
      "POST",
      "/channels/:id/messages/:mid/threads",
      true,
      "create_thread_from_message",
      (p, r) => (visible(p.id!, p.mid!), thread(p, r)),
    );
  }

  /** Guilds. */
  private defineGuilds(): void {
    const { world, guild } = this.helpers();
    this.on("GET", "/guilds/:guild", true, undefined, (p) => ok(world.apiGuild(guild(p.guild!))));
    this.on("GET", "/guilds/:guild/channels", true, undefined, (p) =>
      ok(
        guild(p.guild!)
          .channels.map((id) => world.channels.get(id)!)
          .filter((c) => c.type !== 11)
          .map((c) => world.apiChannel(c)),
      ),
    );
    this.on("GET", "/guilds/:guild/roles", true, undefined, (p) =>
      ok([...guild(p.guild!).roles.values()].map((r) => world.apiRole(r))),
    );
    this.on("GET", "/guilds/:guild/members", true, undefined, (p, r) => {
      const limit = Math.min(Number(r.query.get("limit") ?? 1) || 1, 1000);
      return ok([...guild(p.guild!).members.values()].slice(0, limit).map((m) => world.apiMember(m)));
    });
    this.on("GET", "/guilds/:guild/members/:user", true, undefined, (p) => {
      const m = guild(p.guild!).members.get(p.user!);
      if (!m) throw errors.unknownMember();
      return ok(world.apiMember(m));
    });
  }
}
