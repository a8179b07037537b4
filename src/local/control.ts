// The playground's control API, served by the local Discord on the same port:
//   POST /_local/command  { line: "/roll dice:2d6", user?: "alice", channel?: "table" }
//   POST /_local/autocomplete { line, focused, user?, channel? }
//   POST /_local/press    { messageId, customId, user?, values? }
//   POST /_local/menu     { name: "Roll dice in this message", messageId, user? }  (a message command)
//   POST /_local/modal    { values: { field: value }, customId?, user? }  (fills the newest modal shown to the user)
//   POST /_local/say      { content, user?, channel? }  (a user writes a message)
//   GET  /_local/messages?channel=table&limit=20[&as=alice]  (with `as`: only what that user sees)
// An answer's `created` lists the channel's other new messages the action brought (a new board).
//   GET  /_local/commands
//   GET  /_local/people?channel=table  { campaign, people: { alice: "referee", bob: "player of Wren", … } }
//        what each member is in the channel's campaign (LocalDiscord.whoIs; campaign null without one)
//   POST /_local/reconnect { code?: 4000 }  (the gateway closes the bot's connections: it resumes)
// Users and channels are named, created on first use in the default guild.
// Only this machine may drive it (controlRefusal): Host and any Origin name a loopback
// address and this port, and a POST is JSON, so a web page in the developer's browser cannot.
import { foreignRefusal, mediaType } from "./guard.js";
import { parseCommandLine } from "./line.js";
import { renderMessageText, type Names, type PressAs } from "./render.js";
import { visibleTo } from "./page.js";
import type { LocalHost } from "./host.js";
import type { Json, JsonObject, Reply, StoredMessage } from "./types.js";

export { renderMessageText };

export interface ControlAnswer {
  status: number;
  body: unknown;
}

/**
 * Why the control API refuses a request, or null to serve it. Cross-site requests are refused:
 * a browser page can POST text/plain (no preflight) and a DNS-rebinding page can reach
 * 127.0.0.1 under its own host name, but neither can send JSON with a loopback Host and Origin.
 */
export function controlRefusal(
  method: string,
  headers: { host?: string | undefined; origin?: string | undefined; "content-type"?: string | undefined },
  port: number,
): ControlAnswer | null {
  const foreign = foreignRefusal(headers, port);
  if (foreign) return { status: foreign.status, body: { error: foreign.error } };
  if (method !== "GET" && method !== "HEAD" && mediaType(headers["content-type"]) !== "application/json")
    return { status: 415, body: { error: "Send the playground JSON (content-type: application/json)." } };
  return null;
}

const str = (v: Json | undefined, fallback: string): string =>
  typeof v === "string" && v.trim() ? v.trim() : fallback;

/** A word for a shell: quoted when it holds more than letters, digits and `:=.-/+@,`. */
const shellWord = (w: string) => (/^[\w:.\-/=+@,]+$/.test(w) ? w : `"${w.replace(/(["\\$`])/g, "\\$1")}"`);

/**
 * A form as text: its title, each field (its id, label, what it takes, its value) and the command that fills it in,
 * ready to paste: `npm run local -- --modal class=fighter level=1 …`.
 */
