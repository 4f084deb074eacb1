/**
 * The day's salt of the visitor hashes: 32 random bytes made for one UTC day,
 * held in memory and never written to the database, a log or a backup, so
 * once the day is over nobody can tell whose hash a row holds (not even with
 * every address and browser at hand).
 *
 * Instances of one site must hash a visitor alike to count them once: with
 * Redis (REDIS_URL, the shared store of a site on several instances) the
 * first instance to need a day's salt sets it there, and it expires two
 * hours after that day ends; the others read it. Without Redis each process
 * makes its own (one process: nothing to share).
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

export interface DailySalts {
  of(day: string): Promise<Buffer>;
}

/** Kept after its day ends: counts still waiting from just before midnight are hashed with it. */
const graceMs = 2 * 3_600_000;

function endOf(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
}

/** A day's salt, kept in this process until two hours after its day. */
class Kept {
  private readonly salts = new Map<string, Buffer>();

  get(day: string): Buffer | undefined {
    return this.salts.get(day);
  }

  set(day: string, salt: Buffer): Buffer {
    const now = Date.now();
    for (const d of this.salts.keys()) if (endOf(d) + graceMs < now) this.salts.delete(d);
    this.salts.set(day, salt);
    return salt;
  }
}

export class MemorySalts implements DailySalts {
  private readonly kept = new Kept();

  of(day: string): Promise<Buffer> {
    return Promise.resolve(this.kept.get(day) ?? this.kept.set(day, crypto.randomBytes(32)));
  }
}

export class RedisSalts implements DailySalts {
  private readonly kept = new Kept();
  /** While Redis cannot be reached: this process's own salt of the day (a visitor may then be counted once per instance). */
  private readonly own = new MemorySalts();

  constructor(private readonly redis: Redis) {}

  async of(day: string): Promise<Buffer> {
    const known = this.kept.get(day);
    if (known) return known;
    try {
      return this.kept.set(day, await this.shared(day));
    } catch {
      return this.own.of(day);
    }
  }

  private async shared(day: string): Promise<Buffer> {
    const key = `ngo-visits-salt:${day}`;
    const seconds = Math.max(60, Math.ceil((endOf(day) + graceMs - Date.now()) / 1000));
    await this.redis.set(key, crypto.randomBytes(32).toString('base64'), 'EX', seconds, 'NX');
    const salt = await this.redis.get(key);
    if (!salt) throw new Error('the day\'s salt of the visit counts could not be read from Redis');
    return Buffer.from(salt, 'base64');
  }
}
