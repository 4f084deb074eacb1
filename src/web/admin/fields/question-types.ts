/** The answer types the questions widget offers for a field of questions. */
import type { FieldDef } from '../../../shared/fields.js';
import { formFieldTypes, type FormFieldType } from '../../../shared/forms.js';

/** Every type on a form; questions asked besides the person's name and e-mail (an event's registration) never ask for an e-mail again. */
export function questionTypesFor(field: Pick<FieldDef, 'besidesPerson'>): readonly FormFieldType[] {
  return field.besidesPerson ? formFieldTypes.filter((t) => t !== 'email') : formFieldTypes;
}
