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

/**
 * Discord's markup read as plain text, as the channel shows it: `**bold**`, `*italics*`, `__underline__` and `` `code` `` lose
 * their marks, a code block its fences, a heading its `#`s. Text inside code keeps its own stars.
 */
export function plainMarkup(text: string): string {
  return text
    .split(/(```[\s\S]*?```|`[^`\n]+`)/)
    .map((part, i) =>
      i % 2
        ? part.startsWith("```")
          ? part.replace(/^```(?:[a-z]*\n)?/, "").replace(/\n?```$/, "")
          : part.slice(1, -1)
        : part
            .replace(/\*\*([^*\n]+?)\*\*/g, "$1")
            .replace(/__([^_\n]+?)__/g, "$1")
            .replace(/(^|[^\w*])\*(\S(?:[^*\n]*\S)?)\*(?![\w*])/g, "$1$2")
            .replace(/^#{1,3} +/gm, ""),
    )
    .join("");
}

/** How to press a message's buttons from a shell: one ready-to-paste line per enabled button. */
export interface PressAs {
  /** The user the lines press as (`--user`); the CLI's default user needs none. */
  user?: string | undefined;
}

const shellWord = (w: string) => (/^[\w:.\-/=+@,]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`);

/** `npm run local -- --press <messageId> <customId>` for each enabled button of the message, after its label. */
export function pressLines(message: StoredMessage, as: PressAs = {}): string[] {
  const user = as.user && as.user !== "referee" ? ` --user ${shellWord(as.user)}` : "";
  const out: string[] = [];
  const walk = (c: JsonObject): void => {
    for (const x of list(c.components)) walk(o(x));
    if (c.accessory) walk(o(c.accessory));
    if (c.type === 2 && !c.url && c.disabled !== true && typeof c.custom_id === "string") {
      const label = [str(o(c.emoji).name), str(c.label)].filter(Boolean).join(" ");
      out.push(`  ${label}: npm run local --${user} --press ${message.id} ${shellWord(c.custom_id)}`);
    }
  };
  for (const c of message.components) walk(o(c));
  return out.length ? ["Press:", ...out] : [];
}

export function renderMessageText(message: StoredMessage, names?: Names, as?: PressAs): string {
  const raw = renderRaw(message);
  const press = as ? pressLines(message, as) : [];
  return withNames([raw, ...press].join("\n"), names);
}

function renderRaw(message: StoredMessage): string {
  const tags = [`message ${message.id}`];
  if (message.flags & 64) tags.push("ephemeral");
  if (message.flags & 128) tags.push("thinking…");
  if (message.edited_timestamp) tags.push("edited");
  if (message.deleted) tags.push("deleted");
  const lines = [`[${tags.join(" · ")}]`];
  if (message.content) lines.push(plainMarkup(message.content));
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
  if (e.title) out.push(...bar(`== ${plainMarkup(str(e.title))} ==`));
  if (e.description) out.push(...bar(plainMarkup(str(e.description))));
  for (const f of list(e.fields)) {
    const field = o(f);
    out.push(...bar(`${plainMarkup(str(field.name))}: ${plainMarkup(str(field.value))}`));
  }
  const footer = str(o(e.footer).text);
  if (footer) out.push(...bar(`— ${plainMarkup(footer)}`));
  return out;
}

function renderComponent(c: JsonObject): string[] {
  switch (c.type) {
    case 1: // action row
      return [
        list(c.components)
          .map((x) => renderInline(o(x)))
          .join("  "),
      ];
    case 10: // text display
      return [str(c.content)];
    case 9: // section
      return [
        ...list(c.components).flatMap((x) => renderComponent(o(x))),
        ...(c.accessory ? [renderInline(o(c.accessory))] : []),
      ];
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
    const options = list(c.options)
      .map((x) => str(o(x).value))
      .join(", ");
    return `[▾ ${str(c.placeholder) || "select"} ] (${str(c.custom_id)}${off})${options ? ` options: ${options}` : ""}`;
  }
  return `[component type ${str(c.type)}]`;
}
