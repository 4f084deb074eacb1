/** One widget per field type: the form screen loops over a collection's fields and renders these. */
import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { FieldDef } from '../../../shared/fields.js';
import { CategoryWidget, SelectWidget, SwitchWidget } from './choice-widgets.js';
import { DateTimeWidget, DateWidget } from './date-widgets.js';
import { FileWidget } from './file-widget.js';
import { ImageWidget } from './image-widget.js';
import { NumberWidget, TextWidget } from './text-widgets.js';
import { FormFieldsWidget } from './form-fields-widget.js';

// The editor (tiptap and ProseMirror) is most of the form's weight: only forms with rich text load it.
const RichTextWidget = lazy(() => import('./rich-text-widget.js').then((m) => ({ default: m.RichTextWidget })));

function RichTextPlaceholder({ field }: { field: FieldDef }) {
  return (
    <Input.Wrapper label={field.label} labelProps={{ component: 'span' }} required={field.required} description={field.help}>
      <Skeleton height={200} mt={4} aria-hidden="true" />
    </Input.Wrapper>
  );
}

export function FieldWidget({ field }: { field: FieldDef }) {
  const name = `data.${field.name}` as const;
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
    case 'emailList':
    case 'url':
      return <TextWidget field={field} name={name} />;
    case 'number':
      return <NumberWidget field={field} name={name} />;
    case 'formFields':
      return <FormFieldsWidget field={field} name={name} />;
    case 'richText':
      return (
        <Suspense fallback={<RichTextPlaceholder field={field} />}>
          <RichTextWidget field={field} name={name} />
        </Suspense>
      );
    case 'date':
      return <DateWidget field={field} name={name} />;
    case 'dateTime':
      return <DateTimeWidget field={field} name={name} />;
    case 'image':
      return <ImageWidget field={field} name={name} />;
    case 'file':
      return <FileWidget field={field} name={name} />;
    case 'category':
      return <CategoryWidget field={field} name={name} />;
    case 'switch':
      return <SwitchWidget field={field} name={name} />;
    case 'select':
      return <SelectWidget field={field} name={name} />;
  }
}
