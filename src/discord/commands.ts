import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import {
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIApplicationCommandsJSONBody,
} from "discord.js";
import type { CommandModule } from "./command.js";

export const COMMANDS_DIR = fileURLToPath(new URL("../../commands", import.meta.url));

/** Every command in commands/: one file each, exporting `command`. */
export async function loadCommands(dir = COMMANDS_DIR): Promise<Map<string, CommandModule>> {
  const files = readdirSync(dir)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("_"))
    .sort();
  const map = new Map<string, CommandModule>();
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { command?: CommandModule };
    if (!mod.command) throw new Error(`commands/${f} does not export \`command\``);
    const name = mod.command.data.name;
    if (map.has(name)) throw new Error(`two commands are named /${name}`);
    map.set(name, mod.command);
  }
  return map;
}

/**
 * A command as it is registered: every command of this bot works in a server's channel only (a campaign lives
 * in one), installed to a server. Set here, in one place, rather than in each file (Discord's `contexts` and
 * `integration_types`; the older `dm_permission` is deprecated).
 */
export function registration(data: CommandModule["data"]): RESTPostAPIApplicationCommandsJSONBody {
  const { dm_permission: _deprecated, ...body } = data.toJSON() as RESTPostAPIApplicationCommandsJSONBody & {
    dm_permission?: boolean;
  };
  return {
    ...body,
    contexts: [InteractionContextType.Guild],
    integration_types: [ApplicationIntegrationType.GuildInstall],
  };
}
