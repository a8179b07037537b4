// HTTP helpers: reading JSON and multipart bodies (discord.js sends files as
// multipart with a `payload_json` part) and writing JSON answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { UploadedFile } from "./messages.js";
import type { Json } from "./types.js";

export interface ParsedBody {
  body: Json | undefined;
  files: UploadedFile[];
  /** Set when the body could not be parsed. */
  error?: string;
}

/** What a route's body may weigh: Discord's own limits, roughly (attachments go with their message). */
export const BODY_CAP = { json: 1024 * 1024, upload: 25 * 1024 * 1024 } as const;

/** Whether a request says it carries a body (a length above 0, or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/**
 * The request's body, read as it arrives and never past `cap` bytes: null once it is larger
 * (a declared length above it is refused before a byte is read). What is left is not read:
 * the answer closes the connection.
 */
export function readBody(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > cap) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => void req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) return void chunks.push(chunk);
      done();
      req.pause();
      resolve(null);
    };
    const onEnd = () => (done(), resolve(Buffer.concat(chunks, size)));
    const onError = (err: Error) => (done(), reject(err));
    const onClose = () => (done(), reject(new Error("the client closed the request before its body ended")));
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

export function parseBody(buf: Buffer, contentType = ""): ParsedBody {
  if (buf.length === 0) return { body: undefined, files: [] };
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary) return parseMultipart(buf, boundary);
  const text = buf.toString("utf8");
  try {
    return { body: JSON.parse(text) as Json, files: [] };
  } catch {
    return { body: text, files: [], error: "body is not valid JSON" };
  }
}

function parseMultipart(buf: Buffer, boundary: string): ParsedBody {
  const delimiter = Buffer.from(`--${boundary}`);
  const files: UploadedFile[] = [];
  let body: Json | undefined;
  let error: string | undefined;
  let start = buf.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    const next = buf.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = buf.subarray(partStart, next);
    start = next;
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd < 0) continue;
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const content = part.subarray(headerEnd + 4, part.length - 2); // strip trailing CRLF
    const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? "";
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1];
    if (name === "payload_json") {
      try {
        body = JSON.parse(content.toString("utf8")) as Json;
      } catch {
        error = "payload_json is not valid JSON";
      }
    } else if (filename !== undefined) {
      files.push({ field: name, filename, size: content.length, ...(type ? { contentType: type.trim() } : {}) });
    }
  }
  return { body, files, ...(error ? { error } : {}) };
}

export function sendJson(res: ServerResponse, status: number, body?: unknown): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status === 200 && body === undefined ? 204 : status);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
