import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../shared/fields.js';
import { formFieldTypes } from '../../../shared/forms.js';
import { kinds } from '../../../shared/kinds.js';
import { questionTypesFor } from './question-types.js';

describe('the questions widget', () => {
  it('offers every answer type on a form, and no e-mail question among an event’s extra questions (name and e-mail are always asked)', () => {
    const formFields: FieldDef = kinds.form.fields.find((f) => f.type === 'formFields')!;
    const extra: FieldDef = kinds.event.fields.find((f) => f.type === 'formFields')!;
    expect(questionTypesFor(formFields)).toEqual(formFieldTypes);
    expect(questionTypesFor(extra)).toEqual(formFieldTypes.filter((t) => t !== 'email'));
  });
});
