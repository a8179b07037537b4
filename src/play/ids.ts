import { randomBytes } from "node:crypto";

/** A short random id (12 url-safe characters) that fits in Discord custom ids. */
export function shortId(): string {
  return randomBytes(9).toString("base64url");
}
