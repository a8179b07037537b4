/**
 * What a user types as a sheet, made into the object a system's zod schema
 * validates. Accepts JSON, or `key=value` pairs (keys case-insensitive, any
 * unique prefix: `dex=2`); lists with `|` (`languages=Elvish|Orcish`); list
 * items that are objects by position with `:` (`weapons=sword:1d8|bow:1d6:ranged`).
 * Errors name the field and say the allowed values.
 */
import type { z } from "zod";
import type { SheetFormWords } from "../rules/systems/types.js";
import { UserError } from "./errors.js";
import { nearestNames, orList } from "./nearest.js";
import { plainObject } from "./codecs/codec.js";
import { isReadable, readReadable, unwrapDef, writeReadable, type Schema as ReadableSchema } from "./readable.js";

type AnyDef = {
  type: string;
  innerType?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  in?: Schema;
  schema?: Schema;
};
type Schema = { def: AnyDef } & Partial<{
  shape: Record<string, Schema>;
  safeParse: (v: unknown) => { success: boolean; data?: unknown };
}>;

const unwrap = (s: Schema | undefined): Schema | undefined => unwrapDef(s);

/** The object shape of a system's sheet schema. */
export function shapeOf(schema: z.ZodType): Record<string, Schema> {
  const s = unwrap(schema);
  const shape = s?.def.shape ?? s?.shape;
  if (!shape) throw new Error("sheet schema is not an object");
  return shape;
}

/**
 * The typed format's separators: a field's list with `|`, a list item's fields by position with `:`,
 * and a list inside an item (a weapon's ranges or tags) with `/`. Inside a list, a separator or a
 * backslash that is part of a value is written with a backslash before it (`\:`), and a lone `-`
 * (which alone means "no items") as `\-`; a field's own text outside any list is taken as typed.
 */
const LIST_SEPS = ["|", "/"] as const;
interface Nesting {
  /** How many lists the value is inside (picks the next list's separator). */
  lists: number;
  /** The separators of the lists and items the value is inside, which its text must escape. */
  active: string[];
}
const TOP: Nesting = { lists: 0, active: [] };

/** Splits on `sep` where it is not escaped, keeping the escapes for the parts. */
function splitUnescaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\\" && i + 1 < text.length) {
      cur += ch + text[++i];
    } else if (ch === sep) {
      parts.push(cur);
      cur = "";
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

const unescapeText = (text: string): string => text.replace(/\\(.)/gsu, "$1");
const escapeText = (text: string, active: string[]): string =>
  [...text].map((ch) => (ch === "\\" || active.includes(ch) ? `\\${ch}` : ch)).join("");

/** The schema of a list's `i`th item (a tuple's own, or the list's element). */
function itemOf(list: Schema, i: number): Schema | undefined {
  const d = list.def as AnyDef & { items?: Schema[] };
  return d.type === "tuple" ? d.items?.[i] : d.element;
}
const isList = (t: string | undefined) => t === "array" || t === "tuple";

function coerce(raw: string, field: Schema | undefined, at: Nesting = TOP): unknown {
  const f = unwrap(field);
  const t = f?.def.type;
  const v = raw.trim();
  if (isList(t) && at.lists < LIST_SEPS.length) {
    const sep = LIST_SEPS[at.lists]!;
    if (v === "" || v === "-") return [];
    const inner = { lists: at.lists + 1, active: [...at.active, sep] };
    return splitUnescaped(v, sep).map((item, i) => coerce(item, itemOf(f!, i), inner));
  }
  if (t === "object") {
    // A list item in words (`spear 1d6 reach`), or by position (`spear:1d6:melee`).
    if (at.lists > 0 && isReadable(v)) return readReadable(unescapeText(v), f!.def.shape ?? {});
    const keys = Object.keys(f!.def.shape ?? {});
    const obj: Record<string, unknown> = {};
    const inner = { lists: at.lists, active: [...at.active, ":"] };
    splitUnescaped(v, ":").forEach((p, i) => {
      const k = keys[i];
      if (k && p.trim() !== "") obj[k] = coerce(p, f!.def.shape![k], inner);
    });
    return obj;
  }
  const text = at.active.length ? unescapeText(v) : v;
  if (t === "boolean") {
    if (/^(yes|true|on|y|1)$/i.test(text)) return true;
    if (/^(no|false|off|n|0)$/i.test(text)) return false;
    return text;
  }
  if (t === "number" || t === "int") return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text;
}

/** Splits `a=1, b="two words" c=3` into pairs, each with the `=` or `:` it was written with. */
export function splitPairs(text: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  const re = /([A-Za-z][\w.]*)\s*([=:])\s*("([^"]*)"|[^,;\n\s]+(?:\s+(?![A-Za-z][\w.]*\s*[=:])[^,;\n\s=]+)*)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    out.push([m[1]!, m[4] ?? m[3]!, m[2]!]);
  }
  const leftover = text.replace(re, "").replace(/[\s,;]+/g, "");
  if (leftover)
    throw new UserError(
      `I could not read "${leftover.slice(0, 40)}" in the sheet: write it as key=value pairs, e.g. \`body=2 dexterity=1 hp=8\`.`,
    );
  return out;
}

