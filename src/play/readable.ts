/**
 * A list item written in words rather than by position: `spear 1d6 reach`, `crossbow 1d6 missile 80/160/240`,
 * `sword 1d8 +1 silver`. The words before the damage dice (or before the first word the item knows) are its
 * name; after them, each word says what differs from the item's defaults:
 * - dice (`1d6`, `d8`, `2d4+1`): the first text field after the name (the damage);
 * - a value one of its choices takes (`missile`, `reach`): that field, or that list (tags);
 * - a yes-or-no field's name (`silver`, `two-handed`): yes; `un` before it (`untrained`): no;
 * - a field's name and a value (`range 30`, `enchantment burning`): that field;
 * - numbers with `/` (`80/160/240`): the first list of numbers (a weapon's ranges);
 * - `+1`: the magic or bonus field; a bare number: the first number field not yet given;
 * - any other word: a tag, when the item has a list of free words.
 * The positional form (`spear:1d6:melee`) is still read; an item with a `:` is read that way.
 */
import { UserError } from "./errors.js";

type Def = {
  type: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  items?: Schema[];
  shape?: Record<string, Schema>;
  entries?: Record<string, string>;
  defaultValue?: unknown;
};
export type Schema = { def: Def; safeParse?: (v: unknown) => { success: boolean; data?: unknown } };

/** A zod schema with its wrappers (optional, default, nullable, pipe…) taken off: the field itself. */
export function unwrapDef<S extends { def: { type: string; innerType?: S | undefined; in?: S | undefined } }>(
  s: S | undefined,
): S | undefined {
  let cur = s;
  for (let i = 0; cur && i < 10; i++) {
    const d = cur.def;
    if (
      d.type === "optional" ||
      d.type === "default" ||
      d.type === "nullable" ||
      d.type === "prefault" ||
      d.type === "readonly" ||
      d.type === "catch"
    )
      cur = d.innerType;
    else if (d.type === "pipe") cur = d.in;
    else return cur;
  }
  return cur;
}

const DICE = /^\d*d\d+([+-]\d+)?$/i;
const norm = (w: string) => w.toLowerCase().replace(/[-_\s]/g, "");
const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const typeOf = (s: Schema | undefined) => unwrapDef(s)?.def.type;
const enumValues = (s: Schema | undefined): string[] => {
  const u = unwrapDef(s);
  return u?.def.type === "enum" && u.def.entries ? Object.values(u.def.entries) : [];
};
const listEl = (s: Schema | undefined): Schema | undefined => {
  const u = unwrapDef(s);
  return u?.def.type === "array" ? u.def.element : undefined;
};
const isNumberList = (s: Schema | undefined): boolean => {
  const u = unwrapDef(s);
  if (u?.def.type === "tuple") return (u.def.items ?? []).every((x) => ["number", "int"].includes(typeOf(x) ?? ""));
  return u?.def.type === "array" && ["number", "int"].includes(typeOf(u.def.element) ?? "");
};
const isNumber = (s: Schema | undefined) => ["number", "int"].includes(typeOf(s) ?? "");
const BONUS = /^(magic|bonus)$/i;

/** Whether a list item's text is in words (spaces, no `:` outside escapes). */
export function isReadable(text: string): boolean {
  if (!/\s/.test(text.trim())) return false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === ":") return false;
  }
  return true;
}

