/** Switch, select and category widgets. Native selects: reliable with keyboards, phones and screen readers. */
import { NativeSelect, Switch } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useCategories } from '../content/documents.js';
import type { WidgetProps } from './widget-props.js';

export function SwitchWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  return (
    <Switch
      ref={input.ref}
      label={field.label}
      description={field.help}
      error={fieldState.error?.message}
      name={input.name}
      checked={input.value === true}
      onChange={(e) => input.onChange(e.currentTarget.checked)}
      onBlur={input.onBlur}
    />
  );
}

export function SelectWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  const options = field.options ?? [];
  const data = [...(field.required ? [] : [{ value: '', label: '— None —' }]), ...options.map((o) => ({ value: o.value, label: o.label }))];
  return (
    <NativeSelect
      ref={input.ref}
      label={field.label}
      required={field.required}
      description={field.help}
      error={fieldState.error?.message}
      name={input.name}
      data={data}
      value={typeof input.value === 'string' ? input.value : ''}
      // An optional select left empty is stored as null, which the schema accepts.
      onChange={(e) => input.onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
      onBlur={input.onBlur}
      maw={400}
    />
  );
}

export function CategoryWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  const categories = useCategories();
  const value = typeof input.value === 'string' ? input.value : '';
  const known = categories.data ?? [];
  // Keep a stored category selectable even before the list has loaded (or if it was deleted).
  const data = [{ value: '', label: categories.isPending ? 'Loading categories…' : '— No category —' }, ...known];
  if (value && !known.some((c) => c.value === value)) data.push({ value, label: categories.isPending ? 'Loading…' : 'A deleted category' });
  return (
    <NativeSelect
      ref={input.ref}
      label={field.label}
      required={field.required}
      description={categories.isError ? 'Categories could not be loaded. Try again later.' : field.help}
      error={fieldState.error?.message}
      name={input.name}
      data={data}
      value={value}
      onChange={(e) => input.onChange(e.currentTarget.value)}
      onBlur={input.onBlur}
      maw={400}
    />
  );
}
