// The playground page: a Discord-like channel view served by the local Discord on its
// own port (it exists only where the local Discord does: when no Discord token is set).
//   GET /                      the page (src/local/page/index.html, app.js, fights.js, markdown.js, style.css)
//   GET /_local/world          guilds, channels, users, and the registered commands
//   GET /_local/events?as=<user> server-sent events: every message created, edited or deleted
// Every request passes controlRefusal first (loopback Host and Origin), like /_local/*.
// An ephemeral message reaches only the user it answered: the page asks as a user.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { LocalHost } from "./host.js";
import type { StoredMessage } from "./types.js";
import type { WorldEvent } from "./world.js";

const FILES: Record<string, string> = {
  "/": "index.html",
  "/page/app.js": "app.js",
  "/page/fights.js": "fights.js",
  "/page/markdown.js": "markdown.js",
  "/page/style.css": "style.css",
};
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

export function isPagePath(method: string, path: string): boolean {
  return method === "GET" && (path in FILES || path === "/_local/events" || path === "/_local/world");
}

/** Whether `user` (an id) may see `m`: an ephemeral message only by the user its interaction came from. */
export function visibleTo(m: StoredMessage, userId: string | undefined): boolean {
  return (m.flags & 64) === 0 || (!!userId && m.interaction_metadata?.user.id === userId);
}

export function servePage(
  local: LocalHost,
  path: string,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const file = FILES[path];
  if (file) {
    let body: Buffer;
    try {
      body = readFileSync(new URL(`./page/${file}`, import.meta.url));
    } catch {
      res
        .writeHead(404, { "content-type": "text/plain" })
        .end("The playground page is not in this build (src/local/page/).");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[file.split(".").pop()!]!,
      "cache-control": "no-store",
      "content-security-policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
    });
    res.end(body);
    return;
  }
  if (path === "/_local/world") {
    const json = JSON.stringify(worldOf(local));
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end(json);
    return;
  }
  // Server-sent events for one user: the channel's messages as that user sees them, as they change.
  // By name (resolved at each event: the user may be created by their first command) or by id.
  const as = query.get("as") ?? "";
  const viewer = () => local.world.findUserByName(as)?.id ?? as;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const onEvent = (e: WorldEvent) => {
    if (e.kind === "message") {
      if (visibleTo(e.message, viewer()))
        send("message", { action: e.message.deleted ? "delete" : e.action, message: e.message });
    } else if (e.kind === "channel" || e.kind === "guild" || e.kind === "member") send("world", worldOf(local));
  };
  local.world.events.on("event", onEvent);
  const ping = setInterval(() => res.write(": ping\n\n"), 15_000);
  send("hello", { user: as });
  req.once("close", () => {
    clearInterval(ping);
    local.world.events.off("event", onEvent);
  });
}

function worldOf(local: LocalHost) {
  const w = local.world;
  return {
    bot: { id: w.bot.id, username: w.bot.username },
    guilds: [...w.guilds.values()].map((g) => ({
      id: g.id,
      name: g.name,
      channels: g.channels
        .map((id) => w.channels.get(id))
        .filter((c) => !!c)
        .map((c) => ({ id: c!.id, name: c!.name, parentId: c!.parentId })),
    })),
    users: [...w.users.values()].filter((u) => !u.bot).map((u) => ({ id: u.id, username: u.username })),
    commands: [...local.commands(), ...[...w.guilds.keys()].flatMap((id) => local.commands(id))],
  };
}
