// What the playground's page (page.ts) and control API (control.ts) need of the local Discord.
// LocalDiscord (server.ts) implements it; they depend on this, not on server.ts, which serves them.
import type {
  AutocompleteOptions,
  Json,
  JsonObject,
  MessageCommandOptions,
  ModalSubmitOptions,
  PressOptions,
  Reply,
  SlashOptions,
  StoredCommand,
  StoredMessage,
  WhoIs,
} from "./types.js";
import type { World } from "./world.js";

export interface LocalHost {
  readonly world: World;
  readonly defaults: { guildId: string; channelId: string; userId: string };
  readonly whoIs?: WhoIs;
  readonly messages: Map<string, StoredMessage>;
  readonly liveSessions: number;
  createGuild(name?: string): { id: string };
  createChannel(guildId: string, name?: string, opts?: { parentId?: string }): { id: string };
  createUser(username: string): { id: string; username: string };
  addMember(guildId: string, userId: string, roleIds?: string[]): void;
  channelMessages(channelId: string): StoredMessage[];
  commands(guildId?: string): StoredCommand[];
  visibleCommands(guildId?: string): StoredCommand[];
  slash(opts: SlashOptions): Promise<Reply>;
  autocomplete(opts: AutocompleteOptions): Promise<Json[]>;
  press(opts: PressOptions): Promise<Reply>;
  submitModal(opts: ModalSubmitOptions): Promise<Reply>;
  lastModal(userId: string): JsonObject | undefined;
  messageCommand(opts: MessageCommandOptions): Promise<Reply>;
  userMessage(channelId: string, userId: string, content: string): StoredMessage;
  dropConnections(code?: number): void;
}
