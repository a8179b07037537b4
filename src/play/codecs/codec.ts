/**
 * How a JSON column is read and written: one codec per column, with a version.
 *
 * The version rides in the stored text as `v`:
 * - a column holding an object keeps it as its first key: `{"v":1,"conditions":[]}`;
 * - a column holding a list, a number or a map keyed by ids wraps it: `{"v":1,"order":[["a"]]}`.
 * A row with no `v` (written before codecs, or by a column's default such as "[]" or "{}") is
 * version 0: the codec's upgrade reads it. Decoding strips `v`, so rules and players never see it.
 *
 * An object column whose inside another owns (a rule system's sheet or state) may carry that owner's version
 * too, as `sv` beside `v` (`{"v":1,"sv":1,"life":10}`), written only when it is above 0: a row without it is
 * the owner's version 0. On read the codec's own upgrade runs first, then the owner's, then the check; a row
 * at both current versions (every row but the first read of an old one) goes straight to the check.
 *
 * Checks are plain code where a column is read on every /roll, /attack or press (sheets,
 * states, a stream's state, a pending attack): they look at the envelope and the few fields
 * play relies on, and leave a system's own data to the system. zod checks the small rest.
 */
import type { z } from "zod";

/** A stored value this release cannot read: a bug or a damaged row, never a player's mistake. */
export class StoredValueError extends Error {
  constructor(
    readonly column: string,
    reason: string,
  ) {
    super(`${column} holds a value this release cannot read: ${reason}`);
    this.name = "StoredValueError";
  }
}

export interface Codec<T> {
  /** "Encounter.order": named in errors. */
  readonly column: string;
  /** The version encode writes. */
  readonly version: number;
  decode(text: string): T;
  encode(value: T): string;
}

/** The version of what an owner keeps inside a column, and how it reads an older one (src/rules/systems/contract/sheet.ts). */
export interface Owned {
  readonly version: number;
  /** The value at `version`, from what a row at `from` holds (the codec's envelope already upgraded and stripped). */
  upgrade(raw: Record<string, unknown>, from: number): Record<string, unknown>;
}

interface Spec<T> {
  column: string;
  version: number;
  /** Wraps the value under this key (lists, numbers, maps keyed by ids); absent: `v` sits inside the object. */
  key?: string;
  /** The value as the current version writes it, from what an older row holds (`from` 0: a row with no `v`). Default: as it is. */
  upgrade?: (raw: unknown, from: number) => unknown;
  /** Checks the current version's value and returns it typed; throws a plain Error whose message says what is wrong. */
  check: (value: unknown) => T;
  /** The value as it is written (default: as it is), so that what is written reads back. */
  written?: (value: T) => T;
  /** The version of what the value's owner keeps inside it (object columns only), stored as `sv`. */
  owned?: Owned;
}

export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export function codec<T>(spec: Spec<T>): Codec<T> {
  const { column, version, key, owned } = spec;
  const ownVersion = owned?.version ?? 0;
  const fail = (reason: string): never => {
    throw new StoredValueError(column, reason);
  };
  return {
    column,
    version,
    decode(text) {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        return fail(`not JSON (${(err as Error).message})`);
      }
      let from = 0;
      let ownFrom = 0;
      let value = raw;
      if (isObject(raw) && typeof raw.v === "number") {
        from = raw.v;
        if (!Number.isInteger(from) || from < 1) return fail(`version ${from} is not a version`);
        if (from > version) return fail(`version ${from} is newer than this release reads (${version})`);
        if (key !== undefined) {
          if (!(key in raw)) return fail(`version ${from} has no "${key}"`);
          value = raw[key];
        } else if (owned) {
          const { v: _v, sv, ...rest } = raw;
          value = rest;
          if (sv !== undefined) {
            if (typeof sv !== "number" || !Number.isInteger(sv) || sv < 1)
              return fail(`its system's version ${describe(sv)} is not a version`);
            if (sv > ownVersion)
              return fail(`its system's version ${sv} is newer than this release reads (${ownVersion})`);
            ownFrom = sv;
          }
        } else {
          const { v: _v, ...rest } = raw;
          value = rest;
        }
      }
      if (from < version && spec.upgrade) value = spec.upgrade(value, from);
      try {
        if (owned && ownFrom < ownVersion && isObject(value)) value = owned.upgrade(value, ownFrom);
        return spec.check(value);
      } catch (err) {
        return fail(err instanceof StoredValueError ? err.message : (err as Error).message);
      }
    },
    encode(given) {
      const value = spec.written ? spec.written(given) : given;
      if (key !== undefined) return JSON.stringify({ v: version, [key]: value });
      if (!isObject(value)) return fail("only an object can be written to this column");
      // `v` (and `sv`) first for whoever reads the row, and the codec's own even if the value carried one.
      if (ownVersion > 0)
        return JSON.stringify(Object.assign({ v: version, sv: ownVersion }, value, { v: version, sv: ownVersion }));
      if (owned && "sv" in value) {
        const { sv: _sv, ...rest } = value;
        return JSON.stringify(Object.assign({ v: version }, rest, { v: version }));
      }
      return JSON.stringify(Object.assign({ v: version }, value, { v: version }));
    },
  };
}

/** A check by a zod schema, for the small columns off the hot path. */
export function bySchema<S extends z.ZodType>(schema: S): (value: unknown) => z.output<S> {
  return (value) => {
    const r = schema.safeParse(value);
    if (!r.success)
      throw new Error(
        r.error.issues.map((i) => `${i.path.length ? i.path.join(".") : "the value"}: ${i.message}`).join("; "),
      );
    return r.data;
  };
}

/** A plain object (a sheet, a system's options): its inside is checked by whoever owns it. */
export function plainObject(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new Error(`expected an object, found ${describe(value)}`);
  return value;
}

export function stringList(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((x) => typeof x === "string"))
    throw new Error(`${what} is not a list of words (${describe(value)})`);
  return value;
}

export const describe = (x: unknown): string =>
  x === null
    ? "null"
    : Array.isArray(x)
      ? "a list"
      : typeof x === "object"
        ? "an object"
        : `${typeof x} ${JSON.stringify(x)?.slice(0, 40)}`;
