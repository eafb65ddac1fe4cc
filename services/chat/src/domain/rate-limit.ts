/**
 * Per-user message rate (issue 7): at most `limit` messages in any `windowMs`. The in-memory sliding
 * window serves one instance; with Redis the instances share a fixed-window counter (store/).
 */
export interface RateLimiter {
  /** Whether the user may send one more now; counts it when allowed. Answers the wait otherwise. */
  take(userId: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
}

export class SlidingWindow implements RateLimiter {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async take(userId: string) {
    const now = this.clock();
    const recent = (this.sent.get(userId) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.sent.set(userId, recent);
      return { allowed: false as const, retryAfterMs: recent[0]! + this.windowMs - now };
    }
    recent.push(now);
    this.sent.set(userId, recent);
    if (this.sent.size > 100_000) this.prune(now);
    return { allowed: true as const };
  }

  /** Drops what is kept about a key (a socket that left). */
  forget(key: string): void {
    this.sent.delete(key);
  }

  private prune(now: number): void {
    for (const [user, times] of this.sent) if (times.every((at) => at <= now - this.windowMs)) this.sent.delete(user);
  }
}
