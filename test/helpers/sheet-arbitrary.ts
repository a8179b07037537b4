/**
 * fast-check arbitraries for a system's sheet, read off its zod schema: each field gets values its
 * own schema accepts (numbers within its bounds, texts of its length with the typed format's
 * separators in them, its enum's words, lists of such), so the whole sheet is valid far more often
 * than random JSON would be. Texts never begin or end with a space and are never empty: the format
 * trims what is typed, and a blank field means "unchanged".
 */
import fc from "fast-check";
import type { z } from "zod";

type Def = {
  type: string;
  innerType?: SchemaNode;
  element?: SchemaNode;
  items?: SchemaNode[];
  shape?: Record<string, SchemaNode>;
  entries?: Record<string, string>;
  values?: unknown[];
  in?: SchemaNode;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[];
};
type SchemaNode = {
  def: Def;
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
  safeParse(v: unknown): { success: boolean };
};

/** Characters a user might type, the format's own separators and escape among them. */
const CHARS = fc.constantFrom(..."abcxyzABZ019 -|:/\\'.,=+éß龍");
/** Texts that fields with a pattern take (dice, hit dice, dice faces). */
const PATTERNED = [
  "1d6",
  "2d4+1",
  "1d8",
  "d6",
  "d8",
  "d10",
  "d12",
  "1d10-1",
  "3d6",
  "1",
  "4+1",
  "1-1",
  "1/2",
  "2",
  "12",
];

function text(node: SchemaNode): fc.Arbitrary<string> {
  const patterned = node.def.checks?.some((c) => c._zod.def.format === "regex");
  const min = Math.max(1, node.minLength ?? 1);
  const max = Math.min(node.maxLength ?? 30, 30);
  const free = fc
    .array(CHARS, { minLength: min, maxLength: Math.max(min, max) })
    .map((cs) => cs.join(""))
    .filter((s) => s === s.trim() && s.length > 0);
  return patterned ? fc.constantFrom(...PATTERNED) : free;
}

/** Values `node` accepts (a few may still be refused: they are filtered). */
export function valueFor(node: SchemaNode, depth = 0): fc.Arbitrary<unknown> {
  const d = node.def;
  switch (d.type) {
    case "optional":
      return fc.option(valueFor(d.innerType!, depth), { nil: undefined });
    case "default":
    case "prefault":
    case "nullable":
    case "readonly":
    case "catch":
      return valueFor(d.innerType!, depth);
    case "pipe":
      return valueFor(d.in!, depth);
    case "number":
    case "int": {
      const min = Math.max(node.minValue ?? -50, -10_000);
      const max = Math.min(node.maxValue ?? 50, 10_000);
      return fc.integer({ min, max });
    }
    case "boolean":
      return fc.boolean();
    case "string":
      return text(node);
    case "enum":
      return fc.constantFrom(...Object.values(d.entries!));
    case "literal":
      return fc.constantFrom(...d.values!);
    case "array":
      return fc.array(valueFor(d.element!, depth + 1), { maxLength: depth ? 3 : 4 });
    case "tuple":
      return fc.tuple(...d.items!.map((i) => valueFor(i, depth + 1)));
    case "object":
      return fc.record(Object.fromEntries(Object.entries(d.shape!).map(([k, v]) => [k, valueFor(v, depth)])), {
        requiredKeys: [],
      });
    default:
      return fc.constant(undefined);
  }
}

/** A field's values that its own schema accepts. */
const fieldValue = (node: SchemaNode) => valueFor(node).filter((v) => v === undefined || node.safeParse(v).success);

/** Whole sheets the schema accepts, as it outputs them (defaults filled, texts as it keeps them). */
export function validSheet(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  let top = schema as unknown as SchemaNode;
  while (top.def.type !== "object") top = (top.def.innerType ?? top.def.in)!;
  const fields = Object.fromEntries(Object.entries(top.def.shape!).map(([k, v]) => [k, fieldValue(v)]));
  return fc
    .record(fields, { requiredKeys: [] })
    .map((raw) => schema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined))))
    .filter((r) => r.success)
    .map((r) => r.data as Record<string, unknown>);
}
