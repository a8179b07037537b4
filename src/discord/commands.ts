import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import type { CommandModule } from "./command.js";

export const COMMANDS_DIR = fileURLToPath(new URL("../../commands", import.meta.url));

/** Every command in commands/: one file each, exporting `command`. */
export async function loadCommands(dir = COMMANDS_DIR): Promise<Map<string, CommandModule>> {
  const files = readdirSync(dir).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("_")).sort();
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
