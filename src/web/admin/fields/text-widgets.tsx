/** Text, long text, e-mail, e-mail list, URL and number widgets: labelled Mantine inputs with a character count near the limit. */
import { NumberInput, Textarea, TextInput } from '@mantine/core';
import { useController } from 'react-hook-form';
import type { WidgetProps } from './widget-props.js';

const defaultMax: Record<string, number> = { text: 200, longText: 2000 };

/** Shows "112 / 120 characters" once the text is within a fifth of its limit. */
function describe(help: string | undefined, length: number, max: number | undefined): string | undefined {
  const count = max !== undefined && length >= max * 0.8 ? `${length} / ${max} characters` : undefined;
  const parts = [help, count].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

export function TextWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  const value = typeof input.value === 'string' ? input.value : '';
  const max = field.type === 'text' || field.type === 'longText' ? (field.max ?? defaultMax[field.type]) : undefined;
  const common = {
    label: field.label,
    required: field.required,
    description: describe(field.help, value.length, max),
    error: fieldState.error?.message,
    name: input.name,
    value,
    onChange: (e: { currentTarget: { value: string } }) => input.onChange(e.currentTarget.value),
    onBlur: input.onBlur,
  };
  if (field.type === 'longText') {
    return <Textarea {...common} ref={input.ref} autosize minRows={3} maxRows={12} />;
  }
  const type = field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text';
  // An e-mail list (addresses separated by commas) is text: a browser's own e-mail check would refuse the commas.
  return (
    <TextInput
      {...common}
      ref={input.ref}
      type={type}
      inputMode={field.type === 'url' ? 'url' : field.type === 'email' ? 'email' : undefined}
      autoComplete="off"
      placeholder={field.type === 'url' ? 'https://… or /page' : undefined}
    />
  );
}

/** A whole number (a form's retention in months); empty is null, which an optional field accepts. */
export function NumberWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  return (
    <NumberInput
      ref={input.ref}
      label={field.label}
      required={field.required}
      description={field.help}
      error={fieldState.error?.message}
      name={input.name}
      value={typeof input.value === 'number' ? input.value : ''}
      min={field.min}
      max={field.max}
      allowDecimal={false}
      onChange={(v) => input.onChange(typeof v === 'number' ? v : null)}
      onBlur={input.onBlur}
      maw={200}
    />
  );
}
