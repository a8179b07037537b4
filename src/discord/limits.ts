/**
 * Every body the bot sends passes through here (see outgoing.ts): text is cut to
 * Discord's limits with an ellipsis, markdown that user text could use to hide a
 * link or break the layout is defused, and messages ping no one unless the bot
 * says so explicitly. Text is cut between graphemes (a letter with its accents, an
 * emoji sequence), never inside a surrogate pair. A custom id is never cut: one
 * over the limit is a programming error (src/discord/ids.ts) and is refused here too.
 */
import { ComponentType, InteractionResponseType } from "discord.js";

type Obj = Record<string, unknown>;

/** Discord's documented limits, in characters (code points). */
export const DISCORD_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  label: 80,
  customId: 100,
  placeholder: 150,
  selectOptions: 25,
  selectOption: 100,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  modalTitle: 45,
  inputLabel: 45,
  inputValue: 4000,
  url: 512,
} as const;

const ELLIPSIS = "…";

/**
 * A custom id as built, or an error naming it when it is longer than Discord takes: never cut. Counted in
 * UTF-16 units, as discord.js's builders count (never fewer than Discord's characters).
 */
export function checked(id: string): string {
  if (id.length > DISCORD_LIMITS.customId)
    throw new Error(`A custom id of ${id.length} characters (at most ${DISCORD_LIMITS.customId}): ${id.slice(0, 40)}…`);
  return id;
}

/** Graphemes as Node's built-in ICU splits them (a letter and its marks, a joined emoji, a flag). */
const graphemes = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;

/**
 * The longest start of `text` whose `size` is at most `room`, ending on a whole grapheme; a first grapheme
 * bigger than the room alone (a letter under a pile of marks) is cut between its code points.
 */
function startOf(text: string, room: number, size: (s: string) => number): string {
  let out = "";
  let used = 0;
  const parts: Iterable<string> = graphemes
    ? (function* () {
        for (const g of graphemes.segment(text)) yield g.segment;
      })()
    : text;
  for (const part of parts) {
    const n = size(part);
    if (used + n > room) {
      if (!out)
        for (const point of part)
          if (used + size(point) <= room) (out += point), (used += size(point));
          else break;
      break;
    }
    out += part;
    used += n;
  }
  return out;
}

/** At most `max` code points (as Discord counts), cut between graphemes; the last one an ellipsis when something was cut. */
export function fit(text: string, max: number, ellipsis = true): string {
  if (text.length <= max) return text; // never more code points than UTF-16 units: nothing to cut, nothing to count
  if (length(text) <= max) return text;
  return ellipsis ? startOf(text, max - 1, length) + ELLIPSIS : startOf(text, max, length);
}

/**
 * At most `max` UTF-16 units, cut between graphemes, ending in an ellipsis when something was cut: for text
 * given to discord.js's builders, which count a character outside the Basic Multilingual Plane as two.
 * Within Discord's own limit too (never more code points than units).
 */
export function clipUnits(text: string, max: number): string {
  if (text.length <= max) return text;
  return startOf(text, max - 1, (s) => s.length) + ELLIPSIS;
}

