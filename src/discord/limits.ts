/**
 * Every body the bot sends passes through here (see outgoing.ts): text is cut to
 * Discord's limits with an ellipsis, markdown that user text could use to hide a
 * link or break the layout is defused, and messages ping no one unless the bot
 * says so explicitly.
 */
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

/** At most `max` code points; the last one an ellipsis when something was cut. */
export function fit(text: string, max: number, ellipsis = true): string {
  if (text.length <= max) return text; // never more code points than UTF-16 units: nothing to cut, nothing to count
  const points = Array.from(text);
  if (points.length <= max) return text;
  return ellipsis ? points.slice(0, max - 1).join("") + ELLIPSIS : points.slice(0, max).join("");
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
    out.fields = (e.fields as Obj[]).slice(0, L.fields).map((f) => ({ ...f, name: text(f.name, L.fieldName), value: text(f.value, L.fieldValue) }));
  }
  if (e.footer && typeof e.footer === "object") out.footer = { ...(e.footer as Obj), text: text((e.footer as Obj).text, L.footer) };
  if (e.author && typeof e.author === "object") out.author = { ...(e.author as Obj), name: text((e.author as Obj).name, L.author) };
  return out;
}

function embedLength(e: Obj): number {
  const fields = (e.fields as Obj[] | undefined) ?? [];
  return length(e.title) + length(e.description) + length((e.footer as Obj | undefined)?.text) + length((e.author as Obj | undefined)?.name) + fields.reduce((n, f) => n + length(f.name) + length(f.value), 0);
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
  if (typeof c.custom_id === "string") out.custom_id = fit(c.custom_id, L.customId, false);
  if (typeof c.label === "string") out.label = text(c.label, c.type === 4 ? L.inputLabel : L.label, "—");
  if (typeof c.placeholder === "string") out.placeholder = fit(c.placeholder, c.type === 4 ? 100 : L.placeholder);
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
  if (typeof body.content === "string") out.content = body.content.trim() ? fit(defuse(body.content), DISCORD_LIMITS.content) : body.content;
  if (Array.isArray(body.embeds)) out.embeds = fitTotal((body.embeds as Obj[]).slice(0, DISCORD_LIMITS.embeds).map(embed));
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
  if (typeof data.custom_id === "string") out.custom_id = fit(data.custom_id, DISCORD_LIMITS.customId, false);
  if (Array.isArray(data.components)) out.components = (data.components as Obj[]).map(component);
  return out;
}

/** An interaction callback body: the message, choices or modal it carries, shaped. */
export function shapeCallback(body: Obj): Obj {
  const data = body.data as Obj | undefined;
  if (!data) return body;
  switch (body.type) {
    case 4:
    case 7:
      return { ...body, data: shapeMessage(data) };
    case 8:
      return { ...body, data: { ...data, choices: shapeChoices((data.choices as Obj[] | undefined) ?? []) } };
    case 9:
      return { ...body, data: shapeModal(data) };
    default:
      return body;
  }
}
