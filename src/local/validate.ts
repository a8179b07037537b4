// Validation of request bodies against Discord's own OpenAPI description
// (../shared/discord/openapi.json). Schemas are compiled lazily per operation
// and cached per spec file, so many LocalDiscord instances share them.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ValidateFunction, ErrorObject } from "ajv";
import type { Json, Logger } from "./types.js";

// ajv and ajv-formats are CommonJS: under NodeNext their default import is the module object, and each
// sets its `default` to the export itself (so `.default` is the class or plugin however it was loaded).
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

/**
 * The project's shared copy (../shared/discord/openapi.json) when it sits beside
 * the repository, else the copy kept here (same file, MIT licence, Discord's
 * public spec repository, snapshot of 2026-07-18) so a clone elsewhere still validates.
 */
export const DEFAULT_SPEC_PATH =
  [
    fileURLToPath(new URL("../../../shared/discord/openapi.json", import.meta.url)),
    fileURLToPath(new URL("./discord-openapi.json", import.meta.url)),
  ].find((p) => existsSync(p)) ?? fileURLToPath(new URL("./discord-openapi.json", import.meta.url));

const SPEC_ID = "https://local-discord/openapi.json";

export interface SchemaError {
  instancePath: string;
  message: string;
  keyword: string;
  params: unknown;
}

interface Spec {
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } }>
  >;
  components: { schemas: Record<string, unknown> };
}

/** Rewrite local `#/components/...` refs so they point into the spec schema added under SPEC_ID. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) {
      out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/") ? SPEC_ID + v : rebase(v);
    }
    return out;
  }
  return schema;
}

export class SpecValidator {
  private static readonly cache = new Map<string, SpecValidator>();
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly bodies = new Map<string, unknown>();
  private readonly compiled = new Map<string, ValidateFunction[]>();

  private constructor(spec: Spec) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    for (const f of ["snowflake", "nonce", "int32", "int64", "double", "float"]) {
      if (!this.ajv.formats[f]) this.ajv.addFormat(f, true);
    }
    this.ajv.addSchema({ $id: SPEC_ID, components: spec.components });
    for (const methods of Object.values(spec.paths)) {
      for (const op of Object.values(methods)) {
        const schema = op?.requestBody?.content?.["application/json"]?.schema;
        if (op?.operationId && schema) this.bodies.set(op.operationId, schema);
      }
    }
  }

  /** Load (once per path) the spec; null, with a logged note, if the file is missing or unreadable. */
  static load(
    path: string = process.env.DISCORD_OPENAPI ?? DEFAULT_SPEC_PATH,
    log: Logger = () => {},
  ): SpecValidator | null {
    const cached = SpecValidator.cache.get(path);
    if (cached) return cached;
    if (!existsSync(path)) {
      log(`validation off: Discord's OpenAPI spec not found at ${path}`);
      return null;
    }
    try {
      const v = new SpecValidator(JSON.parse(readFileSync(path, "utf8")) as Spec);
      SpecValidator.cache.set(path, v);
      return v;
    } catch (err) {
      log(`validation off: could not load ${path}: ${(err as Error).message}`);
      return null;
    }
  }

  /** Compile the schemas a bot uses most up front (about a second), so the first requests are fast. */
  warm(): void {
    for (const c of [
      "CreateMessageInteractionCallbackRequest",
      "UpdateMessageInteractionCallbackRequest",
      "ApplicationCommandAutocompleteCallbackRequest",
    ]) {
      this.validateComponent(c, {});
    }
    for (const op of [
      "bulk_set_application_commands",
      "bulk_set_guild_application_commands",
      "update_webhook_message",
      "execute_webhook",
      "create_message",
      "update_message",
    ]) {
      this.validate(op, []);
    }
  }

  hasOperation(operationId: string): boolean {
    return this.bodies.has(operationId);
  }

  /** Schema of a component (`#/components/schemas/NAME`), for callers that pick the branch themselves. */
  validateComponent(name: string, body: Json | undefined): SchemaError[] {
    return this.run(`component:${name}`, { $ref: `#/components/schemas/${name}` }, body);
  }

  /** Validate a request body for an operationId; [] when valid or when the operation has no JSON body. */
  validate(operationId: string, body: Json | undefined): SchemaError[] {
    const schema = this.bodies.get(operationId);
    if (!schema) return [];
    return this.run(operationId, schema, body);
  }

  private run(key: string, schema: unknown, body: Json | undefined): SchemaError[] {
    let errors = this.runOnce(key, schema, body);
    // Discord accepts integer fields written as digit strings (discord.js sends permission
    // bitfields such as default_member_permissions that way; the spec says integer).
    for (let i = 0; i < 3 && errors.length > 0; i++) {
      const fixed = coerceDigitStrings(body, errors);
      if (fixed === undefined) break;
      body = fixed;
      errors = this.runOnce(key, schema, body);
    }
    return errors;
  }

  private runOnce(key: string, schema: unknown, body: Json | undefined): SchemaError[] {
    let fns = this.compiled.get(key);
    if (!fns) {
      // A top-level anyOf/oneOf is compiled branch by branch so errors come from the closest branch.
      const s = schema as { anyOf?: unknown[]; oneOf?: unknown[] };
      const branches = s.anyOf ?? s.oneOf ?? [schema];
      fns = branches.map((b) => this.ajv.compile(rebase(b) as object));
      this.compiled.set(key, fns);
    }
    let best: ErrorObject[] | null = null;
    for (const fn of fns) {
      if (fn(body ?? null)) return [];
      const errs = fn.errors ?? [];
      if (!best || errs.length < best.length) best = errs;
    }
    return (best ?? []).slice(0, 20).map((e) => ({
      instancePath: e.instancePath,
      message: e.message ?? e.keyword,
      keyword: e.keyword,
      params: e.params,
    }));
  }
}

