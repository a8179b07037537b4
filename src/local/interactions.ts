// Interactions: building INTERACTION_CREATE payloads the way Discord sends them,
// handling the bot's callbacks and webhook edits/follow-ups, and resolving the
// test's promise once the bot has answered.
import { VIA_SHARD } from "./gateway.js";
import { randomBytes } from "node:crypto";
import type { Commands } from "./commands.js";
import { DEFAULT_LIMITS } from "./bounded.js";
import { applyBody, DiscordError, errors, type UploadedFile } from "./messages.js";
import { buildOptions } from "./options.js";
import type {
  AutocompleteOptions,
  Json,
  JsonObject,
  MessageCommandOptions,
  ModalSubmitOptions,
  PressOptions,
  Reply,
  SlashOptions,
  StoredMessage,
} from "./types.js";
import { apiUser, BOT_PERMISSIONS, snowflake, type World } from "./world.js";

interface Waiter {
  resolve: (r: InteractionRecord) => void;
  reject: (e: Error) => void;
}

export interface InteractionRecord {
  id: string;
  token: string;
  type: 2 | 3 | 4 | 5;
  label: string;
  /** The application command it ran (type 2): its name and type (1 a slash command, 3 a message command), as the reply's metadata names it. */
  command?: { name: string; type: 1 | 3 };
  guildId: string;
  channelId: string;
  userId: string;
  dispatchedAt: number;
  source?: StoredMessage;
  callbackType?: number;
  original?: StoredMessage;
  followUps: StoredMessage[];
  choices?: Json[];
  modal?: JsonObject;
  done: boolean;
  failed?: string;
  events: string[];
  waiters: Waiter[];
}

/**
 * An INTERACTION_CREATE payload, or a callback's answer, as it goes out (as JSON): parsed JSON values and
 * Discord's typed objects side by side (a stored message is an interface, which TypeScript never counts as
 * a JsonObject).
 */
export type Payload = { [key: string]: Json | object | undefined };

export interface InteractionDeps {
  world: World;
  commands: Commands;
  applicationId: string;
  /** Sends INTERACTION_CREATE; returns how many gateway sessions got it. */
  dispatch: (payload: Payload) => number;
  deadlineMs: () => number;
  /** How many interactions are remembered (answerable by token); the oldest finished ones are forgotten beyond it. */
  keep?: number;
}

const DEFAULT_TIMEOUT_MS = 5000;

export class Interactions {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();

  constructor(private readonly deps: InteractionDeps) {}

  get(id: string): InteractionRecord | undefined {
    return this.byId.get(id);
  }

  byWebhookToken(token: string): InteractionRecord | undefined {
    return this.byToken.get(token);
  }

  /** Every interaction token handed out so far (tests check none reaches a log). */
  tokens(): string[] {
    return [...this.byToken.keys()];
  }

  /** Past the limit (and a tenth), the oldest interactions no one waits on are forgotten, with their tokens. */
  private forgetOldest(): void {
    const keep = this.deps.keep ?? DEFAULT_LIMITS.interactions;
    if (this.byId.size <= keep + Math.ceil(keep / 10)) return;
    let extra = this.byId.size - keep;
    for (const [id, rec] of this.byId) {
      if (extra <= 0) break;
      if (rec.waiters.length) continue;
      this.byId.delete(id);
      this.byToken.delete(rec.token);
      extra--;
    }
  }

  // --- driving ---------------------------------------------------------------

  async slash(opts: SlashOptions): Promise<Reply> {
    const rec = this.dispatchCommand(2, opts);
    return this.toReply(await this.wait(rec, opts.timeoutMs));
  }

  async autocomplete(opts: AutocompleteOptions): Promise<Json[]> {
    const rec = this.dispatchCommand(4, opts);
    return (await this.wait(rec, opts.timeoutMs)).choices ?? [];
  }