export function renderModalText(modal: JsonObject, as: PressAs = {}): string {
  type Input = { custom_id?: string; label?: string; placeholder?: string; value?: string };
  const inputs = ((modal.components ?? []) as { components?: Input[] }[])
    .flatMap((row) => row.components ?? [])
    .filter((c) => typeof c.custom_id === "string");
  const lines = [`[form "${String(modal.title ?? "")}"]`];
  for (const c of inputs)
    lines.push(
      `  ${c.custom_id} — ${c.label ?? c.custom_id}${c.value ? ` (now: ${c.value})` : ""}${c.placeholder ? `: ${c.placeholder}` : ""}`,
    );
  // An example for each field: its value, else the placeholder's "e.g." (its first item), else "…".
  const example = (c: Input) => c.value || /e\.g\. ([^,·(|]+)/.exec(c.placeholder ?? "")?.[1]?.trim() || "…";
  const user = as.user && as.user !== "referee" ? ` --user ${shellWord(as.user)}` : "";
  lines.push(`Fill it in (fields left out stay blank; a value with spaces in quotes):`);
  lines.push(
    `  npm run local --${user} --modal ${inputs.map((c) => `${c.custom_id}=${shellWord(example(c))}`).join(" ")}`,
  );
  return lines.join("\n");
}

/** The text a playground prints for a reply: the message, then each follow-up (or the form it opened). */
export function renderReplyText(reply: Reply, names?: Names, as?: PressAs): string {
  if (reply.modal) return renderModalText(reply.modal, as);
  return [reply.message, ...reply.followUps].map((m) => renderMessageText(m, names, as)).join("\n\n");
}

/** Members and channels by name, as Discord shows mentions (nickname, else username). */
export function namesOf(local: LocalHost): Names {
  return {
    user: (id) => {
      const u = local.world.users.get(id);
      const nick = local.defaults.guildId
        ? (local.world.guild(local.defaults.guildId).members.get(id) as { nick?: string | null } | undefined)?.nick
        : undefined;
      return nick ?? u?.username;
    },
    channel: (id) => local.world.channels.get(id)?.name,
  };
}

function guildOf(local: LocalHost): string {
  if (!local.defaults.guildId) {
    const { id } = local.createGuild("Local Table");
    local.defaults.guildId = id;
  }
  return local.defaults.guildId;
}

/** The user named `name` (created and added to the default guild on first use). */
export function userNamed(local: LocalHost, name: string, guildId = guildOf(local)): string {
  const user = local.world.findUserByName(name) ?? local.createUser(name);
  if (!local.world.guild(guildId).members.has(user.id)) local.addMember(guildId, user.id);
  return user.id;
}

/** The channel named `name` in the default guild (created on first use); ids are accepted too. */
export function channelNamed(local: LocalHost, name: string): string {
  const guildId = guildOf(local);
  const name2 = name.replace(/^#/, "");
  if (local.world.channels.has(name2)) return name2;
  return (local.world.findChannelByName(guildId, name2) ?? local.createChannel(guildId, name2)).id;
}

/**
 * Runs `act` and answers with the reply, its text, and the channel messages it created besides
 * (e.g. the round's new board after a press), waiting until none has come or changed for 150 ms (at most 2 s).
 */
async function acting(
  local: LocalHost,
  channelId: string | undefined,
  userId: string,
  act: () => Promise<Reply>,
): Promise<ControlAnswer> {
  const before = new Set(local.messages.keys());
  const reply = await act();
  const channel = channelId ?? reply.message.channel_id;
  const own = new Set([reply.message.id, ...reply.followUps.map((m) => m.id)]);
  const fresh = (): StoredMessage[] =>
    [...local.messages.values()].filter(
      (m) => m.channel_id === channel && !before.has(m.id) && !own.has(m.id) && !m.deleted && visibleTo(m, userId),
    );
  // Settled when nothing new came and nothing shown changed (a board posted, then filled in with its buttons).
  const state = () =>
    [...own, ...fresh().map((m) => m.id)]
      .map((id) => {
        const m = local.messages.get(id);
        return m ? `${id}:${m.edited_timestamp ?? ""}:${m.components.length}` : id;
      })
      .join(",");
  const until = Date.now() + 2000;
  let last = "";
  while (Date.now() < until && state() !== last) {
    last = state();
    await new Promise((r) => setTimeout(r, 150));
  }
  const created = fresh();
  const names = namesOf(local);
  const as = { user: local.world.users.get(userId)?.username };
  // Each message once, as it stands now (a board the reply posted and then edited is one message).
  const seen = new Set<string>();
  const shown = [...(reply.modal ? [] : [reply.message, ...reply.followUps]), ...created]
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .map((m) => local.messages.get(m.id) ?? m);
  const text = [
    ...(reply.modal ? [renderModalText(reply.modal, as)] : []),
    ...shown.map((m) => renderMessageText(m, names, as)),
  ].join("\n\n");
  return { status: 200, body: { reply, created, text } };
}

/** The channel's campaign and what each member of its guild is in it, by username. */
async function people(
  local: LocalHost,
  channelId: string,
): Promise<{ campaign: string | null; people: Record<string, string> }> {
  const channel = local.world.channels.get(channelId)!;
  const members = [...local.world.guild(channel.guildId).members.values()].filter(
    (m) => m.userId !== local.world.bot.id,
  );
  const where = { guildId: channel.guildId, channelId, parentChannelId: channel.parentId };
  const found = local.whoIs
    ? await local.whoIs(
        where,
        members.map((m) => ({ userId: m.userId, roleIds: m.roles })),
      )
    : { campaign: null, what: {} };
  const named = Object.entries(found.what).map(([id, what]) => [local.world.users.get(id)?.username ?? id, what]);
  return { campaign: found.campaign, people: Object.fromEntries(named) };
}

type Route = (local: LocalHost, b: JsonObject, query: URLSearchParams) => Promise<ControlAnswer>;

/** A slash command typed as a line (`/roll dice:2d6`), or the choices its focused option offers. */
async function commandLine(local: LocalHost, b: JsonObject, complete: boolean): Promise<ControlAnswer> {
  const channelId = channelNamed(local, str(b.channel, "table"));
  const guildId = local.world.channels.get(channelId)?.guildId ?? guildOf(local);
  const parsed = parseCommandLine(str(b.line, ""), local.visibleCommands(guildId));
  const base = {
    guildId,
    channelId,
    userId: userNamed(local, str(b.user, "referee"), guildId),
    name: parsed.name,
    options: parsed.options,
    ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}),
    ...(parsed.subcommandGroup ? { subcommandGroup: parsed.subcommandGroup } : {}),
  };
  if (complete) {
    const choices = await local.autocomplete({ ...base, focused: str(b.focused, "") });
    return {
      status: 200,
      body: { choices, text: choices.map((c) => `• ${String((c as JsonObject)?.name)}`).join("\n") },
    };
  }
  return await acting(local, channelId, base.userId, () => local.slash(base));
}

