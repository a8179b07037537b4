/**
 * What the local Discord records is bounded, so a playground left running for a week holds
 * only the recent past: requests, messages and interactions past their limit are forgotten,
 * oldest first (Discord itself forgets an interaction's token after 15 minutes).
 */
export interface RecordLimits {
  /** Recorded REST requests, validation failures and unknown routes, each (default 5,000). */
  requests: number;
  /** Stored messages across every channel (default 20,000). */
  messages: number;
  /** Interactions whose token is still answerable (default 10,000). */
  interactions: number;
}

export const DEFAULT_LIMITS: RecordLimits = { requests: 5_000, messages: 20_000, interactions: 10_000 };

/** Drops the oldest entries of a list once it is a tenth over `limit` (so trimming is rare and cheap). */
export function trimList<T>(list: T[], limit: number): void {
  if (list.length > limit + Math.ceil(limit / 10)) list.splice(0, list.length - limit);
}

/** Drops a map's oldest entries (insertion order) beyond `limit`; `onDrop` sees each one dropped. */
export function trimMap<K, V>(map: Map<K, V>, limit: number, onDrop?: (value: V, key: K) => void): void {
  if (map.size <= limit + Math.ceil(limit / 10)) return;
  let extra = map.size - limit;
  for (const [k, v] of map) {
    if (extra-- <= 0) break;
    map.delete(k);
    onDrop?.(v, k);
  }
}