/** Parses the typed sheet into a plain object keyed by the schema's field names (not yet validated). */
export function readSheetInput(text: string, schema: z.ZodType): Record<string, unknown> {
  const t = text.trim();
  if (!t) return {};
  if (t.startsWith("{")) {
    try {
      return plainObject(JSON.parse(t));
    } catch {
      throw new UserError(
        "The sheet looks like JSON but is not valid JSON: check the quotes and commas, or write key=value pairs instead.",
      );
    }
  }
  const shape = shapeOf(schema);
  const keys = Object.keys(shape);
  const out: Record<string, unknown> = {};
  let before: { key: string; value: string } | null = null;
  for (const [rawKey, value, sep] of splitPairs(t)) {
    const k = rawKey.toLowerCase();
    const exact = keys.find((x) => x.toLowerCase() === k);
    const byPrefix = keys.filter((x) => x.toLowerCase().startsWith(k));
    const key = exact ?? (byPrefix.length === 1 ? byPrefix[0] : undefined);
    if (!key && sep === ":" && before) {
      // `weapons=battle axe:1d8`: the word before the ":" was read as a field's name.
      throw new UserError(
        `"${rawKey}" is not a field of this system's sheet: after a space, "${rawKey}:" starts a new field, so ${before.key} stopped at "${before.value}". ` +
          `Write the item in words, without ":" (\`${before.key}=${before.value} ${rawKey} ${value.replace(/:+/g, " ").trim()}\`), or put the whole value in quotes (\`${before.key}="${before.value} ${rawKey}:${value}"\`).`,
      );
    }
    if (!key) {
      // "st" begins several fields; "strr" is a slip for one: name those, else every field.
      const near = byPrefix.length > 1 ? byPrefix : nearestNames(rawKey, keys);
      const hint = near.length ? `did you mean ${orList(near)}?` : `the fields are ${keys.join(", ")}.`;
      throw new UserError(`"${rawKey}" is not a field of this system's sheet: ${hint}`);
    }
    out[key] = coerce(value, shape[key]);
    before = { key, value };
  }
  return out;
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) v = v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** ["weapons", 1, "kind"] → `weapons, the 2nd ("sling"), kind`: a list item by its place and its name. */
function pathWords(input: unknown, path: readonly PropertyKey[]): string {
  return path
    .map((k, n) => {
      if (typeof k !== "number") return String(k);
      const name = (valueAt(input, [...path.slice(0, n), k]) as { name?: unknown } | undefined)?.name;
      return `the ${ordinal(k + 1)}${typeof name === "string" && name ? ` ("${name}")` : ""}`;
    })
    .join(", ");
}

/** Validates with the system's schema; a failure names each bad field and what it allows. */
export function validateSheet<T>(schema: z.ZodType<T>, input: unknown): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const lines = r.error.issues.slice(0, 8).map((i) => {
    const path = pathWords(input, i.path);
    const got = valueAt(input, i.path);
    const shown = typeof got === "string" || typeof got === "number" ? ` (got "${got}")` : "";
    return path && !i.message.toLowerCase().startsWith(String(i.path[0]).toLowerCase())
      ? `• ${path}: ${i.message}${shown}`
      : `• ${i.message}${shown}`;
  });
  throw new UserError(`The sheet has a problem, nothing was saved:\n${lines.join("\n")}`);
}

/** The fields a sheet takes, for help text: `body, dexterity, …`. */
export function sheetFields(schema: z.ZodType): string[] {
  return Object.keys(shapeOf(schema));
}

/** A short sheet to copy: the system's numeric fields with their defaults ("body=0 … hp=6"), first `max` of them. */
export function sheetTemplate(schema: z.ZodType, max = 8): string {
  const d = schema.safeParse({});
  if (!d.success) return "";
  const data = d.data as Record<string, unknown>;
  return sheetFields(schema)
    .filter((k) => typeof data[k] === "number")
    .slice(0, max)
    .map((k) => `${k}=${data[k]}`)
    .join(" ");
}

/** One field of a sheet as a form shows it: its key, its label and what to type in the system's words, and its current value typed back. */
export interface FormField {
  key: string;
  label: string;
  /** What to type, with an example. */
  example: string;
  /** What a blank gives on a new sheet ("rolled 3d6", "10", "none"). */
  blank: string;
  value: string;
}

/** What a field takes, in a few words ("a whole number", "name:damage:mode|…", "one of a, b"). */
export function fieldHint(field: Schema | undefined): string {
  const f = unwrap(field);
  const d = f?.def as (AnyDef & { entries?: Record<string, string>; values?: unknown[] }) | undefined;
  const t = d?.type;
  if (t === "number" || t === "int") return "a number";
  if (t === "boolean") return "yes or no";
  if (t === "enum" && d?.entries) return `one of ${Object.values(d.entries).join(", ")}`;
  if (t === "literal" && d?.values) return `${d.values.join(" or ")}`;
  if (t === "array") {
    const el = unwrap(d!.element);
    const inner = el?.def.type === "object" ? Object.keys(el.def.shape ?? {}).join(":") : fieldHint(el);
    const nested =
      el?.def.type === "object" && Object.values(el.def.shape ?? {}).some((x) => isList(unwrap(x)?.def.type));
    return `${inner}|… (a list with |${nested ? ", inside an item with /" : ""})`;
  }
  if (t === "object") return Object.keys(d!.shape ?? {}).join(":");
  return "text";
}