/** A user presses a button (or picks from a menu) on a message. */
async function press(local: LocalHost, b: JsonObject): Promise<ControlAnswer> {
  const message = local.messages.get(str(b.messageId, ""));
  const guildId = message ? local.world.channels.get(message.channel_id)?.guildId : undefined;
  const userId = userNamed(local, str(b.user, "referee"), guildId);
  return await acting(local, message?.channel_id, userId, () =>
    local.press({
      messageId: str(b.messageId, ""),
      customId: str(b.customId, ""),
      userId,
      ...(Array.isArray(b.values) ? { values: b.values.map(String) } : {}),
    }),
  );
}

/** A user runs a message command from the Apps menu. */
async function menu(local: LocalHost, b: JsonObject): Promise<ControlAnswer> {
  const message = local.messages.get(str(b.messageId, ""));
  const userId = userNamed(
    local,
    str(b.user, "referee"),
    message ? local.world.channels.get(message.channel_id)?.guildId : undefined,
  );
  return await acting(local, message?.channel_id, userId, () =>
    local.messageCommand({ name: str(b.name, ""), messageId: str(b.messageId, ""), userId }),
  );
}

/** A user fills in and sends the newest form shown to them. */
async function modal(local: LocalHost, b: JsonObject): Promise<ControlAnswer> {
  const user = str(b.user, "referee");
  const userId = local.world.findUserByName(user)?.id;
  const shown = userId ? local.lastModal(userId) : undefined;
  const customId = str(b.customId, typeof shown?.custom_id === "string" ? shown.custom_id : "");
  if (!userId || !customId)
    throw new Error(
      `no form is open for ${user}: run a command that opens one first (e.g. /character create name:Wren)`,
    );
  const values = Object.fromEntries(
    Object.entries(b.values && typeof b.values === "object" && !Array.isArray(b.values) ? b.values : {}).map(
      ([k, v]) => [k, String(v)],
    ),
  );
  return await acting(local, undefined, userId, () => local.submitModal({ customId, values, userId }));
}

/** A user writes a message in a channel. */
async function say(local: LocalHost, b: JsonObject): Promise<ControlAnswer> {
  const m = local.userMessage(
    channelNamed(local, str(b.channel, "table")),
    userNamed(local, str(b.user, "referee")),
    str(b.content, ""),
  );
  return { status: 200, body: { message: m, text: renderMessageText(m, namesOf(local)) } };
}

/** A channel's latest messages, all of them or as one user sees them. */
async function messages(local: LocalHost, _b: JsonObject, query: URLSearchParams): Promise<ControlAnswer> {
  const channelId = channelNamed(local, query.get("channel") ?? "table");
  const limit = Number(query.get("limit") ?? 20) || 20;
  const as = query.get("as");
  const viewer = as ? (local.world.findUserByName(as)?.id ?? as) : null;
  const shown = local
    .channelMessages(channelId)
    .filter((m) => viewer === null || visibleTo(m, viewer))
    .slice(-limit);
  const names = namesOf(local);
  // The press commands are for the user the CLI runs as (`user`), else the one the channel is seen as.
  const pressAs = { user: query.get("user") ?? as ?? undefined };
  return {
    status: 200,
    body: {
      channelId,
      messages: shown,
      text: shown.map((m) => renderMessageText(m, names, pressAs)).join("\n\n"),
    },
  };
}

/** The commands usable in the default guild. */
async function commandList(local: LocalHost): Promise<ControlAnswer> {
  const commands = local.visibleCommands(guildOf(local));
  return { status: 200, body: { commands, text: commands.map((c) => `/${c.name} — ${c.description}`).join("\n") } };
}

/** The gateway closes the bot's connections (it resumes). */
async function reconnect(local: LocalHost, b: JsonObject): Promise<ControlAnswer> {
  const code = typeof b.code === "number" ? b.code : 4000;
  const sessions = local.liveSessions;
  local.dropConnections(code);
  return {
    status: 200,
    body: { dropped: sessions, text: `closed ${sessions} gateway connection(s) with ${code}` },
  };
}

const ROUTES = new Map<string, Route>([
  ["POST /_local/command", (local, b) => commandLine(local, b, false)],
  ["POST /_local/autocomplete", (local, b) => commandLine(local, b, true)],
  ["POST /_local/press", press],
  ["POST /_local/menu", menu],
  ["POST /_local/modal", modal],
  ["POST /_local/say", say],
  ["GET /_local/messages", messages],
  [
    "GET /_local/people",
    async (local, _b, query) => ({
      status: 200,
      body: await people(local, channelNamed(local, query.get("channel") ?? "table")),
    }),
  ],
  ["GET /_local/commands", commandList],
  ["POST /_local/reconnect", reconnect],
]);

export async function handleControl(
  local: LocalHost,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Json | undefined,
): Promise<ControlAnswer> {
  const b = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as JsonObject;
  const route = ROUTES.get(`${method} ${path}`);
  if (!route) return { status: 404, body: { error: `unknown control route ${method} ${path}` } };
  try {
    return await route(local, b, query);
  } catch (err) {
    return { status: 400, body: { error: (err as Error).message } };
  }
}
