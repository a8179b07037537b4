// The world of the local Discord: guilds, channels, users, roles, members and
// messages, plus their Discord API shapes (what GUILD_CREATE and REST answer).
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import { SnowflakeUtil } from "discord.js";
import type { APIUser } from "discord.js";
import type { StoredMessage } from "./types.js";
import { DEFAULT_LIMITS, trimMap } from "./bounded.js";

/** Discord's default large_threshold: above it, GUILD_CREATE carries no member list. */
const LARGE_THRESHOLD = 50;

export const snowflake = (): string => SnowflakeUtil.generate().toString();

/** 2024-01-01 as a snowflake timestamp: the stable ids' fixed creation time. */
const STABLE_TIME = BigInt(Date.UTC(2024, 0, 1)) - SnowflakeUtil.epoch;

/** The same snowflake for the same key in every run: a fixed time, the key's hash in the low 22 bits. */
export function stableSnowflake(key: string): string {
  const low = BigInt(`0x${createHash("sha256").update(key).digest("hex").slice(0, 6)}`) & 0x3fffffn;
  return ((STABLE_TIME << 22n) | low).toString();
}

const bit = (n: number): bigint => 1n << BigInt(n);
/** @everyone's permissions in a new guild: see, talk, react, use commands, threads. */
export const EVERYONE_PERMISSIONS =
  bit(6) | bit(10) | bit(11) | bit(14) | bit(15) | bit(16) | bit(18) | bit(31) | bit(35) | bit(38);
/** The bot's permissions (app_permissions): the above plus manage messages/threads. */
export const BOT_PERMISSIONS = EVERYONE_PERMISSIONS | bit(13) | bit(34) | bit(36);
/** All permissions (guild owner). */
export const ALL_PERMISSIONS = (1n << 51n) - 1n;

export interface User {
  id: string;
  username: string;
  bot: boolean;
}
export interface Role {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  color: number;
}
export interface Member {
  userId: string;
  roles: string[];
  joinedAt: string;
}
export interface Channel {
  id: string;
  guildId: string;
  name: string;
  /** 0 text channel, 11 public thread. */
  type: 0 | 11;
  parentId: string | null;
  position: number;
  createdAt: string;
  ownerId: string | null;
}
export interface Guild {
  id: string;
  name: string;
  ownerId: string;
  roles: Map<string, Role>;
  members: Map<string, Member>;
  channels: string[];
  createdAt: string;
}

export type WorldEvent =
  | { kind: "guild"; guild: Guild }
  | { kind: "channel"; channel: Channel }
  | { kind: "role"; guild: Guild; role: Role }
  | { kind: "member"; guild: Guild; member: Member; added: boolean }
  | { kind: "message"; action: "create" | "update" | "delete"; message: StoredMessage };

export class World {
  readonly users = new Map<string, User>();
  readonly guilds = new Map<string, Guild>();
  readonly channels = new Map<string, Channel>();
  readonly messages = new Map<string, StoredMessage>();
  /** Channels the bot may not read (no View Channel): its channel routes answer 50001 Missing Access, while interactions still answer there, as in Discord. */
  readonly botDenied = new Set<string>();
  /** Emits "event" (WorldEvent) on every change, "change" for waiters. */
  readonly events = new EventEmitter();
  readonly bot: User;

  /**
   * `keepMessages`: how many messages are stored across channels; the oldest are forgotten beyond it.
   * `stableIds`: guilds, channels and users get ids from their names, the same in every run (the playground:
   * a campaign bound to #table is still there after a restart); a name taken twice gets a random id.
   */
  constructor(
    botId: string,
    botName = "Ten-Foot Pole",
    private readonly keepMessages = DEFAULT_LIMITS.messages,
    private readonly stableIds = false,
  ) {
    this.bot = { id: botId, username: botName, bot: true };
    this.users.set(botId, this.bot);
    this.events.setMaxListeners(0);
  }

  private newId(key: string, taken: Map<string, unknown>): string {
    if (!this.stableIds) return snowflake();
    const id = stableSnowflake(key);
    return taken.has(id) ? snowflake() : id;
  }

  private emit(event: WorldEvent): void {
    this.events.emit("event", event);
    this.events.emit("change");
  }