/** Code points, as Discord counts them (a surrogate pair is one), without building an array per string. */
export function length(text: unknown): number {
  if (typeof text !== "string") return 0;
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Markdown the bot itself never writes, neutralised wherever it appears: a masked
 * link `[text](url)` stays text, and headings, quotes, bullets, code fences and
 * spoilers cannot take over the layout. Backslash escapes render as the plain character.
 */
export function defuse(text: string): string {
  return text
    .replace(/\]\(/g, "]\\(")
    .replace(/^([ \t]*)(#{1,3}[ \t]|-#[ \t]|>|[-*+][ \t])/gm, "$1\\$2")
    .replace(/```/g, "\\`\\`\\`")
    .replace(/\|\|/g, "\\|\\|");
}

function text(v: unknown, max: number, blank = "\u200b"): string {
  const s = typeof v === "string" ? defuse(v) : v == null ? "" : String(v);
  return s.trim() ? fit(s, max) : blank;
}

function embed(e: Obj): Obj {
  const L = DISCORD_LIMITS;
  const out: Obj = { ...e };
  if (e.title != null) out.title = text(e.title, L.title);
  if (e.description != null) out.description = text(e.description, L.description);
  if (Array.isArray(e.fields)) {
    out.fields = (e.fields as Obj[])
      .slice(0, L.fields)
      .map((f) => ({ ...f, name: text(f.name, L.fieldName), value: text(f.value, L.fieldValue) }));
  }
  if (e.footer && typeof e.footer === "object")
    out.footer = { ...(e.footer as Obj), text: text((e.footer as Obj).text, L.footer) };
  if (e.author && typeof e.author === "object")
    out.author = { ...(e.author as Obj), name: text((e.author as Obj).name, L.author) };
  return out;
}

function embedLength(e: Obj): number {
  const fields = (e.fields as Obj[] | undefined) ?? [];
  return (
    length(e.title) +
    length(e.description) +
    length((e.footer as Obj | undefined)?.text) +
    length((e.author as Obj | undefined)?.name) +
    fields.reduce((n, f) => n + length(f.name) + length(f.value), 0)
  );
}

/** Keeps all embeds of a message within 6,000 characters together: last fields go first, then descriptions shrink. */
function fitTotal(embeds: Obj[]): Obj[] {
  const total = () => embeds.reduce((n, e) => n + embedLength(e), 0);
  for (let k = embeds.length - 1; k >= 0 && total() > DISCORD_LIMITS.embedTotal; k--) {
    const fields = [...((embeds[k]!.fields as Obj[] | undefined) ?? [])];
    while (fields.length && total() > DISCORD_LIMITS.embedTotal) {
      fields.pop();
      embeds[k] = { ...embeds[k]!, fields };
    }
  }
  for (let k = embeds.length - 1; k >= 0 && total() > DISCORD_LIMITS.embedTotal; k--) {
    const e = embeds[k]!;
    if (typeof e.description !== "string") continue;
    const room = Math.max(1, length(e.description) - (total() - DISCORD_LIMITS.embedTotal));
    embeds[k] = { ...e, description: fit(e.description, room) };
  }
  return embeds;
}

function component(c: Obj): Obj {
  const L = DISCORD_LIMITS;
  const out: Obj = { ...c };
  if (Array.isArray(c.components)) out.components = (c.components as Obj[]).map(component);
  if (typeof c.custom_id === "string") out.custom_id = checked(c.custom_id);
  const input = c.type === ComponentType.TextInput;
  if (typeof c.label === "string") out.label = text(c.label, input ? L.inputLabel : L.label, "—");
  if (typeof c.placeholder === "string") out.placeholder = fit(c.placeholder, input ? 100 : L.placeholder);
  if (typeof c.value === "string") out.value = fit(c.value, L.inputValue);
  if (typeof c.url === "string") out.url = fit(c.url, L.url, false);
  if (Array.isArray(c.options)) {
    out.options = (c.options as Obj[]).slice(0, L.selectOptions).map((o) => ({
      ...o,
      label: text(o.label, L.selectOption, "—"),
      value: fit(String(o.value ?? ""), L.selectOption, false),
      ...(typeof o.description === "string" ? { description: fit(o.description, L.selectOption) } : {}),
    }));
  }
  return out;
}

/** A message body (create, edit, reply, update, follow-up) within Discord's limits, pinging no one unless explicit. */
export function shapeMessage(body: Obj): Obj {
  const out: Obj = { ...body };
  if (typeof body.content === "string")
    out.content = body.content.trim() ? fit(defuse(body.content), DISCORD_LIMITS.content) : body.content;
  if (Array.isArray(body.embeds))
    out.embeds = fitTotal((body.embeds as Obj[]).slice(0, DISCORD_LIMITS.embeds).map(embed));
  if (Array.isArray(body.components)) out.components = (body.components as Obj[]).map(component);
  if (body.allowed_mentions == null) out.allowed_mentions = { parse: [] };
  return out;
}

/** Autocomplete choices: at most 25, names and string values within 100 characters. */
export function shapeChoices(choices: Obj[]): Obj[] {
  const L = DISCORD_LIMITS;
  return choices.slice(0, L.choices).map((c) => ({
    ...c,
    name: text(c.name, L.choiceName, "—"),
    value: typeof c.value === "string" ? fit(c.value, L.choiceValue, false) : c.value,
  }));
}

/** A modal: title within 45 characters, its inputs within theirs. */
export function shapeModal(data: Obj): Obj {
  const out: Obj = { ...data, title: text(data.title, DISCORD_LIMITS.modalTitle, "—") };
  if (typeof data.custom_id === "string") out.custom_id = checked(data.custom_id);
  if (Array.isArray(data.components)) out.components = (data.components as Obj[]).map(component);
  return out;
}

/** An interaction callback body: the message, choices or modal it carries, shaped. */
export function shapeCallback(body: Obj): Obj {
  const data = body.data as Obj | undefined;
  if (!data) return body;
  switch (body.type) {
    case InteractionResponseType.ChannelMessageWithSource:
    case InteractionResponseType.UpdateMessage:
      return { ...body, data: shapeMessage(data) };
    case InteractionResponseType.ApplicationCommandAutocompleteResult:
      return { ...body, data: { ...data, choices: shapeChoices((data.choices as Obj[] | undefined) ?? []) } };
    case InteractionResponseType.Modal:
      return { ...body, data: shapeModal(data) };
    default:
      return body;
  }
}
