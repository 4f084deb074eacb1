/**
 * Date and date-time widgets: the browser's native pickers (keyboard and
 * screen-reader friendly everywhere) in Mantine's input styling. Date-times
 * are stored as ISO strings with the editor's UTC offset.
 */
import { TextInput } from '@mantine/core';
import { useController } from 'react-hook-form';
import type { WidgetProps } from './widget-props.js';

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** ISO date-time → the `YYYY-MM-DDTHH:mm` a datetime-local input shows, in local time. */
export function isoToLocalInput(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `YYYY-MM-DDTHH:mm` in local time → ISO with the local offset, e.g. `2026-05-01T09:30:00+03:00`. */
export function localInputToIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) return '';
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${local.length === 16 ? `${local}:00` : local}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

export function DateWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  return (
    <TextInput
      ref={input.ref}
      type="date"
      label={field.label}
      required={field.required}
      description={field.help}
      error={fieldState.error?.message}
      name={input.name}
      value={typeof input.value === 'string' ? input.value : ''}
      onChange={(e) => input.onChange(e.currentTarget.value)}
      onBlur={input.onBlur}
      maw={240}
    />
  );
}

export function DateTimeWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <TextInput
      ref={input.ref}
      type="datetime-local"
      label={field.label}
      required={field.required}
      description={[field.help, `Your time zone: ${zone}`].filter(Boolean).join(' · ')}
      error={fieldState.error?.message}
      name={input.name}
      value={isoToLocalInput(typeof input.value === 'string' ? input.value : '')}
      onChange={(e) => input.onChange(localInputToIso(e.currentTarget.value))}
      onBlur={input.onBlur}
      maw={300}
    />
  );
}