/** Whether the field, left blank, is the empty list. */
function emptyByDefault(field: Schema | undefined): boolean {
  for (let cur = field, i = 0; cur && i < 10; i++) {
    const d = cur.def as AnyDef & { defaultValue?: unknown };
    if (d.type === "default" || d.type === "prefault")
      return Array.isArray(d.defaultValue) && d.defaultValue.length === 0;
    if (d.type === "optional" || d.type === "nullable") return false;
    cur = d.innerType ?? d.in;
  }
  return false;
}

/** A stored value typed back as the key=value syntax reads it (lists with | and /, objects by position with :). */
export function typedBack(value: unknown, field: Schema | undefined, at: Nesting = TOP): string {
  if (value === undefined || value === null) return "";
  const f = unwrap(field);
  if (Array.isArray(value) && at.lists < LIST_SEPS.length) {
    const sep = LIST_SEPS[at.lists]!;
    const inner = { lists: at.lists + 1, active: [...at.active, sep] };
    // A blank says "the default" (a form's blank field: "unchanged"): an empty list that is not the default says "-".
    if (!value.length) return emptyByDefault(field) ? "" : "-";
    const text = value.map((v, i) => typedBack(v, f ? itemOf(f, i) : undefined, inner)).join(sep);
    return text === "-" ? "\\-" : text;
  }
  if (typeof value === "object") {
    const words =
      at.lists > 0 && field?.safeParse
        ? writeReadable(value as Record<string, unknown>, field as ReadableSchema)
        : null;
    if (words && !/[|\\]/.test(words)) return words;
    const keys = Object.keys(f?.def.shape ?? value);
    const inner = { lists: at.lists, active: [...at.active, ":"] };
    const parts = keys.map((k) => typedBack((value as Record<string, unknown>)[k], f?.def.shape?.[k], inner));
    while (parts.length && parts[parts.length - 1] === "") parts.pop();
    return parts.join(":");
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return at.active.length ? escapeText(String(value), at.active) : String(value);
}

/** What a blank field gives on a new sheet, from the schema: its default, or nothing. */
function blankOf(schema: z.ZodType, key: string, field: Schema | undefined): string {
  const d = schema.safeParse({});
  const v = d.success ? (d.data as Record<string, unknown>)[key] : undefined;
  if (v === undefined || (Array.isArray(v) && !v.length)) return isList(unwrap(field)?.def.type) ? "none" : "optional";
  return typedBack(v, field) || "none";
}

/**
 * Every field of a sheet's form in the system's order, labelled in its words (`words`), with the current values
 * (a new sheet: empty). A schema field the words leave out is on the form only when the sheet has it set (not its default).
 */
export function formFields(
  schema: z.ZodType,
  words: SheetFormWords,
  current: Record<string, unknown> = {},
): FormField[] {
  const shape = shapeOf(schema);
  const listed = Object.keys(words).filter((k) => k in shape);
  const d = schema.safeParse({});
  const dflt = (d.success ? d.data : {}) as Record<string, unknown>;
  const editing = Object.keys(current).length > 0;
  const extra = Object.keys(shape).filter(
    (k) => editing && !(k in words) && typedBack(current[k], shape[k]) !== typedBack(dflt[k], shape[k]),
  );
  // A default derived from other fields (a monster's BtH from its level) may differ from the sheet's: that field too.
  if (editing) {
    const shown = [...listed, ...extra];
    const back = schema.safeParse(
      readFormValues(Object.fromEntries(shown.map((k) => [k, typedBack(current[k], shape[k])])), schema),
    );
    const data = (back.success ? back.data : {}) as Record<string, unknown>;
    for (const k of Object.keys(shape))
      if (!shown.includes(k) && typedBack(data[k], shape[k]) !== typedBack(current[k], shape[k])) extra.push(k);
  }
  return [...listed, ...extra].map((key) => {
    const f = shape[key];
    const w = words[key];
    return {
      key,
      label: w?.label ?? key,
      example: w?.example ?? fieldHint(f),
      blank: w?.blank ?? blankOf(schema, key, f),
      value: typedBack(current[key], f),
    };
  });
}

/** Values typed in a form, by field key: blank ones are left out (unchanged), the rest read as the key=value syntax reads them. */
export function readFormValues(values: Record<string, string>, schema: z.ZodType): Record<string, unknown> {
  const shape = shapeOf(schema);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (!(k in shape)) throw new UserError(`"${k}" is not a field of this system's sheet.`);
    if (v.trim() !== "") out[k] = coerce(v, shape[k]);
  }
  return out;
}