/** What one word of an item sets, or null when it is not a value the item knows. */
function wordSets(
  word: string,
  next: string | undefined,
  shape: Record<string, Schema>,
  keys: string[],
  got: Record<string, unknown>,
): { key: string; value: unknown; used: number } | null {
  const w = word.toLowerCase();
  if (DICE.test(word)) {
    const key = keys.slice(1).find((k) => typeOf(shape[k]) === "string" && got[k] === undefined);
    if (key) return { key, value: word.toLowerCase(), used: 1 };
  }
  for (const k of keys.slice(1)) {
    if (enumValues(shape[k]).includes(w)) return { key: k, value: w, used: 1 };
    if (enumValues(listEl(shape[k])).includes(w))
      return { key: k, value: [...((got[k] as unknown[]) ?? []), w], used: 1 };
    if (typeOf(shape[k]) === "boolean") {
      if (norm(word) === norm(k)) return { key: k, value: true, used: 1 };
      if (norm(word) === `un${norm(k)}` || norm(word) === `not${norm(k)}`) return { key: k, value: false, used: 1 };
    }
    if (norm(word) === norm(k) && next !== undefined && typeOf(shape[k]) !== "boolean") {
      return { key: k, value: isNumber(shape[k]) && /^[+-]?\d+$/.test(next) ? Number(next) : next, used: 2 };
    }
  }
  if (/^\d+(\/\d+)+$/.test(word)) {
    const key = keys.slice(1).find((k) => isNumberList(shape[k]));
    if (key) return { key, value: word.split("/").map(Number), used: 1 };
  }
  if (/^[+-]\d+$/.test(word)) {
    const key = keys.slice(1).find((k) => BONUS.test(k) && isNumber(shape[k]));
    if (key) return { key, value: Number(word), used: 1 };
  }
  if (/^\d+$/.test(word)) {
    const key = keys.slice(1).find((k) => isNumber(shape[k]) && got[k] === undefined);
    if (key) return { key, value: Number(word), used: 1 };
  }
  return null;
}

/** The list of free words an item has (a weapon's tags), if any. */
const freeWords = (shape: Record<string, Schema>, keys: string[]) =>
  keys.slice(1).find((k) => typeOf(listEl(shape[k])) === "string");

/** Reads an item in words into its fields (not yet validated). `what` names the item in errors ("a weapon"). */
export function readReadable(text: string, shape: Record<string, Schema>): Record<string, unknown> {
  const keys = Object.keys(shape);
  const words = text.trim().split(/\s+/);
  const out: Record<string, unknown> = {};
  // The name: the words before the dice, or before the first word the item knows (at least one).
  let start = words.findIndex((w) => DICE.test(w));
  if (start < 1) {
    start = 1;
    while (start < words.length && !wordSets(words[start]!, words[start + 1], shape, keys, {})) start++;
  }
  out[keys[0]!] = words.slice(0, start).join(" ");
  const tags = freeWords(shape, keys);
  for (let i = start; i < words.length; ) {
    const set = wordSets(words[i]!, words[i + 1], shape, keys, out);
    if (set) {
      out[set.key] = set.value;
      i += set.used;
      continue;
    }
    if (!tags) {
      const known = keys.slice(1).map(kebab).join(", ");
      throw new UserError(
        `"${words[i]}" in "${text.trim()}" is not a value this item takes: after the name come its ${known}, e.g. \`${keys[0]} 1d6\`.`,
      );
    }
    out[tags] = [...((out[tags] as unknown[]) ?? []), words[i]!];
    i++;
  }
  return out;
}

/** An item in words, naming only what differs from its defaults; null when the words would not read back the same. */
export function writeReadable(value: Record<string, unknown>, item: Schema): string | null {
  const shape = unwrapDef(item)?.def.shape;
  if (!shape || !item.safeParse) return null;
  const keys = Object.keys(shape);
  const name = value[keys[0]!];
  if (typeof name !== "string" || !name || /[|/\\:]/.test(name)) return null;
  const base = item.safeParse({ [keys[0]!]: name });
  const dflt = (base.success ? base.data : {}) as Record<string, unknown>;
  const parts = [name];
  const tags = freeWords(shape, keys);
  for (const k of keys.slice(1)) {
    const v = value[k];
    const same = JSON.stringify(v) === JSON.stringify(dflt[k]);
    const t = typeOf(shape[k]);
    if (t === "string" && typeof v === "string" && DICE.test(v)) parts.push(v);
    else if (v === undefined || same) continue;
    else if (t === "boolean") parts.push(v ? kebab(k) : `un${k}`);
    else if (t === "enum") parts.push(String(v));
    else if (Array.isArray(v) && isNumberList(shape[k])) parts.push(v.join("/"));
    else if (Array.isArray(v) && (k === tags || enumValues(listEl(shape[k])).length)) parts.push(...v.map(String));
    else if (typeof v === "number" && BONUS.test(k) && v > 0) parts.push(`+${v}`);
    else parts.push(kebab(k), String(v));
  }
  const text = parts.join(" ");
  if (!isReadable(text)) return null;
  try {
    const back = item.safeParse(readReadable(text, shape));
    return back.success && JSON.stringify(back.data) === JSON.stringify(item.safeParse(value).data) ? text : null;
  } catch {
    return null;
  }
}
