import type { FieldDef } from '../../../shared/fields.js';

/** Every widget edits one field of the block form, named `data.<field>`. */
export interface WidgetProps {
  field: FieldDef;
  name: `data.${string}`;
}
