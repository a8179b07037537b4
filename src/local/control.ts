// The playground's control API, served by the local Discord on the same port:
//   POST /_local/command  { line: "/roll dice:2d6", user?: "alice", channel?: "table" }
//   POST /_local/autocomplete { line, focused, user?, channel? }
//   POST /_local/press    { messageId, customId, user?, values? }
//   POST /_local/menu     { name: "Roll dice in this message", messageId, user? }  (a message command)
//   POST /_local/say      { content, user?, channel? }  (a user writes a message)
//   GET  /_local/messages?channel=table&limit=20
//   GET  /_local/commands
//   POST /_local/reconnect { code?: 4000 }  (the gateway closes the bot's connections: it resumes)
// Users and channels are named, created on first use in the default guild.
// Only this machine may drive it (controlRefusal): Host and any Origin name a loopback
// address and this port, and a POST is JSON, so a web page in the developer's browser cannot.
import { parseCommandLine } from "./line.js";
import { renderMessageText, type Names } from "./render.js";
import type { LocalDiscord } from "./server.js";
import type { Json, JsonObject, Reply } from "./types.js";

export { renderMessageText };

export interface ControlAnswer {
  status: number;
  body: unknown;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** `authority` (host[:port]) names a loopback address with `port`. */
function loopback(authority: string, port: number): boolean {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(authority.trim().toLowerCase());
  return !!m && LOOPBACK.has(m[1]!) && Number(m[2] ?? 80) === port;
}

/**
 * Why the control API refuses a request, or null to serve it. Cross-site requests are refused:
 * a browser page can POST text/plain (no preflight) and a DNS-rebinding page can reach
 * 127.0.0.1 under its own host name, but neither can send JSON with a loopback Host and Origin.
 */
export function controlRefusal(method: string, headers: { host?: string; origin?: string; "content-type"?: string }, port: number): ControlAnswer | null {
  if (!headers.host || !loopback(headers.host, port)) return { status: 403, body: { error: "The playground answers only requests to 127.0.0.1, localhost or [::1] on its own port." } };
  if (headers.origin !== undefined) {
    let origin: URL | undefined;
    try {
      origin = new URL(headers.origin);
    } catch {
      origin = undefined;
    }
    if (!origin || origin.protocol !== "http:" || !loopback(origin.host, port))
      return { status: 403, body: { error: "The playground answers no request from a web page of another site." } };
  }
  const type = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (method !== "GET" && method !== "HEAD" && type !== "application/json") return { status: 415, body: { error: "Send the playground JSON (content-type: application/json)." } };
  return null;
}

const str = (v: Json | undefined, fallback: string): string => (typeof v === "string" && v.trim() ? v.trim() : fallback);

/** The text a playground prints for a reply: the message, then each follow-up. */
export function renderReplyText(reply: Reply, names?: Names): string {
  if (reply.modal) return `[modal "${String(reply.modal.title ?? "")}" (${String(reply.modal.custom_id ?? "")})]`;
  return [reply.message, ...reply.followUps].map((m) => renderMessageText(m, names)).join("\n\n");
}

/** Members and channels by name, as Discord shows mentions (nickname, else username). */
export function namesOf(local: LocalDiscord): Names {
  return {
    user: (id) => {
      const u = local.world.users.get(id);
      const nick = local.defaults.guildId ? (local.world.guild(local.defaults.guildId).members.get(id) as { nick?: string | null } | undefined)?.nick : undefined;
      return nick ?? u?.username;
    },
    channel: (id) => local.world.channels.get(id)?.name,
  };
}

function guildOf(local: LocalDiscord): string {
  if (!local.defaults.guildId) {
    const { id } = local.createGuild("Local Table");
    local.defaults.guildId = id;
  }
  return local.defaults.guildId;
}

/** The user named `name` (created and added to the default guild on first use). */
export function userNamed(local: LocalDiscord, name: string): string {
  const guildId = guildOf(local);
  const user = local.world.findUserByName(name) ?? local.createUser(name);
  if (!local.world.guild(guildId).members.has(user.id)) local.addMember(guildId, user.id);
  return user.id;
}

/** The channel named `name` in the default guild (created on first use); ids are accepted too. */
export function channelNamed(local: LocalDiscord, name: string): string {
  const guildId = guildOf(local);
  const name2 = name.replace(/^#/, "");
  if (local.world.channels.has(name2)) return name2;
  return (local.world.findChannelByName(guildId, name2) ?? local.createChannel(guildId, name2)).id;
}

export async function handleControl(local: LocalDiscord, method: string, path: string, query: URLSearchParams, body: Json | undefined): Promise<ControlAnswer> {
  const b = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as JsonObject;
  try {
    if (method === "POST" && (path === "/_local/command" || path === "/_local/autocomplete")) {
      const guildId = guildOf(local);
      const parsed = parseCommandLine(str(b.line, ""), local.visibleCommands(guildId));
      const base = {
        guildId,
        channelId: channelNamed(local, str(b.channel, "table")),
        userId: userNamed(local, str(b.user, "referee")),
        name: parsed.name,
        options: parsed.options,
        ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}),
        ...(parsed.subcommandGroup ? { subcommandGroup: parsed.subcommandGroup } : {}),
      };
      if (path === "/_local/autocomplete") {
        const choices = await local.autocomplete({ ...base, focused: str(b.focused, "") });
        return { status: 200, body: { choices, text: choices.map((c) => `• ${String((c as JsonObject)?.name)}`).join("\n") } };
      }
      const reply = await local.slash(base);
      return { status: 200, body: { reply, text: renderReplyText(reply, namesOf(local)) } };
    }
    if (method === "POST" && path === "/_local/press") {
      const reply = await local.press({
        messageId: str(b.messageId, ""),
        customId: str(b.customId, ""),
        userId: userNamed(local, str(b.user, "referee")),
        ...(Array.isArray(b.values) ? { values: b.values.map(String) } : {}),
      });
      return { status: 200, body: { reply, text: renderReplyText(reply, namesOf(local)) } };
    }
    if (method === "POST" && path === "/_local/menu") {
      const reply = await local.messageCommand({ name: str(b.name, ""), messageId: str(b.messageId, ""), userId: userNamed(local, str(b.user, "referee")) });
      return { status: 200, body: { reply, text: renderReplyText(reply, namesOf(local)) } };
    }
    if (method === "POST" && path === "/_local/say") {
      const m = local.userMessage(channelNamed(local, str(b.channel, "table")), userNamed(local, str(b.user, "referee")), str(b.content, ""));
      return { status: 200, body: { message: m, text: renderMessageText(m, namesOf(local)) } };
    }
    if (method === "GET" && path === "/_local/messages") {
      const channelId = channelNamed(local, query.get("channel") ?? "table");
      const limit = Number(query.get("limit") ?? 20) || 20;
      const messages = local.channelMessages(channelId).slice(-limit);
      const names = namesOf(local);
      return { status: 200, body: { channelId, messages, text: messages.map((m) => renderMessageText(m, names)).join("\n\n") } };
    }
    if (method === "GET" && path === "/_local/commands") {
      const commands = local.visibleCommands(guildOf(local));
      return { status: 200, body: { commands, text: commands.map((c) => `/${c.name} — ${c.description}`).join("\n") } };
    }
    if (method === "POST" && path === "/_local/reconnect") {
      const code = typeof b.code === "number" ? b.code : 4000;
      const sessions = local.liveSessions;
      local.dropConnections(code);
      return { status: 200, body: { dropped: sessions, text: `closed ${sessions} gateway connection(s) with ${code}` } };
    }
    return { status: 404, body: { error: `unknown control route ${method} ${path}` } };
  } catch (err) {
    return { status: 400, body: { error: (err as Error).message } };
  }
}
