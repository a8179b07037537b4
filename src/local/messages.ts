// Applying a message body (create or edit) to a stored message, as Discord does,
// and Discord's errors for messages.
import type { APIAttachment, APIMessageTopLevelComponent } from "discord.js";
import type { Json, JsonObject, StoredMessage } from "./types.js";
import { snowflake } from "./world.js";

/** An error answered the way Discord answers it. */
export class DiscordError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }
  get body(): JsonObject {
    return { code: this.code, message: this.message, ...(this.errors ? { errors: this.errors as JsonObject } : {}) };
  }
}

export const errors = {
  unknownChannel: () => new DiscordError(404, 10003, "Unknown Channel"),
  unknownGuild: () => new DiscordError(404, 10004, "Unknown Guild"),
  unknownMember: () => new DiscordError(404, 10007, "Unknown Member"),
  unknownMessage: () => new DiscordError(404, 10008, "Unknown Message"),
  unknownRole: () => new DiscordError(404, 10011, "Unknown Role"),
  unknownUser: () => new DiscordError(404, 10013, "Unknown User"),
  unknownWebhook: () => new DiscordError(404, 10015, "Unknown Webhook"),
  unknownCommand: () => new DiscordError(404, 10063, "Unknown application command"),
  unknownInteraction: () => new DiscordError(404, 10062, "Unknown interaction"),
  alreadyAcknowledged: () => new DiscordError(400, 40060, "Interaction has already been acknowledged."),
  emptyMessage: () => new DiscordError(400, 50006, "Cannot send an empty message"),
  notAuthor: () => new DiscordError(403, 50005, "Cannot edit a message authored by another user"),
  missingAccess: () => new DiscordError(403, 50001, "Missing Access"),
  invalidForm: (field: string, message: string) =>
    new DiscordError(400, 50035, "Invalid Form Body", { [field]: { _errors: [{ code: "INVALID", message }] } }),
};

/** Flags a bot may set on a message it sends. */
const SETTABLE_FLAGS =
  4 /* suppress embeds */ | 64 /* ephemeral */ | 4096 /* suppress notifications */ | 32768 /* components v2 */;
const EDITABLE_FLAGS = 4 | 32768;

export interface UploadedFile {
  field: string;
  filename: string;
  size: number;
  contentType?: string;
}

const isObject = (v: Json | undefined): v is JsonObject => !!v && typeof v === "object" && !Array.isArray(v);

/** The kinds of component a message holds at its top, each with the fields it cannot do without. */
const TOP_LEVEL: Record<number, string[]> = {
  1: ["components"],
  9: ["components", "accessory"],
  10: ["content"],
  12: ["items"],
  13: ["file"],
  14: [],
  17: ["components"],
};

function isTopLevel(v: Json): v is JsonObject & APIMessageTopLevelComponent {
  const need = isObject(v) && typeof v.type === "number" ? TOP_LEVEL[v.type] : undefined;
  return !!need && isObject(v) && need.every((k) => v[k] !== undefined);
}

/** An embed as stored: "rich" unless the bot said otherwise. */
const rich = (e: JsonObject): JsonObject => ({ type: "rich", ...e });

/**
 * A list field of the body (null clears it; absent keeps it), each item of the kind `is` says, else
 * Discord's 50035 naming the field.
 */
function list<T extends Json>(b: JsonObject, field: string, is: (v: Json) => v is T, what: string): T[] | undefined {
  const v = b[field];
  if (v === null) return [];
  if (!Array.isArray(v)) return undefined;
  const bad = v.findIndex((x) => !is(x));
  if (bad >= 0) throw errors.invalidForm(field, `item ${bad} must be ${what}`);
  return v.filter(is);
}

export function isEmpty(
  m: Pick<StoredMessage, "content" | "embeds" | "components" | "attachments">,
  body?: JsonObject,
): boolean {
  return (
    !m.content &&
    m.embeds.length === 0 &&
    m.components.length === 0 &&
    m.attachments.length === 0 &&
    !(body && (body.poll || (Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0)))
  );
}

/**
 * Apply a create/edit body to a copy of `base`; throws 50006 when the result is empty.
 * `edit`: fields absent from the body are kept; only editable flags change.
 */
export function applyBody(
  base: StoredMessage,
  body: Json | undefined,
  files: UploadedFile[],
  edit: boolean,
): StoredMessage {
  const b = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as JsonObject;
  const next: StoredMessage = { ...base };
  if (b.content !== undefined) next.content = b.content === null ? "" : String(b.content);
  const embeds = list(b, "embeds", isObject, "an embed object");
  if (embeds) next.embeds = embeds.map(rich);
  const components = list(
    b,
    "components",
    isTopLevel,
    "a message component (action row, section, text display, media gallery, file, separator or container)",
  );
  if (components) next.components = components;
  const attachments = list(b, "attachments", isObject, "an attachment object");
  if (attachments || files.length)
    next.attachments = toAttachments(attachments ?? [], files, base.attachments, next.channel_id);
  if (typeof b.flags === "number") {
    const mask = edit ? EDITABLE_FLAGS : SETTABLE_FLAGS;
    next.flags = (base.flags & ~mask) | (b.flags & mask);
  }
  if (!edit && b.tts === true) next.tts = true;
  if (isEmpty(next, b)) throw errors.emptyMessage();
  return next;
}

function toAttachments(
  list: JsonObject[],
  files: UploadedFile[],
  existing: APIAttachment[],
  channelId: string,
): APIAttachment[] {
  const out: APIAttachment[] = [];
  const used = new Set<UploadedFile>();
  for (const a of list) {
    const kept = existing.find((e) => e.id === String(a.id));
    if (kept) {
      out.push(kept);
      continue;
    }
    const file = files.find((f) => f.field === `files[${a.id}]`) ?? files.find((f) => f.filename === a.filename);
    if (file) used.add(file);
    out.push(
      attachment(
        String(a.filename ?? file?.filename ?? "file"),
        file,
        channelId,
        typeof a.description === "string" ? a.description : undefined,
      ),
    );
  }
  for (const f of files) if (!used.has(f)) out.push(attachment(f.filename, f, channelId));
  return out;
}

function attachment(
  filename: string,
  file: UploadedFile | undefined,
  channelId: string,
  description?: string,
): APIAttachment {
  const id = snowflake();
  const url = `https://cdn.local-discord.invalid/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
  return {
    id,
    filename,
    size: file?.size ?? 0,
    url,
    proxy_url: url,
    ...(file?.contentType ? { content_type: file.contentType } : {}),
    ...(description ? { description } : {}),
  };
}
