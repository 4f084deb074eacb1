/**
 * Brute-force protection for sign-in (and, with other limits, for reset
 * requests and second-factor codes). Attempts are counted before the check, in
 * fixed windows; over a limit the answer is 429 auth/too-many-requests with
 * Retry-After until the window ends. What is counted depends on the client:
 *
 * - a known device (a device cookie this server issued for this account, see
 *   sign-in-device.ts) is counted on its own, `deviceLimit` per window, and is
 *   never refused for what other clients did;
 * - any other client is counted per account and address together
 *   (`pairLimit`), per address (`ipLimit`, IPv6 by /64) and per account over
 *   all unknown clients (`accountLimit`, which slows guessing spread over many
 *   addresses).
 *
 * So an attacker slows down their own address, and at worst the account for
 * clients it has not seen, but never its owner's own browser. Counters live in
 * memory, or in Redis when REDIS_URL is set so every instance sees them.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface SignInThrottleOptions {
  /** Attempts per account from one client address (not a known device), per window. */
  pairLimit: number;
  /** Attempts per account from all clients that are not a known device of it, per window. */
  accountLimit: number;
  /** Attempts per client address (not a known device), all accounts together, per window. */
  ipLimit: number;
  /** Attempts from one known device (its device cookie), per window. */
  deviceLimit: number;
  windowSeconds: number;
  /** Prefix of the Redis keys. */
  keyPrefix: string;
}

export const defaultSignInThrottle: SignInThrottleOptions = {
  pairLimit: 10,
  accountLimit: 30,
  ipLimit: 50,
  deviceLimit: 10,
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
  /** Counters a success clears (the account's, the pair's or the device's). */
  clear: string[];
  /** Counters a success takes its one attempt back from (the address's: an office behind one router). */
  undo: string[];
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
   * Counts the attempt before it is checked, so that a burst of parallel
   * guesses cannot all slip under the limit; a success takes it back.
   * `device` is the id of a known device of this account (sign-in-device.ts), or null.
   */
  async begin(account: string, ip: string, device: string | null = null): Promise<ThrottleDecision> {
    const o = this.options;
    const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
    // Hashed so that Redis never holds e-mail addresses or device ids.
    const accountId = hash(account);
    const counted: { key: string; limit: number; onSuccess: 'clear' | 'undo' }[] = device
      ? [{ key: `${o.keyPrefix}device:${hash(device)}`, limit: o.deviceLimit, onSuccess: 'clear' }]
      : [
          { key: `${o.keyPrefix}pair:${accountId}:${addressKey(ip)}`, limit: o.pairLimit, onSuccess: 'clear' },
          { key: `${o.keyPrefix}ip:${addressKey(ip)}`, limit: o.ipLimit, onSuccess: 'undo' },
          { key: `${o.keyPrefix}account:${accountId}`, limit: o.accountLimit, onSuccess: 'clear' },
        ];
    const windowMs = o.windowSeconds * 1000;
    const counters = await Promise.all(counted.map((c) => this.safe((s) => s.hit(c.key, windowMs))));
    const waitMs = Math.max(0, ...counters.map((c, i) => (c.count > counted[i]!.limit ? c.ttlMs : 0)));
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    return {
      allowed: true,
      ticket: { clear: counted.filter((c) => c.onSuccess === 'clear').map((c) => c.key), undo: counted.filter((c) => c.onSuccess === 'undo').map((c) => c.key) },
    };
  }

  /** A successful sign-in clears the account's (or device's) failures and does not count against the address. */
  async succeeded(ticket: AttemptTicket): Promise<void> {
    await Promise.all([...ticket.clear.map((k) => this.safe((s) => s.reset(k))), ...ticket.undo.map((k) => this.safe((s) => s.undo(k)))]);
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
