/** One widget per field type: the form screen loops over a collection's fields and renders these. */
import type { FieldDef } from '../../../shared/fields.js';
import { CategoryWidget, SelectWidget, SwitchWidget } from './choice-widgets.js';
import { DateTimeWidget, DateWidget } from './date-widgets.js';
import { FileWidget } from './file-widget.js';
import { ImageWidget } from './image-widget.js';
import { RichTextWidget } from './rich-text-widget.js';
import { TextWidget } from './text-widgets.js';

export function FieldWidget({ field }: { field: FieldDef }) {
  const name = `data.${field.name}` as const;
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
      return <TextWidget field={field} name={name} />;
    case 'richText':
      return <RichTextWidget field={field} name={name} />;
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
