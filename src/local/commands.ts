// Registered application commands (global and per guild), stored as Discord answers them.
import type { APIApplicationCommandOption } from "discord.js";
import type { Json, JsonObject, StoredCommand } from "./types.js";
import { snowflake } from "./world.js";

const isObject = (v: Json | undefined): v is JsonObject => !!v && typeof v === "object" && !Array.isArray(v);
const isOption = (v: Json): v is JsonObject & APIApplicationCommandOption =>
  isObject(v) && typeof v.type === "number" && typeof v.name === "string";
const numbers = (v: Json | undefined): number[] | undefined =>
  Array.isArray(v) ? v.filter((x) => typeof x === "number") : undefined;

/** A name or description in other languages: each locale's words (or null). */
function localized(v: Json | undefined): Record<string, string | null> | null {
  if (!isObject(v)) return null;
  return Object.fromEntries(
    Object.entries(v).filter((e): e is [string, string | null] => typeof e[1] === "string" || e[1] === null),
  );
}

export class Commands {
  private readonly scopes = new Map<string, StoredCommand[]>();

  constructor(private readonly applicationId: string) {}

  /** Global commands, or a guild's commands. */
  list(guildId?: string): StoredCommand[] {
    return this.scopes.get(guildId ?? "global") ?? [];
  }

  /** The command a user would run by that name in that guild (guild commands win). */
  find(name: string, guildId?: string): StoredCommand | undefined {
    return (
      (guildId ? this.list(guildId).find((c) => c.name === name && c.type === 1) : undefined) ??
      this.list().find((c) => c.name === name && c.type === 1)
    );
  }

  /** The message command (type 3, the "Apps" menu on a message) by that name in that guild (guild commands win). */
  findMessageCommand(name: string, guildId?: string): StoredCommand | undefined {
    return (
      (guildId ? this.list(guildId).find((c) => c.name === name && c.type === 3) : undefined) ??
      this.list().find((c) => c.name === name && c.type === 3)
    );
  }

  /** Every chat-input command visible in a guild. */
  visible(guildId?: string): StoredCommand[] {
    const guild = guildId ? this.list(guildId) : [];
    return [...guild, ...this.list().filter((g) => !guild.some((c) => c.name === g.name))].filter((c) => c.type === 1);
  }

  bulkOverwrite(guildId: string | undefined, bodies: JsonObject[]): StoredCommand[] {
    const old = this.list(guildId);
    const next = bodies.map((b) =>
      this.shape(
        guildId,
        b,
        old.find((c) => c.name === b.name && c.type === (typeof b.type === "number" ? b.type : 1))?.id,
      ),
    );
    this.scopes.set(guildId ?? "global", next);
    return next;
  }

  create(guildId: string | undefined, body: JsonObject): StoredCommand {
    const list = [...this.list(guildId)];
    const i = list.findIndex((c) => c.name === body.name && c.type === (typeof body.type === "number" ? body.type : 1));
    const cmd = this.shape(guildId, body, i >= 0 ? list[i]!.id : undefined);
    if (i >= 0) list[i] = cmd;
    else list.push(cmd);
    this.scopes.set(guildId ?? "global", list);
    return cmd;
  }

  get(guildId: string | undefined, id: string): StoredCommand | undefined {
    return this.list(guildId).find((c) => c.id === id);
  }

  patch(guildId: string | undefined, id: string, body: JsonObject): StoredCommand | undefined {
    const list = [...this.list(guildId)];
    const i = list.findIndex((c) => c.id === id);
    if (i < 0) return undefined;
    const cur = list[i]!;
    const cmd = this.shape(guildId, body, id, cur);
    list[i] = cmd;
    this.scopes.set(guildId ?? "global", list);
    return cmd;
  }

  delete(guildId: string | undefined, id: string): boolean {
    const list = this.list(guildId);
    const next = list.filter((c) => c.id !== id);
    this.scopes.set(guildId ?? "global", next);
    return next.length !== list.length;
  }

  /** A command as Discord answers it, from a body; `was`: a patch keeps what the body does not set. */
  private shape(guildId: string | undefined, body: JsonObject, id = snowflake(), was?: StoredCommand): StoredCommand {
    const field = <T>(k: string, fromBody: () => T, kept: (w: StoredCommand) => T): T =>
      was && !Object.hasOwn(body, k) ? kept(was) : fromBody();
    const type = field(
      "type",
      () => (typeof body.type === "number" ? body.type : 1),
      (w) => w.type,
    );
    const options = field(
      "options",
      () => (Array.isArray(body.options) ? body.options.filter(isOption) : undefined),
      (w) => w.options,
    );
    return {
      id,
      application_id: this.applicationId,
      version: snowflake(),
      type,
      name: field(
        "name",
        () => String(body.name),
        (w) => w.name,
      ),
      name_localizations: field(
        "name_localizations",
        () => localized(body.name_localizations),
        (w) => w.name_localizations ?? null,
      ),
      description:
        type !== 1
          ? ""
          : field(
              "description",
              () => String(body.description ?? ""),
              (w) => w.description,
            ),
      description_localizations: field(
        "description_localizations",
        () => localized(body.description_localizations),
        (w) => w.description_localizations ?? null,
      ),
      ...(options ? { options } : {}),
      default_member_permissions: field(
        "default_member_permissions",
        () => (body.default_member_permissions == null ? null : String(body.default_member_permissions)),
        (w) => w.default_member_permissions,
      ),
      dm_permission: field(
        "dm_permission",
        () => body.dm_permission === undefined || Boolean(body.dm_permission),
        (w) => w.dm_permission ?? true,
      ),
      nsfw: field(
        "nsfw",
        () => Boolean(body.nsfw),
        (w) => Boolean(w.nsfw),
      ),
      integration_types: field(
        "integration_types",
        () => numbers(body.integration_types) ?? [0],
        (w) => w.integration_types ?? [0],
      ),
      contexts: field(
        "contexts",
        () => numbers(body.contexts) ?? null,
        (w) => w.contexts ?? null,
      ),
      ...(guildId ? { guild_id: guildId } : {}),
    };
  }
}