  async press(opts: PressOptions): Promise<Reply> {
    const { world } = this.deps;
    const message = world.messages.get(opts.messageId);
    if (!message || message.deleted)
      throw new Error(`local Discord: no message ${opts.messageId} to press a button on`);
    const found = eachComponent(message.components).find((c) => customIdOf(c) === opts.customId);
    if (!found) {
      const ids = eachComponent(message.components).flatMap((c) => customIdOf(c) ?? []);
      throw new Error(
        `local Discord: message ${opts.messageId} has no component "${opts.customId}"; it has: ${ids.join(", ") || "(none)"}`,
      );
    }
    if ("disabled" in found && found.disabled === true)
      throw new Error(`local Discord: component "${opts.customId}" on message ${opts.messageId} is disabled`);
    const channel = world.channels.get(opts.channelId ?? message.channel_id);
    if (!channel) throw new Error(`local Discord: message ${opts.messageId} is in an unknown channel`);
    const guildId = opts.guildId ?? channel.guildId;
    const componentType = Number("type" in found ? found.type : undefined);
    const data: JsonObject = { custom_id: opts.customId, component_type: componentType };
    if (componentType !== 2) data.values = opts.values ?? [];
    const rec = this.newRecord(3, opts.customId, guildId, channel.id, opts.userId);
    rec.source = message;
    const payload = this.base(rec, opts.memberRoles, opts.locale);
    payload.data = data;
    payload.message = message;
    if (opts.viaShard !== undefined) payload[VIA_SHARD] = opts.viaShard;
    this.send(rec, payload);
    return this.toReply(await this.wait(rec, opts.timeoutMs));
  }

  /**
   * A message command from a message's "Apps" menu: an APPLICATION_COMMAND
   * interaction whose data has type 3, the target message's id, and the message
   * itself under `resolved.messages`, as Discord sends it.
   */
  async messageCommand(opts: MessageCommandOptions): Promise<Reply> {
    const { world, commands } = this.deps;
    const message = world.messages.get(opts.messageId);
    if (!message || message.deleted)
      throw new Error(`local Discord: no message ${opts.messageId} to run a message command on`);
    if ((message.flags & 64) === 64)
      throw new Error(`local Discord: message ${opts.messageId} is ephemeral: it has no "Apps" menu`);
    const channel = world.channels.get(message.channel_id);
    if (!channel) throw new Error(`local Discord: message ${opts.messageId} is in an unknown channel`);
    const command = commands.findMessageCommand(opts.name, channel.guildId);
    if (!command) {
      const known = [...commands.list(channel.guildId), ...commands.list()]
        .filter((c) => c.type === 3)
        .map((c) => `"${c.name}"`);
      throw new Error(
        `local Discord: no message command "${opts.name}" is registered for guild ${channel.guildId}; registered: ${known.join(", ") || "(none)"}`,
      );
    }
    const rec = this.newRecord(2, `message command "${opts.name}"`, channel.guildId, channel.id, opts.userId);
    rec.command = { name: command.name, type: 3 };
    const payload = this.base(rec, opts.memberRoles, opts.locale);
    const { deleted: _deleted, ...apiMessage } = message;
    payload.data = {
      id: command.id,
      name: command.name,
      type: 3,
      target_id: message.id,
      resolved: { messages: { [message.id]: apiMessage } },
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    };
    this.send(rec, payload);
    return this.toReply(await this.wait(rec, opts.timeoutMs));
  }

  /**
   * Submits a modal the bot showed this user (callback type 9): `values` by each
   * text input's custom id. Fields the modal does not have are refused, as Discord would.
   */
  async submitModal(opts: ModalSubmitOptions): Promise<Reply> {
    const shown = [...this.byId.values()]
      .reverse()
      .find((r) => r.userId === opts.userId && r.modal && r.modal.custom_id === opts.customId);
    if (!shown) throw new Error(`local Discord: no modal "${opts.customId}" was shown to user ${opts.userId}`);
    const inputs = modalInputs(shown.modal!);
    for (const k of Object.keys(opts.values))
      if (!inputs.has(k))
        throw new Error(
          `local Discord: modal "${opts.customId}" has no field "${k}"; it has: ${[...inputs].join(", ")}`,
        );
    const rec = this.newRecord(5, `modal ${opts.customId}`, shown.guildId, shown.channelId, opts.userId);
    const payload = this.base(rec, opts.memberRoles, opts.locale);
    payload.data = {
      custom_id: opts.customId,
      components: [...inputs].map((id) => ({
        type: 1,
        components: [{ type: 4, custom_id: id, value: opts.values[id] ?? "" }],
      })),
    };
    if (shown.source) {
      rec.source = shown.source;
      payload.message = shown.source;
    }
    this.send(rec, payload);
    return this.toReply(await this.wait(rec, opts.timeoutMs));
  }

  /** The newest modal the bot showed this user (the playground fills it in without its custom id). */
  lastModal(userId: string): JsonObject | undefined {
    return [...this.byId.values()].reverse().find((r) => r.userId === userId && r.modal)?.modal;
  }

