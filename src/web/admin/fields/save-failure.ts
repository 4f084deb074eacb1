/**
 * What a form does when its save is refused, the same for every form that
 * saves with If-Match (blocks, settings, pages): someone else's newer
 * version opens the conflict dialog, a 400 (or a 409 naming a field, such
 * as a taken address) puts the server's words under the fields it names,
 * anything else is said above the buttons and in a
 * notification.
 */
import { notifications } from '@mantine/notifications';
import { messageByCode } from '../../../shared/errors.js';
import { ApiError } from '../../api-client.js';

/** An error's sentence for staff: the server's, or the catalogue's "unknown". */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : messageByCode.unknown;
}

export function handleSaveFailure(err: unknown, on: { conflict(): void; serverErrors(err: ApiError): void; formError(message: string): void }): void {
  if (err instanceof ApiError && err.code === 'aborted') return on.conflict();
  // A 400, or a 409 naming its field (an address another page has): the words go under the field.
  if (err instanceof ApiError && (err.code === 'invalid-argument' || (err.code === 'already-exists' && (err.field || err.fields)))) return on.serverErrors(err);
  const message = messageOf(err);
  on.formError(message);
  notifications.show({ color: 'red', title: 'Not saved', message });
}
