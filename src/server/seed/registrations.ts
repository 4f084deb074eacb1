/**
 * The demo's registrations for the youth leadership workshop: a few people
 * (invented, at example.org), in English and Kiswahili, kept as the public
 * form keeps them (a supporter by address, one registration each, with a
 * working cancel link), so the staff screens and the page's places left show
 * something on a new site.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addMonths } from '../supporters/service.js';
import { findOrCreateSupporter } from '../supporters/repository.js';
import { findRegistration, insertRegistration } from '../events/repository.js';
import { cancelTokenHash, cancelTokenOf } from '../events/cancel-token.js';

const people = [
  { name: 'Neema Mollel', email: 'neema.mollel@example.org', lang: 'en', values: { district: 'bahari' } },
  { name: 'Baraka Mushi', email: 'baraka.mushi@example.org', lang: 'sw', values: { district: 'lindiwe', needs: 'Mkalimani wa lugha ya alama' } },
  { name: 'Imani Wanjiru', email: 'imani.wanjiru@example.org', lang: 'en', values: { district: 'other' } },
  { name: 'Juma Kombo', email: 'juma.kombo@example.org', lang: 'sw', values: { district: 'bahari' } },
  { name: 'Rehema Said', email: 'rehema.said@example.org', lang: 'en', values: { district: 'lindiwe', needs: 'Step-free access, please.' } },
] as const;

export async function seedRegistrations(trx: Kysely<Database>, secret: string, event: { id: string; title: string; endsAt: string; retentionMonths: number }, now: Date): Promise<void> {
  for (const [i, p] of people.entries()) {
    // A minute apart, so the order of registration is the order above.
    const at = new Date(now.getTime() - (people.length - i) * 60_000).toISOString();
    const person = await findOrCreateSupporter(trx, { email: p.email, name: p.name, at });
    // Seeded again after a reset (which keeps the people): their registration may still be there.
    if (await findRegistration(trx, event.id, person.id)) continue;
    const id = crypto.randomUUID();
    await insertRegistration(trx, {
      id,
      event_id: event.id,
      event_title: event.title,
      supporter_id: person.id,
      state: 'confirmed',
      lang: p.lang,
      values: JSON.stringify(p.values),
      attended_at: null,
      reminded_at: null,
      cancel_token_hash: cancelTokenHash(cancelTokenOf(secret, id)),
      cancel_used_at: null,
      created_at: at,
      updated_at: at,
      expires_at: addMonths(new Date(event.endsAt), event.retentionMonths).toISOString(),
    });
  }
}
