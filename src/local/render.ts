// Plain-text rendering of a stored message for the playground: content, embeds
// (title, description, fields, footer) and components (buttons with custom ids).
import type { Json, JsonObject, StoredMessage } from "./types.js";

const o = (v: unknown): JsonObject => (v && typeof v === "object" && !Array.isArray(v) ? (v as JsonObject) : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === "string" ? v : v == null ? "" : String(v));

/** Names for mentions: `<@id>` reads as `@alice`, `<#id>` as `#table` (unknown ids stay as they are). */
export interface Names {
  user(id: string): string | undefined;
  channel(id: string): string | undefined;
}

export function withNames(text: string, names?: Names): string {
  if (!names) return text;
  return text
    .replace(/<@!?(\d+)>/g, (m, id: string) => (names.user(id) ? `@${names.user(id)}` : m))
    .replace(/<#(\d+)>/g, (m, id: string) => (names.channel(id) ? `#${names.channel(id)}` : m));
}

export function renderMessageText(message: StoredMessage, names?: Names): string {
  return withNames(renderRaw(message), names);
}

function renderRaw(message: StoredMessage): string {
  const tags = [`message ${message.id}`];
  if (message.flags & 64) tags.push("ephemeral");
  if (message.flags & 128) tags.push("thinking…");
  if (message.edited_timestamp) tags.push("edited");
  if (message.deleted) tags.push("deleted");
  const lines = [`[${tags.join(" · ")}]`];
  if (message.content) lines.push(message.content);
  for (const e of message.embeds) lines.push(...renderEmbed(o(e)));
  for (const a of message.attachments) lines.push(`📎 ${a.filename}`);
  for (const c of message.components) lines.push(...renderComponent(o(c)));
  for (const r of message.reactions ?? []) lines.push(`${r.emoji.name ?? "?"} ×${r.count}`);
  return lines.join("\n");
}

function renderEmbed(e: JsonObject): string[] {
  const out: string[] = [];
  const bar = (s: string) => s.split("\n").map((l) => `┃ ${l}`);
  const author = str(o(e.author).name);
  if (author) out.push(...bar(author));
  if (e.title) out.push(...bar(`== ${str(e.title)} ==`));
  if (e.description) out.push(...bar(str(e.description)));
  for (const f of list(e.fields)) {
    const field = o(f);
    out.push(...bar(`${str(field.name)}: ${str(field.value)}`));
  }
  const footer = str(o(e.footer).text);
  if (footer) out.push(...bar(`— ${footer}`));
  return out;
}

function renderComponent(c: JsonObject): string[] {
  switch (c.type) {
    case 1: // action row
      return [list(c.components).map((x) => renderInline(o(x))).join("  ")];
    case 10: // text display
      return [str(c.content)];
    case 9: // section
      return [...list(c.components).flatMap((x) => renderComponent(o(x))), ...(c.accessory ? [renderInline(o(c.accessory))] : [])];
    case 17: // container
      return list(c.components).flatMap((x) => renderComponent(o(x)).map((l) => `│ ${l}`));
    case 14: // separator
      return ["────────"];
    default:
      return [renderInline(c)];
  }
}

function renderInline(c: JsonObject): string {
  const off = c.disabled === true ? ", disabled" : "";
  if (c.type === 2) {
    const emoji = str(o(c.emoji).name);
    const label = [emoji, str(c.label)].filter(Boolean).join(" ");
    return c.url ? `[ ${label} ](${str(c.url)})` : `[ ${label} ] (${str(c.custom_id)}${off})`;
  }
  if ([3, 5, 6, 7, 8].includes(Number(c.type))) {
    const options = list(c.options).map((x) => str(o(x).value)).join(", ");
    return `[▾ ${str(c.placeholder) || "select"} ] (${str(c.custom_id)}${off})${options ? ` options: ${options}` : ""}`;
  }
  return `[component type ${str(c.type)}]`;
}