  /** `id`: a user kept from an earlier run (src/local/keep.ts); otherwise a new one. */
  createUser(username: string, id = this.newId(`user:${username}`, this.users)): { id: string; username: string } {
    const user: User = { id, username, bot: false };
    this.users.set(user.id, user);
    return { id: user.id, username };
  }

  findUserByName(username: string): User | undefined {
    for (const u of this.users.values()) if (u.username === username) return u;
    return undefined;
  }

  createGuild(name = "Local Guild", id = this.newId(`guild:${name}`, this.guilds)): { id: string } {
    const now = new Date().toISOString();
    const everyone: Role = { id, name: "@everyone", permissions: EVERYONE_PERMISSIONS, position: 0, color: 0 };
    const guild: Guild = {
      id,
      name,
      ownerId: this.bot.id,
      roles: new Map([[id, everyone]]),
      members: new Map([[this.bot.id, { userId: this.bot.id, roles: [], joinedAt: now }]]),
      channels: [],
      createdAt: now,
    };
    this.guilds.set(id, guild);
    this.emit({ kind: "guild", guild });
    return { id };
  }

  guild(id: string): Guild {
    const g = this.guilds.get(id);
    if (!g) throw new Error(`local Discord: unknown guild ${id}`);
    return g;
  }

  createChannel(
    guildId: string,
    name = "general",
    opts: { parentId?: string; ownerId?: string; id?: string } = {},
  ): { id: string } {
    const guild = this.guild(guildId);
    if (opts.parentId !== undefined && this.channels.get(opts.parentId)?.type !== 0) {
      throw new Error(`local Discord: thread parent ${opts.parentId} is not a text channel`);
    }
    const channel: Channel = {
      id: opts.id ?? this.newId(`channel:${guildId}:${opts.parentId ?? ""}:${name}`, this.channels),
      guildId,
      name,
      type: opts.parentId ? 11 : 0,
      parentId: opts.parentId ?? null,
      position: guild.channels.length,
      createdAt: new Date().toISOString(),
      ownerId: opts.parentId ? (opts.ownerId ?? this.bot.id) : null,
    };
    this.channels.set(channel.id, channel);
    guild.channels.push(channel.id);
    this.emit({ kind: "channel", channel });
    return { id: channel.id };
  }

  findChannelByName(guildId: string, name: string): Channel | undefined {
    for (const id of this.guild(guildId).channels) {
      const c = this.channels.get(id);
      if (c?.name === name) return c;
    }
    return undefined;
  }

  createRole(guildId: string, name: string, opts: { permissions?: bigint; color?: number } = {}): { id: string } {
    const guild = this.guild(guildId);
    const role: Role = {
      id: snowflake(),
      name,
      permissions: opts.permissions ?? 0n,
      position: guild.roles.size,
      color: opts.color ?? 0,
    };
    guild.roles.set(role.id, role);
    this.emit({ kind: "role", guild, role });
    return { id: role.id };
  }

  addMember(guildId: string, userId: string, roleIds: string[] = []): void {
    const guild = this.guild(guildId);
    if (!this.users.has(userId)) throw new Error(`local Discord: unknown user ${userId}`);
    for (const r of roleIds)
      if (!guild.roles.has(r)) throw new Error(`local Discord: unknown role ${r} in guild ${guildId}`);
    const existing = guild.members.get(userId);
    const member: Member = existing
      ? { ...existing, roles: [...new Set([...existing.roles, ...roleIds])] }
      : { userId, roles: roleIds, joinedAt: new Date().toISOString() };
    guild.members.set(userId, member);
    this.emit({ kind: "member", guild, member, added: !existing });
  }

  /** Permissions of a member (owner: all), from @everyone plus the given roles. */
  permissions(guildId: string, userId: string, roles?: string[]): bigint {
    const guild = this.guild(guildId);
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    let p = guild.roles.get(guild.id)?.permissions ?? 0n;
    for (const r of roles ?? guild.members.get(userId)?.roles ?? []) p |= guild.roles.get(r)?.permissions ?? 0n;
    return p;
  }

  // --- messages --------------------------------------------------------------

