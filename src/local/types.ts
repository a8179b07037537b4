// Shared shapes of the local Discord (src/local). Discord's own payload types
// come from discord-api-types, re-exported by discord.js (type-only imports).
import type {
  APIApplicationCommand,
  APIAttachment,
  APIEmbed,
  APIMessageTopLevelComponent,
  APIReaction,
  APIUser,
} from "discord.js";

/** A JSON value as parsed from a request body. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A message as the local Discord stores it (Discord's message object). Edited in place. */
export interface StoredMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  type: number;
  author: APIUser;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: APIAttachment[];
  /** Message flags; 64 = ephemeral, 128 = loading (a deferred reply not yet edited). */
  flags: number;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: APIUser[];
  mention_roles: string[];
  pinned: boolean;
  webhook_id?: string;
  application_id?: string;
  interaction_metadata?: {
    id: string;
    type: number;
    user: APIUser;
    authorizing_integration_owners: Record<string, string>;
    name?: string;
    command_type?: number;
  };
  reactions?: APIReaction[];
  /** True once deleted (kept in `messages` so tests can see it). */
  deleted?: boolean;
}

/** What the bot answered to one interaction, as `slash()` / `press()` resolve it. */
export interface Reply {
  interactionId: string;
  /** The initial callback type: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 9 modal. */
  callbackType: number;
  /**
   * The message the interaction produced or updated (live object: later edits show).
   * For a modal (9) there is no message: this is an empty, unstored placeholder and `modal` is set.
   */
  message: StoredMessage;
  ephemeral: boolean;
  followUps: StoredMessage[];
  modal?: JsonObject;
}

export interface RecordedRequest {
  method: string;
  /** Path after `/api/v10` (or the full path for `/_local` and unknown prefixes), without the query. */
  path: string;
  query: string;
  body: Json | undefined;
  status: number;
  at: number;
}

export interface ValidationFailure {
  method: string;
  path: string;
  operation: string;
  errors: { instancePath: string; message: string; keyword: string; params: unknown }[];
}

export type StoredCommand = APIApplicationCommand;

export type OptionInput = Record<string, string | number | boolean>;

export interface SlashOptions {
  guildId: string;
  channelId: string;
  userId: string;
  name: string;
  /** Values by option name (typed from the registered definition), or a raw Discord options array. */
  options?: OptionInput | JsonObject[];
  subcommand?: string | undefined;
  subcommandGroup?: string | undefined;
  /** Role ids the member has for this interaction (defaults to the stored member's roles). */
  memberRoles?: string[];
  /** ms to wait for the answer (default 5000). */
  timeoutMs?: number;
  locale?: string;
}

export interface AutocompleteOptions extends SlashOptions {
  /** Name of the option being typed; its value (or "") is sent with `focused: true`. */
  focused: string;
}

export interface ModalSubmitOptions {
  /** The modal's custom id, as the bot showed it. */
  customId: string;
  /** Each text input's value, by its custom id. */
  values: Record<string, string>;
  userId: string;
  memberRoles?: string[];
  timeoutMs?: number;
  locale?: string;
}

/** A user picks a message command from a message's "Apps" menu. */
export interface MessageCommandOptions {
  /** The command's name as registered ("Roll dice in this message"). */
  name: string;
  messageId: string;
  userId: string;
  memberRoles?: string[];
  timeoutMs?: number;
  locale?: string;
}

export interface PressOptions {
  messageId: string;
  customId: string;
  userId: string;
  guildId?: string;
  channelId?: string;
  /** For select menus: the chosen values. */
  values?: string[];
  memberRoles?: string[];
  timeoutMs?: number;
  locale?: string;
  /**
   * Deliver the press to this shard's session instead of the guild's own (as
   * when a guild's presses straddle a shard handover): tests of races between
   * shard processes on one database.
   */
  viaShard?: number;
}

export type Logger = (msg: string) => void;

/**
 * What each member is in a channel's campaign ("referee", "player of Wren", "no character yet"), for the
 * playground's "You are" picker. The local Discord knows no campaign: the app sets it (LocalDiscord.whoIs).
 */
export type WhoIs = (
  where: { guildId: string; channelId: string; parentChannelId: string | null },
  members: { userId: string; roleIds: string[] }[],
) => Promise<{ campaign: string | null; what: Record<string, string> }>;
