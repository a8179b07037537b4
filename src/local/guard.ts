// Only this machine may talk to the local Discord: every request and the gateway's WebSocket
// upgrade must name a loopback address and the server's own port as Host, and carry either no
// Origin (the bot, the CLI, curl) or a loopback one with that port (the playground's own page).
// A web page of another site sends its Origin; a DNS-rebinding page (another name resolved to
// 127.0.0.1) sends its own Host: both are refused before anything is read or answered.

export interface Refusal {
  status: number;
  error: string;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** `authority` (host[:port]) names a loopback address with `port`. */
export function loopback(authority: string, port: number): boolean {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(authority.trim().toLowerCase());
  return !!m && LOOPBACK.has(m[1]!) && Number(m[2] ?? 80) === port;
}

/** Why a request (or an upgrade) from elsewhere than this machine is refused, or null. */
export function foreignRefusal(
  headers: { host?: string | undefined; origin?: string | undefined },
  port: number,
): Refusal | null {
  if (!headers.host || !loopback(headers.host, port))
    return {
      status: 403,
      error: "The local Discord answers only requests to 127.0.0.1, localhost or [::1] on its own port.",
    };
  if (headers.origin !== undefined) {
    let origin: URL | undefined;
    try {
      origin = new URL(headers.origin);
    } catch {
      origin = undefined;
    }
    if (origin?.protocol !== "http:" || !loopback(origin.host, port))
      return { status: 403, error: "The local Discord answers no request from a web page of another site." };
  }
  return null;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}