  addMessage(message: StoredMessage): StoredMessage {
    this.messages.set(message.id, message);
    trimMap(this.messages, this.keepMessages);
    this.emit({ kind: "message", action: "create", message });
    return message;
  }

  touchMessage(message: StoredMessage): void {
    this.emit({ kind: "message", action: "update", message });
  }

  deleteMessage(message: StoredMessage): void {
    message.deleted = true;
    this.emit({ kind: "message", action: "delete", message });
  }

  channelMessages(channelId: string): StoredMessage[] {
    return [...this.messages.values()].filter((m) => m.channel_id === channelId && !m.deleted);
  }

  /** A new message by the bot, shaped like Discord's. */
  newMessage(channelId: string, fields: Partial<StoredMessage>): StoredMessage {
    const channel = this.channels.get(channelId);
    return {
      id: snowflake(),
      channel_id: channelId,
      ...(channel ? { guild_id: channel.guildId } : {}),
      type: 0,
      author: apiUser(this.bot),
      content: "",
      embeds: [],
      components: [],
      attachments: [],
      flags: 0,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: false,
      ...fields,
    };
  }

  // --- API shapes ------------------------------------------------------------

  apiChannel(c: Channel): Record<string, unknown> {
    const base = {
      id: c.id,
      type: c.type,
      guild_id: c.guildId,
      name: c.name,
      parent_id: c.parentId,
      last_message_id: null,
      rate_limit_per_user: 0,
      flags: 0,
      nsfw: false,
    };
    if (c.type === 11) {
      return {
        ...base,
        owner_id: c.ownerId,
        message_count: 0,
        member_count: 1,
        total_message_sent: 0,
        thread_metadata: {
          archived: false,
          auto_archive_duration: 1440,
          archive_timestamp: c.createdAt,
          locked: false,
          create_timestamp: c.createdAt,
        },
      };
    }
    return { ...base, position: c.position, permission_overwrites: [], topic: null };
  }

  apiRole(r: Role): Record<string, unknown> {
    return {
      id: r.id,
      name: r.name,
      color: r.color,
      colors: { primary_color: r.color, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: r.position,
      permissions: r.permissions.toString(),
      managed: false,
      mentionable: false,
      flags: 0,
    };
  }

  apiMember(m: Member, roles?: string[]): Record<string, unknown> {
    const user = this.users.get(m.userId);
    return {
      user: user ? apiUser(user) : { id: m.userId },
      nick: null,
      avatar: null,
      banner: null,
      roles: roles ?? m.roles,
      joined_at: m.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    };
  }

  /** The guild object of GET /guilds/{id}. */
  apiGuild(g: Guild): Record<string, unknown> {
    return {
      id: g.id,
      name: g.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [...g.roles.values()].map((r) => this.apiRole(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: "en-US",
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
    };
  }

  /** The GUILD_CREATE payload: guild plus channels, threads, members. */
  apiGuildCreate(g: Guild): Record<string, unknown> {
    const chans = g.channels.map((id) => this.channels.get(id)).filter((c): c is Channel => !!c);
    // As Discord with the Guilds intent alone: a guild over the large threshold (50 members) comes
    // with the bot's own member only; a small one with all of them.
    const large = g.members.size > LARGE_THRESHOLD;
    const members = large ? [g.members.get(this.bot.id)].filter((m): m is Member => !!m) : [...g.members.values()];
    return {
      ...this.apiGuild(g),
      joined_at: g.createdAt,
      large,
      unavailable: false,
      member_count: g.members.size,
      voice_states: [],
      members: members.map((m) => this.apiMember(m)),
      channels: chans.filter((c) => c.type !== 11).map((c) => this.apiChannel(c)),
      threads: chans.filter((c) => c.type === 11).map((c) => this.apiChannel(c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }
}

/** A user's badges are a bit set (UserFlags); the empty set, which every local user has, is no member of that enum. */
const NO_USER_FLAGS: number = 0;

export function apiUser(u: User): APIUser {
  return {
    id: u.id,
    username: u.username,
    discriminator: "0",
    global_name: u.bot ? null : u.username,
    avatar: null,
    ...(u.bot ? { bot: true } : {}),
    public_flags: NO_USER_FLAGS,
    flags: NO_USER_FLAGS,
  };
}
