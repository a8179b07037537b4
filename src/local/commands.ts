// Registered application commands (global and per guild), stored as Discord answers them.
import type { JsonObject, StoredCommand } from "./types.js";
import { snowflake } from "./world.js";

export class Commands {
  private readonly scopes = new Map<string, StoredCommand[]>();

  constructor(private readonly applicationId: string) {}

  /** Global commands, or a guild's commands. */
  list(guildId?: string): StoredCommand[] {
    return this.scopes.get(guildId ?? "global") ?? [];
  }

  /** The command a user would run by that name in that guild (guild commands win). */
  find(name: string, guildId?: string): StoredCommand | undefined {
    return (guildId ? this.list(guildId).find((c) => c.name === name && c.type === 1) : undefined) ?? this.list().find((c) => c.name === name && c.type === 1);
  }

  /** The message command (type 3, the "Apps" menu on a message) by that name in that guild (guild commands win). */
  findMessageCommand(name: string, guildId?: string): StoredCommand | undefined {
    return (guildId ? this.list(guildId).find((c) => c.name === name && c.type === 3) : undefined) ?? this.list().find((c) => c.name === name && c.type === 3);
  }

  /** Every chat-input command visible in a guild. */
  visible(guildId?: string): StoredCommand[] {
    const guild = guildId ? this.list(guildId) : [];
    return [...guild, ...this.list().filter((g) => !guild.some((c) => c.name === g.name))].filter((c) => c.type === 1);
  }

  bulkOverwrite(guildId: string | undefined, bodies: JsonObject[]): StoredCommand[] {
    const old = this.list(guildId);
    const next = bodies.map((b) => this.shape(guildId, b, old.find((c) => c.name === b.name && c.type === ((b.type as number) ?? 1))?.id));
    this.scopes.set(guildId ?? "global", next);
    return next;
  }

  create(guildId: string | undefined, body: JsonObject): StoredCommand {
    const list = [...this.list(guildId)];
    const i = list.findIndex((c) => c.name === body.name && c.type === ((body.type as number) ?? 1));
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
    const cmd = this.shape(guildId, { ...(cur as unknown as JsonObject), ...body }, id);
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

  private shape(guildId: string | undefined, b: JsonObject, id = snowflake()): StoredCommand {
    const type = (b.type as number | undefined) ?? 1;
    return {
      id,
      application_id: this.applicationId,
      version: snowflake(),
      type,
      name: String(b.name),
      name_localizations: (b.name_localizations as Record<string, string> | undefined) ?? null,
      description: type === 1 ? String(b.description ?? "") : "",
      description_localizations: (b.description_localizations as Record<string, string> | undefined) ?? null,
      ...(b.options ? { options: b.options } : {}),
      default_member_permissions: b.default_member_permissions == null ? null : String(b.default_member_permissions),
      dm_permission: b.dm_permission === undefined ? true : Boolean(b.dm_permission),
      nsfw: Boolean(b.nsfw),
      integration_types: (b.integration_types as number[] | undefined) ?? [0],
      contexts: (b.contexts as number[] | undefined) ?? null,
      ...(guildId ? { guild_id: guildId } : {}),
    } as unknown as StoredCommand;
  }
}
