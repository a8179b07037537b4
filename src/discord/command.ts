import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
  RESTPostAPIApplicationCommandsJSONBody,
} from "discord.js";
import type { Services } from "../play/services.js";

/** One slash command (or message command): what `commands/<name>.ts` exports as `command`. */
export interface CommandModule {
  data: { name: string; toJSON(): RESTPostAPIApplicationCommandsJSONBody };
  /** The handler may take longer than 2 s: the router defers before calling it. */
  defer?: "ephemeral" | "public";
  /**
   * Its handlers record the interaction (against redelivery) inside their first transaction
   * instead of in one of its own: one commit per interaction on the hot path. Only for handlers
   * that write nothing outside a transaction before their first one.
   */
  oneTransaction?: boolean;
  execute(i: ChatInputCommandInteraction, s: Services): Promise<void>;
  autocomplete?(i: AutocompleteInteraction, s: Services): Promise<void>;
  /** Buttons whose custom id starts with `<name>:`. */
  press?(i: ButtonInteraction, s: Services): Promise<void>;
  /** A message command (context menu "Apps" on a message): `data` is a ContextMenuCommandBuilder of type Message; `execute` refuses. */
  message?(i: MessageContextMenuCommandInteraction, s: Services): Promise<void>;
  /** Select menus whose custom id starts with `<name>:`. */
  choose?(i: StringSelectMenuInteraction, s: Services): Promise<void>;
  /** Modals whose custom id starts with `<name>:`. */
  submit?(i: ModalSubmitInteraction, s: Services): Promise<void>;
}
