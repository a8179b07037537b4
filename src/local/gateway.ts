// The gateway of the local Discord: HELLO / IDENTIFY / READY / GUILD_CREATE,
// heartbeats, RESUME with replay of missed dispatches, and dispatches of world
// changes and interactions. JSON encoding only, no compression. Sharded
// IDENTIFY as Discord does it: a session with shard [id, count] receives the
// guilds where (guild_id >> 22) % count === id, and direct messages on shard 0.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { randomBytes } from "node:crypto";
import { WebSocketServer, WebSocket } from "ws";
import { apiUser, type World, type WorldEvent } from "./world.js";
import type { JsonObject, Logger } from "./types.js";

const INTENT_GUILD_MEMBERS = 1 << 1;
const INTENT_GUILD_MESSAGES = 1 << 9;
const REPLAY_LIMIT = 1000;

interface Session {
  id: string;
  seq: number;
  intents: number;
  buffer: { s: number; text: string }[];
  ws: WebSocket | null;
  guilds: Set<string>;
  shard: [number, number];
}

/** A payload field (removed before sending) that routes a dispatch to one shard: see PressOptions.viaShard. */
export const VIA_SHARD = "_via_shard";

/** Discord's routing: the shard that receives a guild's events. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Which shard received a dispatch that concerns a guild (kept for tests and the control API). */
export interface Route {
  t: string;
  guildId: string | null;
  shard: number;
}