  private dispatchCommand(type: 2 | 4, opts: SlashOptions & { focused?: string }): InteractionRecord {
    const { world, commands } = this.deps;
    world.guild(opts.guildId);
    if (!world.channels.has(opts.channelId)) throw new Error(`local Discord: unknown channel ${opts.channelId}`);
    const command = commands.find(opts.name, opts.guildId);
    if (!command) {
      const known = commands.visible(opts.guildId).map((c) => "/" + c.name);
      throw new Error(
        `local Discord: no command /${opts.name} is registered for guild ${opts.guildId}; registered: ${known.join(", ") || "(none)"}`,
      );
    }
    const built = buildOptions(world, command, { ...opts, guildId: opts.guildId });
    const rec = this.newRecord(type, "/" + opts.name, opts.guildId, opts.channelId, opts.userId);
    if (type === 2) rec.command = { name: command.name, type: 1 };
    const payload = this.base(rec, opts.memberRoles, opts.locale);
    payload.data = {
      id: command.id,
      name: command.name,
      type: 1,
      ...(built.options.length ? { options: built.options } : {}),
      ...(built.resolved ? { resolved: built.resolved } : {}),
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    };
    this.send(rec, payload);
    return rec;
  }

  private newRecord(
    type: 2 | 3 | 4 | 5,
    label: string,
    guildId: string,
    channelId: string,
    userId: string,
  ): InteractionRecord {
    const { world } = this.deps;
    if (!world.users.has(userId)) throw new Error(`local Discord: unknown user ${userId}`);
    if (!world.guild(guildId).members.has(userId)) world.addMember(guildId, userId);
    const id = snowflake();
    // Real tokens are long base64 strings; these contain characters that must be URL-encoded.
    const token = `aW50ZXJhY3Rpb246${id}:${randomBytes(36).toString("base64")}`;
    const rec: InteractionRecord = {
      id,
      token,
      type,
      label,
      guildId,
      channelId,
      userId,
      dispatchedAt: 0,
      followUps: [],
      done: false,
      events: [],
      waiters: [],
    };
    this.byId.set(id, rec);
    this.byToken.set(token, rec);
    this.forgetOldest();
    return rec;
  }

  private base(rec: InteractionRecord, memberRoles: string[] | undefined, locale = "en-US"): Payload {
    const { world, applicationId } = this.deps;
    const guild = world.guild(rec.guildId);
    const member = guild.members.get(rec.userId)!;
    const channel = world.channels.get(rec.channelId)!;
    const perms = world.permissions(rec.guildId, rec.userId, memberRoles).toString();
    return {
      id: rec.id,
      application_id: applicationId,
      type: rec.type,
      guild_id: rec.guildId,
      guild: { id: rec.guildId, locale: "en-US", features: [] },
      channel_id: rec.channelId,
      channel: { ...world.apiChannel(channel), permissions: perms },
      member: { ...world.apiMember(member, memberRoles), permissions: perms },
      token: rec.token,
      version: 1,
      app_permissions: BOT_PERMISSIONS.toString(),
      locale,
      guild_locale: "en-US",
      entitlements: [],
      authorizing_integration_owners: { "0": rec.guildId },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
    };
  }

  private send(rec: InteractionRecord, payload: Payload): void {
    rec.dispatchedAt = Date.now();
    if (this.deps.dispatch(payload) === 0) {
      throw new Error(
        "local Discord: no bot is connected to the gateway (log a discord.js Client in first and wait for ClientReady)",
      );
    }
  }

