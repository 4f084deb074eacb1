/**
 * Brute-force protection for sign-in: failed attempts are counted per account
 * and per client address in fixed windows; over the limit the answer is 429
 * auth/too-many-requests with Retry-After until the window ends, so the real
 * owner is never locked out for good. Counters live in memory, or in Redis when
 * REDIS_URL is set so that every server instance sees the same counts.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface SignInThrottleOptions {
  /** Failed sign-ins per account per window. */
  accountLimit: number;
  /** Failed sign-ins per client address per window. */
  ipLimit: number;
  windowSeconds: number;
  /** Prefix of the Redis keys. */
  keyPrefix: string;
}

export const defaultSignInThrottle: SignInThrottleOptions = {
  accountLimit: 10,
  ipLimit: 50,
  windowSeconds: 15 * 60,
  keyPrefix: 'ngo-signin:',
};

export interface Counter {
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

export interface ThrottleStore {
  /** Adds one to the counter, starting a window of `windowMs` if none is open. */
  hit(key: string, windowMs: number): Promise<Counter>;
  /** Takes one back (an attempt that turned out to be a success). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    let c = this.counters.get(key);
    if (!c || c.resetAt <= now) {
      if (this.counters.size > 10_000) this.sweep(now);
      c = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, c);
    }
    c.count++;
    return { count: c.count, ttlMs: c.resetAt - now };
  }

  async undo(key: string): Promise<void> {
    const c = this.counters.get(key);
    if (c && c.count > 0) c.count--;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  // Forgets ended windows so that a flood of distinct addresses cannot grow the map without bound.
  private sweep(now: number): void {
    for (const [key, c] of this.counters) if (c.resetAt <= now) this.counters.delete(key);
  }
}

const hitScript = `
local c = redis.call('INCR', KEYS[1])
local t = redis.call('PTTL', KEYS[1])
if t < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  t = tonumber(ARGV[1])
end
return {c, t}`;

const undoScript = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export class RedisThrottleStore implements ThrottleStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number): Promise<Counter> {
    const [count, ttl] = (await this.redis.eval(hitScript, 1, key, String(windowMs))) as [number, number];
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  async undo(key: string): Promise<void> {
    await this.redis.eval(undoScript, 1, key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export async function connectRedisStore(url: string, log: FastifyBaseLogger): Promise<RedisThrottleStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  let warned = false;
  redis.on('error', (err: Error) => {
    if (!warned) log.warn({ err: err.message }, 'sign-in throttle: Redis unavailable, counting in memory meanwhile');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  await redis.connect().catch(() => undefined);
  return new RedisThrottleStore(redis);
}

/**
 * The client an address stands for: an IPv4 address as it is, an IPv6 address
 * by its /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The decision for one attempt: go ahead, or wait this many seconds. */
export type ThrottleDecision = { allowed: true; ticket: AttemptTicket } | { allowed: false; retryAfterSeconds: number };

export interface AttemptTicket {
  accountKey: string;
  ipKey: string;
}

export class SignInThrottle {
  private readonly fallback = new MemoryThrottleStore();
  readonly options: SignInThrottleOptions;

  constructor(
    private readonly store: ThrottleStore,
    options: Partial<SignInThrottleOptions>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.options = { ...defaultSignInThrottle, ...options };
  }

  /**
   * Counts the attempt before the password is checked, so that a burst of
   * parallel guesses cannot all slip under the limit; a success takes it back.
   */
  async begin(email: string, ip: string): Promise<ThrottleDecision> {
    const ticket: AttemptTicket = {
      // Hashed so that Redis never holds e-mail addresses.
      accountKey: `${this.options.keyPrefix}account:${crypto.createHash('sha256').update(email).digest('hex')}`,
      ipKey: `${this.options.keyPrefix}ip:${addressKey(ip)}`,
    };
    const windowMs = this.options.windowSeconds * 1000;
    const [account, address] = await Promise.all([this.safe((s) => s.hit(ticket.accountKey, windowMs)), this.safe((s) => s.hit(ticket.ipKey, windowMs))]);
    const blocked = [
      account.count > this.options.accountLimit ? account.ttlMs : 0,
      address.count > this.options.ipLimit ? address.ttlMs : 0,
    ];
    const waitMs = Math.max(...blocked);
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    return { allowed: true, ticket };
  }

  /** A successful sign-in clears the account's failures and does not count against the address. */
  async succeeded(ticket: AttemptTicket): Promise<void> {
    await Promise.all([this.safe((s) => s.reset(ticket.accountKey)), this.safe((s) => s.undo(ticket.ipKey))]);
  }

  async close(): Promise<void> {
    await Promise.all([this.store.close(), this.fallback.close()]);
  }

  // A Redis outage must not stop staff from signing in: count in memory until it is back.
  private async safe<T>(fn: (store: ThrottleStore) => Promise<T>): Promise<T> {
    try {
      return await fn(this.store);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'sign-in throttle store failed; counting in memory');
      return fn(this.fallback);
    }
  }
}