export interface GatewayOptions {
  applicationId: string;
  /** The bot's token, which IDENTIFY and RESUME must carry. */
  token: string;
  heartbeatIntervalMs: number;
  /** ws:// URL of the gateway (for resume_gateway_url). */
  url: () => string;
  log: Logger;
}

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private readonly sockets = new Set<WebSocket>();
  /** The last interactions dispatched, with the shard that got each. */
  readonly routes: Route[] = [];

  constructor(
    private readonly world: World,
    private readonly opts: GatewayOptions,
  ) {
    world.events.on("event", (e: WorldEvent) => this.onWorldEvent(e));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? "/", "http://local");
    if (url.searchParams.get("compress")) {
      this.opts.log(
        "gateway: client asked for compression, which the local Discord does not offer (is zlib-sync installed?)",
      );
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
  }

  /** Sessions that have a live socket. */
  liveSessions(): number {
    let n = 0;
    for (const s of this.sessions.values()) if (s.ws?.readyState === WebSocket.OPEN) n++;
    return n;
  }

  /** Sessions that can receive a dispatch (live, or dropped and resumable). */
  sessionCount(): number {
    return this.sessions.size;
  }

  /** Close every client socket from the server side (default 4000: the client resumes). */
  dropConnections(code = 4000, reason = "local Discord dropped the connection"): void {
    for (const ws of this.sockets) ws.close(code, reason);
  }

  close(): void {
    for (const ws of this.sockets) ws.terminate();
    this.sockets.clear();
    this.sessions.clear();
    this.wss.close();
  }

  /** Send a dispatch to every session (buffered for replay). Returns how many sessions got it. */
  dispatch(t: string, d: unknown, filter: (s: Session) => boolean = () => true): number {
    const guildId = guildOfDispatch(t, d);
    const via = (d as Record<string, unknown> | null)?.[VIA_SHARD];
    if (via !== undefined) delete (d as Record<string, unknown>)[VIA_SHARD];
    let n = 0;
    for (const s of this.sessions.values()) {
      if (!filter(s) || !(via !== undefined ? s.shard[0] === via : owns(s, guildId))) continue;
      if (t === "INTERACTION_CREATE") {
        this.routes.push({ t, guildId, shard: s.shard[0] });
        if (this.routes.length > REPLAY_LIMIT) this.routes.shift();
      }
      this.send(s, t, d);
      n++;
    }
    return n;
  }

  private send(s: Session, t: string, d: unknown): void {
    s.seq += 1;
    const text = JSON.stringify({ op: 0, t, s: s.seq, d });
    s.buffer.push({ s: s.seq, text });
    if (s.buffer.length > REPLAY_LIMIT) s.buffer.shift();
    if (s.ws?.readyState === WebSocket.OPEN) s.ws.send(text);
  }

  private onConnection(ws: WebSocket): void {
    this.sockets.add(ws);
    let session: Session | null = null;
    const raw = (payload: unknown) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(payload));
    raw({
      op: 10,
      d: { heartbeat_interval: this.opts.heartbeatIntervalMs, _trace: ["local-discord"] },
      s: null,
      t: null,
    });

    ws.on("message", (data) => {
      let msg: { op?: number; d?: JsonObject | number | null };
      try {
        msg = JSON.parse(String(data));
      } catch {
        ws.close(4002, "Error while decoding payload.");
        return;
      }
      const d = (msg.d && typeof msg.d === "object" ? msg.d : {}) as JsonObject;
      switch (msg.op) {
        case 1:
          raw({ op: 11, d: null, s: null, t: null });
          return;
        case 2: {
          if (session) return void ws.close(4005, "Already authenticated.");
          if (!this.tokenOk(d.token)) return void ws.close(4004, "Authentication failed.");
          const shard = Array.isArray(d.shard)
            ? ([Number(d.shard[0]), Number(d.shard[1])] as [number, number])
            : ([0, 1] as [number, number]);
          if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) return void ws.close(4010, "Invalid shard.");
          session = this.identify(ws, Number(d.intents ?? 0), shard);
          return;
        }
        case 6: {
          if (session) return void ws.close(4005, "Already authenticated.");
          if (!this.tokenOk(d.token)) return void ws.close(4004, "Authentication failed.");
          const s = this.sessions.get(String(d.session_id));
          const seq = Number(d.seq ?? 0);
          if (!s || (s.buffer.length > 0 && s.buffer[0]!.s > seq + 1)) {
            raw({ op: 9, d: false, s: null, t: null });
            return;
          }
          s.ws?.terminate();
          s.ws = ws;
          session = s;
          const missed = s.buffer.filter((b) => b.s > seq);
          for (const b of missed) ws.send(b.text);
          this.opts.log(`gateway: session resumed, replayed ${missed.length} dispatches`);
          this.send(s, "RESUMED", { _trace: ["local-discord"] });
          return;
        }
        case 8:
          if (session) this.memberChunk(session, d);
          return;
        default:
          return; // presence (3), voice (4) and others: ignored
      }
    });

    ws.on("close", (code) => {
      this.sockets.delete(ws);
      if (session && session.ws === ws) {
        session.ws = null;
        // A client closing with 1000/1001 ends its session; other codes keep it resumable.
        if (code === 1000 || code === 1001) this.sessions.delete(session.id);
      }
    });
    ws.on("error", (err) => this.opts.log(`gateway: socket error ${err.message}`));
  }

  private tokenOk(token: unknown): boolean {
    return typeof token === "string" && token.replace(/^Bot\s+/i, "") === this.opts.token;
  }

  private identify(ws: WebSocket, intents: number, shard: [number, number]): Session {
    const s: Session = {
      id: randomBytes(16).toString("hex"),
      seq: 0,
      intents,
      buffer: [],
      ws,
      guilds: new Set([...this.world.guilds.keys()].filter((g) => shardOf(g, shard[1]) === shard[0])),
      shard,
    };
    this.sessions.set(s.id, s);
    this.send(s, "READY", {
      v: 10,
      user: { ...apiUser(this.world.bot), verified: true, mfa_enabled: false, email: null },
      user_settings: {},
      guilds: [...s.guilds].map((id) => ({ id, unavailable: true })),
      relationships: [],
      private_channels: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      session_id: s.id,
      session_type: "normal",
      resume_gateway_url: this.opts.url(),
      shard,
      application: { id: this.opts.applicationId, flags: 0 },
      auth: {},
      _trace: ["local-discord"],
    });
    for (const id of s.guilds) {
      const g = this.world.guilds.get(id);
      if (g) this.send(s, "GUILD_CREATE", this.world.apiGuildCreate(g));
    }
    return s;
  }

  private memberChunk(s: Session, d: JsonObject): void {
    const guild = this.world.guilds.get(String(d.guild_id));
    if (!guild) return;
    const wanted = Array.isArray(d.user_ids)
      ? new Set(d.user_ids.map(String))
      : typeof d.user_ids === "string"
        ? new Set([d.user_ids])
        : null;
    const query = typeof d.query === "string" ? d.query.toLowerCase() : "";
    const members = [...guild.members.values()].filter((m) => {
      if (wanted) return wanted.has(m.userId);
      return (this.world.users.get(m.userId)?.username ?? "").toLowerCase().startsWith(query);
    });
    this.send(s, "GUILD_MEMBERS_CHUNK", {
      guild_id: guild.id,
      members: members.map((m) => this.world.apiMember(m)),
      chunk_index: 0,
      chunk_count: 1,
      not_found: [],
      ...(d.nonce !== undefined ? { nonce: d.nonce } : {}),
    });
  }

  private onWorldEvent(e: WorldEvent): void {
    switch (e.kind) {
      case "guild":
        this.dispatch("GUILD_CREATE", this.world.apiGuildCreate(e.guild), (s) => {
          if (owns(s, e.guild.id)) s.guilds.add(e.guild.id);
          return true;
        });
        return;
      case "channel": {
        const c = this.world.apiChannel(e.channel);
        if (e.channel.type === 11) this.dispatch("THREAD_CREATE", { ...c, newly_created: true });
        else this.dispatch("CHANNEL_CREATE", c);
        return;
      }
      case "role":
        this.dispatch("GUILD_ROLE_CREATE", { guild_id: e.guild.id, role: this.world.apiRole(e.role) });
        return;
      case "member":
        this.dispatch(
          e.added ? "GUILD_MEMBER_ADD" : "GUILD_MEMBER_UPDATE",
          { ...this.world.apiMember(e.member), guild_id: e.guild.id },
          (s) => (s.intents & INTENT_GUILD_MEMBERS) !== 0,
        );
        return;
      case "message": {
        const m = e.message;
        if (m.flags & 64 || !m.guild_id) return;
        const onlyMessages = (s: Session) => (s.intents & INTENT_GUILD_MESSAGES) !== 0;
        if (e.action === "delete") {
          this.dispatch("MESSAGE_DELETE", { id: m.id, channel_id: m.channel_id, guild_id: m.guild_id }, onlyMessages);
        } else {
          this.dispatch(e.action === "create" ? "MESSAGE_CREATE" : "MESSAGE_UPDATE", m, onlyMessages);
        }
        return;
      }
    }
  }
}

/** The guild a dispatch concerns (null: a direct message or no guild, which Discord sends on shard 0). */
function guildOfDispatch(t: string, d: unknown): string | null {
  const o = (d ?? {}) as { guild_id?: unknown; id?: unknown };
  if (t === "GUILD_CREATE" || t === "GUILD_UPDATE" || t === "GUILD_DELETE") return String(o.id);
  return typeof o.guild_id === "string" ? o.guild_id : null;
}

function owns(s: Session, guildId: string | null): boolean {
  return guildId === null ? s.shard[0] === 0 : shardOf(guildId, s.shard[1]) === s.shard[0];
}
