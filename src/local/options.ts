// Builds an interaction's `data.options` (and `resolved`) from simple values,
// typing each option from the registered command definition, as Discord's
// client would. Rejects what Discord's client would not let a user send.
import type { APIApplicationCommandOption } from "discord.js";
import type { Json, JsonObject, OptionInput, StoredCommand } from "./types.js";
import type { World } from "./world.js";

const T = {
  SUB: 1,
  GROUP: 2,
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  MENTIONABLE: 9,
  NUMBER: 10,
  ATTACHMENT: 11,
} as const;

type OptionDef = APIApplicationCommandOption & {
  options?: OptionDef[];
  choices?: { name: string; value: string | number }[];
  required?: boolean;
  autocomplete?: boolean;
};

export interface BuildInput {
  options?: OptionInput | JsonObject[];
  subcommand?: string | undefined;
  subcommandGroup?: string | undefined;
  /** Autocomplete: the option being typed (value sent as typed, with focused: true). */
  focused?: string;
  guildId: string;
}

export interface BuiltOptions {
  options: JsonObject[];
  resolved?: JsonObject;
}

const names = (defs: OptionDef[]) => defs.map((d) => d.name).join(", ") || "(none)";

export function buildOptions(world: World, command: StoredCommand, input: BuildInput): BuiltOptions {
  if (Array.isArray(input.options)) return { options: input.options };
  const where = `/${command.name}`;
  let defs = (command.options ?? []) as OptionDef[];
  let wrap = (opts: JsonObject[]): JsonObject[] => opts;

  if (input.subcommandGroup !== undefined) {
    const group = defs.find((d) => d.type === T.GROUP && d.name === input.subcommandGroup);
    if (!group)
      throw new Error(`${where} has no subcommand group "${input.subcommandGroup}"; its options: ${names(defs)}`);
    defs = group.options ?? [];
    const inner = wrap;
    wrap = (opts) => inner([{ type: T.GROUP, name: group.name, options: opts }]);
  }
  const subs = defs.filter((d) => d.type === T.SUB);
  if (input.subcommand !== undefined) {
    const sub = subs.find((d) => d.name === input.subcommand);
    if (!sub) throw new Error(`${where} has no subcommand "${input.subcommand}"; subcommands: ${names(subs)}`);
    defs = sub.options ?? [];
    const inner = wrap;
    wrap = (opts) => inner([{ type: T.SUB, name: sub.name, options: opts }]);
  } else if (subs.length > 0 || defs.some((d) => d.type === T.GROUP)) {
    throw new Error(`${where} needs a subcommand${input.subcommandGroup ? "" : " (or group)"}: ${names(defs)}`);
  }

  const values: OptionInput = { ...(input.options ?? {}) };
  if (input.focused !== undefined && !(input.focused in values)) values[input.focused] = "";
  const resolved: Record<string, Record<string, Json>> = {};
  const out: JsonObject[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const def = defs.find((d) => d.name === name);
    if (!def) throw new Error(`${where}: unknown option "${name}"; known options: ${names(defs)}`);
    if (name === input.focused) {
      out.push({ type: def.type, name, value: String(raw), focused: true });
      continue;
    }
    out.push({ type: def.type, name, value: convert(world, def, raw, where, input.guildId, resolved) });
  }
  if (input.focused === undefined) {
    const missing = defs.filter((d) => d.required && !(d.name in values)).map((d) => d.name);
    if (missing.length) throw new Error(`${where}: missing required option(s): ${missing.join(", ")}`);
  }
  return { options: wrap(out), ...(Object.keys(resolved).length ? { resolved: resolved as JsonObject } : {}) };
}

function convert(
  world: World,
  def: OptionDef,
  raw: string | number | boolean,
  where: string,
  guildId: string,
  resolved: Record<string, Record<string, Json>>,
): Json {
  const bad = (what: string) => new Error(`${where}: option "${def.name}" ${what} (got ${JSON.stringify(raw)})`);
  let value: string | number | boolean;
  switch (def.type) {
    case T.STRING:
      value = String(raw);
      break;
    case T.INTEGER:
    case T.NUMBER: {
      const n = typeof raw === "number" ? raw : Number(String(raw).trim());
      if (!Number.isFinite(n) || String(raw).trim() === "") throw bad("must be a number");
      if (def.type === T.INTEGER && !Number.isInteger(n)) throw bad("must be an integer");
      const { min_value, max_value } = def as { min_value?: number; max_value?: number };
      if (min_value !== undefined && n < min_value) throw bad(`must be >= ${min_value}`);
      if (max_value !== undefined && n > max_value) throw bad(`must be <= ${max_value}`);
      value = n;
      break;
    }
    case T.BOOLEAN: {
      if (typeof raw === "boolean") value = raw;
      else if (/^(true|yes|1)$/i.test(String(raw))) value = true;
      else if (/^(false|no|0)$/i.test(String(raw))) value = false;
      else throw bad("must be true or false");
      break;
    }
    case T.USER:
    case T.MENTIONABLE:
    case T.ROLE:
    case T.CHANNEL:
      value = resolveEntity(world, def.type, String(raw).replace(/^[@#]/, ""), guildId, resolved, bad);
      break;
    default:
      throw bad(`has type ${def.type}, which the local Discord cannot fill in`);
  }
  if (def.choices?.length && !def.choices.some((c) => c.value === value)) {
    throw bad(`must be one of ${def.choices.map((c) => JSON.stringify(c.value)).join(", ")}`);
  }
  return value;
}

function resolveEntity(
  world: World,
  type: number,
  ref: string,
  guildId: string,
  resolved: Record<string, Record<string, Json>>,
  bad: (what: string) => Error,
): string {
  const guild = world.guild(guildId);
  const add = (kind: string, id: string, obj: unknown) => ((resolved[kind] ??= {})[id] = obj as Json);
  if (type === T.USER || type === T.MENTIONABLE) {
    const user = world.users.get(ref) ?? world.findUserByName(ref);
    if (user) {
      const { user: apiU, ...member } = world.apiMember(
        guild.members.get(user.id) ?? { userId: user.id, roles: [], joinedAt: new Date().toISOString() },
      );
      add("users", user.id, apiU);
      if (guild.members.has(user.id))
        add("members", user.id, { ...member, permissions: world.permissions(guildId, user.id).toString() });
      return user.id;
    }
  }
  if (type === T.ROLE || type === T.MENTIONABLE) {
    const role = guild.roles.get(ref) ?? [...guild.roles.values()].find((r) => r.name === ref);
    if (role) {
      add("roles", role.id, world.apiRole(role));
      return role.id;
    }
  }
  if (type === T.CHANNEL) {
    const channel = world.channels.get(ref) ?? world.findChannelByName(guildId, ref);
    if (channel) {
      const c = world.apiChannel(channel);
      add("channels", channel.id, {
        id: c.id,
        name: c.name,
        type: c.type,
        permissions: world.permissions(guildId, world.bot.id).toString(),
        parent_id: c.parent_id,
        ...(channel.type === 11 ? { thread_metadata: c.thread_metadata } : {}),
      } as Json);
      return channel.id;
    }
  }
  throw bad("does not name a known user, role or channel");
}