/** A copy of body with digit strings turned into numbers where an integer was expected; undefined if none. */
function coerceDigitStrings(body: Json | undefined, errors: SchemaError[]): Json | undefined {
  const targets = errors.filter((e) => {
    const t = (e.params as { type?: unknown }).type;
    return e.keyword === "type" && (t === "integer" || (Array.isArray(t) && t.includes("integer")));
  });
  if (targets.length === 0 || body === undefined) return undefined;
  const copy = structuredClone(body) as Json;
  let changed = false;
  for (const e of targets) {
    const parts = e.instancePath
      .split("/")
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = parts.pop();
    if (last === undefined) continue;
    let node: Json | undefined = copy;
    for (const p of parts) node = node && typeof node === "object" ? (node as Record<string, Json>)[p] : undefined;
    if (!node || typeof node !== "object") continue;
    const obj = node as Record<string, Json>;
    const value = obj[last];
    if (typeof value === "string" && /^\d{1,20}$/.test(value)) {
      obj[last] = Number(value);
      changed = true;
    }
  }
  return changed ? copy : undefined;
}

/** Discord's 50035 error body: errors nested by path, each with `_errors`. */
export function invalidFormBody(errors: SchemaError[]): {
  code: number;
  message: string;
  errors: Record<string, unknown>;
} {
  const tree: Record<string, unknown> = {};
  for (const e of errors) {
    const parts = e.instancePath.split("/").filter(Boolean);
    let node = tree as Record<string, unknown>;
    for (const p of parts) node = (node[p] ??= {}) as Record<string, unknown>;
    const list = (node._errors ??= []) as { code: string; message: string }[];
    list.push({ code: `SCHEMA_${e.keyword.toUpperCase()}`, message: e.message });
  }
  return { code: 50035, message: "Invalid Form Body", errors: tree };
}

/**
 * What Discord checks beyond the spec, which allows 40 top-level components for the
 * components-v2 layout: a message without that flag holds at most 5 action rows, and a
 * select menu fills its row alone (a row's 5 buttons the spec checks). Message bodies
 * and interaction callbacks (`data`) alike; [] when within the limits.
 */
export function componentLimitErrors(body: Json | undefined): SchemaError[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) return [];
  const b = body as Record<string, Json>;
  const nested = b.data && typeof b.data === "object" && !Array.isArray(b.data);
  const msg = (nested ? b.data : b) as Record<string, Json>;
  const at = nested ? "/data/components" : "/components";
  const rows = msg.components;
  if (!Array.isArray(rows)) return [];
  if (typeof msg.flags === "number" && msg.flags & 32768) return [];
  const errors: SchemaError[] = [];
  if (rows.length > 5)
    errors.push({
      instancePath: at,
      message: "must NOT have more than 5 action rows",
      keyword: "maxItems",
      params: { limit: 5 },
    });
  rows.forEach((row, i) => {
    const items =
      row && typeof row === "object" && !Array.isArray(row) ? (row as Record<string, Json>).components : undefined;
    if (!Array.isArray(items)) return;
    if (items.length > 5)
      errors.push({
        instancePath: `${at}/${i}/components`,
        message: "must NOT have more than 5 buttons",
        keyword: "maxItems",
        params: { limit: 5 },
      });
    const selects = items.filter(
      (c) => c && typeof c === "object" && !Array.isArray(c) && (c as Record<string, Json>).type !== 2,
    ).length;
    if (selects && items.length > 1)
      errors.push({
        instancePath: `${at}/${i}/components`,
        message: "a select menu fills its action row alone",
        keyword: "maxItems",
        params: { limit: 1 },
      });
  });
  return errors;
}
