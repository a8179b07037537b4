/**
 * A statement the caller does not wait for: a write whose count it need not read now, or a read
 * whose rows it takes after the commit. On PostgreSQL the lane (pg-lane.ts) keeps it and sends it
 * with the transaction's next statement, or with the COMMIT: one round trip for what would be
 * several. On SQLite it runs at once (the lane answers without a round trip).
 *
 * Like Prisma's own queries, it is sent when awaited if it has not been yet: awaiting one inside
 * the transaction costs the round trip it saves, never a wait on a COMMIT that waits on it. A
 * write with a `Check` fails the whole transaction when its count differs, with the check's error
 * (on PostgreSQL inside the server, so a COMMIT sent with it does not happen).
 */

/**
 * What a write must change: `rows` rows, or the transaction fails with `fail()`. With `retry`, a
 * failure means another transaction wrote the row first (a compare-and-set lost): on PostgreSQL
 * the lane runs the transaction again from the start, a few times, before giving up with `fail()`.
 */
export interface Check {
  rows: number;
  fail: () => Error;
  retry?: boolean;
}

export class Later<T> implements PromiseLike<T> {
  private readonly settled: Promise<T>;
  /** `send` asks for the statement to go now (PostgreSQL's lane flushes what it keeps). */
  constructor(
    settled: Promise<T>,
    private readonly send: () => void = () => undefined,
  ) {
    this.settled = settled;
    // Its failure reaches the transaction (the next statement or the COMMIT): nobody need await it.
    settled.catch(() => undefined);
  }

  static done<T>(value: T): Later<T> {
    return new Later(Promise.resolve(value));
  }

  // biome-ignore lint/suspicious/noThenProperty: a Later is awaited like a promise on purpose: awaiting it sends the batch
  then<A = T, B = never>(
    ok?: ((v: T) => A | PromiseLike<A>) | null,
    failed?: ((e: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.send();
    return this.settled.then(ok, failed);
  }

  map<U>(f: (v: T) => U): Later<U> {
    return new Later(this.settled.then(f), this.send);
  }

  /** Both, sent together: what `f` makes of them. */
  with<U, V>(other: Later<U>, f: (a: T, b: U) => V): Later<V> {
    return new Later(
      Promise.all([this.settled, other.settled]).then(([a, b]) => f(a, b)),
      () => (this.send(), other.send()),
    );
  }
}