  private wait(rec: InteractionRecord, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<InteractionRecord> {
    if (rec.done) return Promise.resolve(rec);
    if (rec.failed) return Promise.reject(new Error(this.describe(rec, rec.failed)));
    return new Promise((resolve, reject) => {
      const deadline = this.deps.deadlineMs();
      const giveUp = (why: string) => {
        rec.waiters = rec.waiters.filter((w) => w !== waiter);
        waiter.reject(new Error(this.describe(rec, why)));
      };
      const timer = setTimeout(() => giveUp(`no answer within ${timeoutMs} ms`), timeoutMs);
      // Past the interaction deadline without a callback, nothing the bot does can succeed.
      const deadlineTimer =
        deadline + 50 < timeoutMs
          ? setTimeout(
              () =>
                rec.callbackType === undefined && giveUp(`no callback within the ${deadline} ms interaction deadline`),
              deadline + 50,
            )
          : undefined;
      const clear = () => (clearTimeout(timer), clearTimeout(deadlineTimer));
      const waiter: Waiter = {
        resolve: (r) => (clear(), resolve(r)),
        reject: (e) => (clear(), reject(e)),
      };
      rec.waiters.push(waiter);
    });
  }

  private describe(rec: InteractionRecord, why: string): string {
    const did = rec.events.length ? rec.events.map((e) => `  - ${e}`).join("\n") : "  (nothing)";
    return `local Discord: the bot did not answer ${rec.label} (interaction ${rec.id}): ${why}. What the bot sent for it:\n${did}`;
  }

  private complete(rec: InteractionRecord): void {
    if (rec.done) return;
    rec.done = true;
    for (const w of rec.waiters.splice(0)) w.resolve(rec);
  }

  private fail(rec: InteractionRecord, why: string): void {
    rec.failed = why;
    for (const w of rec.waiters.splice(0)) w.reject(new Error(this.describe(rec, why)));
  }

  private toReply(rec: InteractionRecord): Reply {
    const message = rec.original ?? this.deps.world.newMessage(rec.channelId, {});
    return {
      interactionId: rec.id,
      callbackType: rec.callbackType ?? 0,
      message,
      ephemeral: (message.flags & 64) !== 0,
      followUps: rec.followUps,
      ...(rec.modal ? { modal: rec.modal } : {}),
    };
  }

  private note(rec: InteractionRecord, event: string): void {
    rec.events.push(`+${Date.now() - rec.dispatchedAt} ms ${event}`);
  }

  // --- the bot's side (called by the REST router) ------------------------------

  /** POST /interactions/{id}/{token}/callback. Returns the with_response body, if any. */
  callback(id: string, token: string, body: JsonObject, files: UploadedFile[]): Payload {
    const rec = this.byId.get(id);
    if (!rec || rec.token !== token) throw errors.unknownInteraction();
    const type = Number(body.type);
    const late = Date.now() - rec.dispatchedAt;
    try {
      if (rec.callbackType !== undefined) throw errors.alreadyAcknowledged();
      if (late > this.deps.deadlineMs()) {
        const err = errors.unknownInteraction();
        this.note(
          rec,
          `callback type ${type} → 404 10062 (arrived ${late} ms after dispatch, deadline ${this.deps.deadlineMs()} ms)`,
        );
        this.fail(
          rec,
          `the callback arrived ${late} ms after dispatch, past the ${this.deps.deadlineMs()} ms deadline (10062)`,
        );
        throw err;
      }
      this.applyCallback(rec, type, (body.data ?? {}) as JsonObject, files);
    } catch (err) {
      if (err instanceof DiscordError && err.code !== 10062)
        this.note(rec, `callback type ${type} → ${err.status} ${err.code} ${err.message}`);
      throw err;
    }
    this.note(rec, `callback type ${type} → 204`);
    if (type !== 5 && type !== 6) this.complete(rec);
    const resource: Payload = rec.original && (type === 4 || type === 7) ? { type, message: rec.original } : { type };
    return {
      interaction: {
        id: rec.id,
        type: rec.type,
        activity_instance_id: null,
        response_message_id: rec.original?.id ?? null,
        response_message_loading: type === 5,
        response_message_ephemeral: ((rec.original?.flags ?? 0) & 64) !== 0,
      },
      resource,
    };
  }

  private applyCallback(rec: InteractionRecord, type: number, data: JsonObject, files: UploadedFile[]): void {
    const { world } = this.deps;
    // A component, or a modal submitted from one, may update the message it came from.
    const isComponent = rec.type === 3 || (rec.type === 5 && !!rec.source);
    const wrongFor = (what: string) =>
      errors.invalidForm("type", `Interaction callback type ${type} is not valid for ${what}`);
    switch (type) {
      case 4:
      case 5: {
        if (rec.type === 4) throw wrongFor("an autocomplete interaction");
        const fresh = this.newReply(rec);
        const msg =
          type === 4
            ? applyBody(fresh, data, files, false)
            : { ...fresh, flags: (typeof data.flags === "number" ? data.flags & 64 : 0) | 128 };
        rec.callbackType = type;
        rec.original = world.addMessage(msg);
        return;
      }
      case 6:
      case 7: {
        if (!isComponent || !rec.source) throw wrongFor("a command interaction");
        if (type === 7) this.edit(rec.source, data, files);
        rec.callbackType = type;
        rec.original = rec.source;
        return;
      }
      case 8: {
        if (rec.type !== 4) throw wrongFor("this interaction");
        rec.callbackType = 8;
        rec.choices = Array.isArray(data.choices) ? data.choices : [];
        return;
      }
      case 9: {
        if (rec.type === 4 || rec.type === 5)
          throw wrongFor(rec.type === 4 ? "an autocomplete interaction" : "a modal submit");
        rec.callbackType = 9;
        rec.modal = data;
        return;
      }
      default:
        throw errors.invalidForm("type", `Interaction callback type ${type} is not supported here`);
    }
  }

  private newReply(rec: InteractionRecord): StoredMessage {
    const { world, applicationId } = this.deps;
    const user = world.users.get(rec.userId)!;
    return world.newMessage(rec.channelId, {
      type: rec.type === 2 ? 20 : 0,
      webhook_id: applicationId,
      application_id: applicationId,
      interaction_metadata: {
        id: rec.id,
        type: rec.type,
        user: apiUser(user),
        authorizing_integration_owners: { "0": rec.guildId },
        // The command's own name (a message command's is words: "Roll dice in this message"), never the record's label.
        ...(rec.command ? { name: rec.command.name, command_type: rec.command.type } : {}),
      },
    });
  }

  private edit(message: StoredMessage, data: Json | undefined, files: UploadedFile[]): StoredMessage {
    const next = applyBody(message, data, files, true);
    Object.assign(message, next, { flags: next.flags & ~128, edited_timestamp: new Date().toISOString() });
    this.deps.world.touchMessage(message);
    return message;
  }

  private acknowledged(token: string): InteractionRecord {
    const rec = this.byToken.get(token);
    if (!rec || rec.callbackType === undefined) throw errors.unknownWebhook();
    return rec;
  }

  private target(rec: InteractionRecord, messageId: string): StoredMessage {
    const msg =
      messageId === "@original" ? rec.original : [rec.original, ...rec.followUps].find((m) => m?.id === messageId);
    if (!msg || msg.deleted) throw errors.unknownMessage();
    return msg;
  }

  /** PATCH /webhooks/{app}/{token}/messages/{@original|id} */
  webhookEdit(token: string, messageId: string, body: Json | undefined, files: UploadedFile[]): StoredMessage {
    const rec = this.acknowledged(token);
    try {
      const msg = this.edit(this.target(rec, messageId), body, files);
      this.note(rec, `edit ${messageId} → 200`);
      this.complete(rec);
      return msg;
    } catch (err) {
      if (err instanceof DiscordError) this.note(rec, `edit ${messageId} → ${err.status} ${err.code} ${err.message}`);
      throw err;
    }
  }

  /** GET /webhooks/{app}/{token}/messages/{@original|id} */
  webhookGet(token: string, messageId: string): StoredMessage {
    return this.target(this.acknowledged(token), messageId);
  }

  /** DELETE /webhooks/{app}/{token}/messages/{@original|id} */
  webhookDelete(token: string, messageId: string): void {
    const rec = this.acknowledged(token);
    this.deps.world.deleteMessage(this.target(rec, messageId));
    this.note(rec, `delete ${messageId} → 204`);
    this.complete(rec);
  }

  /** POST /webhooks/{app}/{token}: a follow-up message. */
  followUp(token: string, body: Json | undefined, files: UploadedFile[]): StoredMessage {
    const rec = this.acknowledged(token);
    try {
      const msg = this.deps.world.addMessage(applyBody(this.newReply(rec), body, files, false));
      rec.followUps.push(msg);
      this.note(rec, `follow-up ${msg.id} → 200`);
      this.complete(rec);
      return msg;
    } catch (err) {
      if (err instanceof DiscordError) this.note(rec, `follow-up → ${err.status} ${err.code} ${err.message}`);
      throw err;
    }
  }
}

/** Every component of a message, depth first: rows, what they hold, and sections' accessories. */
function eachComponent(list: readonly unknown[], out: object[] = []): object[] {
  for (const c of list) {
    if (!c || typeof c !== "object" || Array.isArray(c)) continue;
    out.push(c);
    for (const inner of ["components" in c ? c.components : undefined, "accessory" in c ? c.accessory : undefined]) {
      eachComponent(Array.isArray(inner) ? inner : inner ? [inner] : [], out);
    }
  }
  return out;
}

const customIdOf = (c: object): string | undefined =>
  "custom_id" in c && typeof c.custom_id === "string" ? c.custom_id : undefined;

/** The text inputs' custom ids of a modal body (action rows of text inputs, or labels holding one). */
function modalInputs(modal: JsonObject): Set<string> {
  const ids = new Set<string>();
  const walk = (x: unknown) => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (o.type === 4 && typeof o.custom_id === "string") ids.add(o.custom_id);
      walk(o.components);
      walk(o.component);
    }
  };
  walk(modal.components);
  return ids;
}
