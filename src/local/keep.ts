// What the playground's local Discord made (guilds, channels, threads, users and who is a member
// where), kept in a small JSON file beside the database, so a restarted `npm start` shows the
// channels "Try a fight" made, with the same ids, as it shows #table. Messages are not kept.
// The ids themselves are kept (not only the names): a second thread of the same name under one
// channel has a random id, which its name alone would not give back.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import type { World, WorldEvent } from "./world.js";

export interface Kept {
  guilds: { id: string; name: string }[];
  channels: { id: string; guildId: string; name: string; parentId: string | null; ownerId: string | null }[];
  users: { id: string; username: string }[];
  members: { guildId: string; userId: string }[];
}

/** The file beside the database `db` (data/tenfoot.db: data/tenfoot.local-discord.json). */
export function keptFile(db: string): string {
  return `${db.replace(/\.(db|sqlite3?)$/, "")}.local-discord.json`;
}

/** The world's guilds, channels (each guild's in their order: a thread after its parent), users and members. */
export function keptOf(world: World): Kept {
  const guilds = [...world.guilds.values()];
  return {
    guilds: guilds.map((g) => ({ id: g.id, name: g.name })),
    channels: guilds.flatMap((g) =>
      g.channels
        .map((id) => world.channels.get(id))
        .filter((c) => !!c)
        .map((c) => ({ id: c!.id, guildId: c!.guildId, name: c!.name, parentId: c!.parentId, ownerId: c!.ownerId })),
    ),
    users: [...world.users.values()].filter((u) => !u.bot).map((u) => ({ id: u.id, username: u.username })),
    members: guilds.flatMap((g) =>
      [...g.members.keys()].filter((id) => id !== world.bot.id).map((userId) => ({ guildId: g.id, userId })),
    ),
  };
}

/** Adds to the world what `kept` holds and the world lacks (by id); what does not fit (a channel of an unknown guild) is left out. */
export function restore(world: World, kept: Partial<Kept>): void {
  for (const g of kept.guilds ?? []) if (!world.guilds.has(g.id)) world.createGuild(g.name, g.id);
  for (const u of kept.users ?? []) if (!world.users.has(u.id)) world.createUser(u.username, u.id);
  for (const c of kept.channels ?? []) {
    if (world.channels.has(c.id) || !world.guilds.has(c.guildId) || (c.parentId && !world.channels.has(c.parentId)))
      continue;
    world.createChannel(c.guildId, c.name, {
      id: c.id,
      ...(c.parentId ? { parentId: c.parentId } : {}),
      ...(c.ownerId ? { ownerId: c.ownerId } : {}),
    });
  }
  for (const m of kept.members ?? []) {
    const guild = world.guilds.get(m.guildId);
    if (guild && world.users.has(m.userId) && !guild.members.has(m.userId)) world.addMember(m.guildId, m.userId);
  }
}

function read(file: string): Partial<Kept> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return {}; // the first run
  }
  try {
    return JSON.parse(text) as Partial<Kept>;
  } catch (err) {
    throw new Error(
      `The playground's channels file ${file} is not JSON (${(err as Error).message}); move it away to start with #table alone.`,
    );
  }
}

/**
 * Restores the world from `file`, then writes it back whenever a guild, channel or member is added
 * (a user is saved with its membership). Written whole to a temporary file and renamed over, so a
 * stop mid-write leaves the last whole file. Returns the function that stops the keeping.
 */
export function keepWorld(world: World, file: string): () => void {
  restore(world, read(file));
  let last = "";
  const save = () => {
    const text = `${JSON.stringify(keptOf(world), null, 1)}\n`;
    if (text === last) return;
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    last = text;
  };
  const onEvent = (e: WorldEvent) => {
    if (e.kind === "guild" || e.kind === "channel" || e.kind === "member") save();
  };
  save();
  world.events.on("event", onEvent);
  return () => world.events.off("event", onEvent);
}
