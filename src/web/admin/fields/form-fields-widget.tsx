/**
 * The questions of a form (the `formFields` field type, src/shared/forms.ts),
 * edited without JSON: one group per question with its type, label, help,
 * whether it is required and, for the types that choose, its options; buttons
 * add a question, remove one and move it up or down. The server checks the
 * whole list (formFieldsSchema) and names what is wrong.
 *
 * By keyboard: a new question's first input takes focus; a moved question's
 * button keeps it (at the top or bottom the button says so and does nothing,
 * rather than being disabled, which would drop focus); after a removal focus
 * goes to the question that took its place, else to "Add a question".
 */
import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { formLimits, type FormField, type FormFieldType } from '../../../shared/forms.js';
import type { WidgetProps } from './widget-props.js';
import { questionTypesFor } from './question-types.js';

const typeLabels: Record<FormFieldType, string> = {
  shortText: 'Short text',
  longText: 'Long text',
  email: 'E-mail address',
  phone: 'Phone number',
  number: 'Number',
  date: 'Date',
  choice: 'One choice among options',
  choices: 'Several choices among options',
  consent: 'A box to tick',
};

const choosing = (t: FormFieldType) => t === 'choice' || t === 'choices';

/** An id for a new question (`question-2`) or an option (from its words), unique among `taken`: answers are kept by it, so it never changes once made. */
function idFrom(words: string, taken: readonly string[], fallback: string): string {
  const base =
    words
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 30) || fallback;
  let id = base;
  for (let i = 2; taken.includes(id); i++) id = `${base}-${i}`;
  return id;
}

/** Options edited as one line each: "Label" (the value follows from it and stays once made). */
function optionsText(options: FormField['options']): string {
  return (options ?? []).map((o) => o.label).join('\n');
}
function optionsFrom(text: string, previous: FormField['options']): NonNullable<FormField['options']> {
  const taken: string[] = [];
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, formLimits.options)
    .map((label) => {
      const kept = previous?.find((o) => o.label === label)?.value;
      const value = kept && !taken.includes(kept) ? kept : idFrom(label, taken, 'option');
      taken.push(value);
      return { value, label };
    });
}

export function FormFieldsWidget({ field, name }: WidgetProps) {
  const { field: input, fieldState } = useController({ name });
  const questions: FormField[] = Array.isArray(input.value) ? (input.value as FormField[]) : [];
  const set = (next: FormField[]) => input.onChange(next);
  const types = questionTypesFor(field);
  const update = (i: number, patch: Partial<FormField>) => set(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const move = (i: number, by: number) => {
    if (i + by < 0 || i + by >= questions.length) return;
    const next = [...questions];
    const [q] = next.splice(i, 1);
    if (q) next.splice(i + by, 0, q);
    set(next);
  };
  // Where focus goes once the list has changed: a question's first input (by id), or the add button.
  const labelInputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<{ question: string } | 'add' | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    (focusNext === 'add' ? addButton.current : labelInputs.current.get(focusNext.question))?.focus();
    setFocusNext(null);
  }, [focusNext]);
  const add = () => {
    const id = idFrom('question', questions.map((q) => q.id), 'question');
    set([...questions, { id, type: 'shortText', label: '', required: false }]);
    setFocusNext({ question: id });
  };
  const remove = (i: number) => {
    const after = questions[i + 1] ?? questions[i - 1];
    set(questions.filter((_, j) => j !== i));
    setFocusNext(after ? { question: after.id } : 'add');
  };

  return (
    <Fieldset legend={field.label} aria-describedby={`${input.name}-help`}>
      <Text size="sm" c="dimmed" id={`${input.name}-help`} mb="sm">
        {field.help}
      </Text>
      <Stack gap="md">
        {questions.map((q, i) => {
          const n = i + 1;
          return (
            <Fieldset key={q.id} legend={`Question ${n}${q.label ? `: ${q.label}` : ''}`} variant="filled">
              <Stack gap="xs">
                <TextInput
                  ref={(el) => {
                    if (el) labelInputs.current.set(q.id, el);
                    else labelInputs.current.delete(q.id);
                  }}
                  label="Question"
                  required
                  value={q.label}
                  maxLength={formLimits.label}
                  onChange={(e) => update(i, { label: e.currentTarget.value })}
                />
                <NativeSelect
                  label="Answer type"
                  value={q.type}
                  data={types.map((t) => ({ value: t, label: typeLabels[t] }))}
                  onChange={(e) => {
                    const type = e.currentTarget.value as FormFieldType;
                    update(i, choosing(type) ? { type, options: q.options ?? [] } : { type, options: undefined });
                  }}
                />
                <TextInput label="Help under the question" value={q.help ?? ''} maxLength={formLimits.help} onChange={(e) => update(i, { help: e.currentTarget.value || undefined })} />
                {choosing(q.type) ? (
                  <OptionsInput options={q.options} onChange={(options) => update(i, { options })} />
                ) : null}
                <Checkbox label="An answer is required" checked={q.required} onChange={(e) => update(i, { required: e.currentTarget.checked })} />
                <Group gap="xs">
                  <Button variant="default" size="xs" aria-disabled={i === 0 || undefined} data-disabled={i === 0 || undefined} onClick={() => move(i, -1)} aria-label={`Move up question ${n}`}>
                    Move up
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    aria-disabled={i === questions.length - 1 || undefined}
                    data-disabled={i === questions.length - 1 || undefined}
                    onClick={() => move(i, 1)}
                    aria-label={`Move down question ${n}`}
                  >
                    Move down
                  </Button>
                  <Button variant="subtle" color="red" size="xs" onClick={() => remove(i)} aria-label={`Remove question ${n}`}>
                    Remove
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button ref={addButton} variant="light" onClick={add} disabled={questions.length >= formLimits.fields}>
            Add a question
          </Button>
        </Group>
        {fieldState.error ? (
          <Text c="red" size="sm" role="alert">
            {fieldState.error.message ?? 'Some questions need attention.'}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** The options as lines of text, kept as typed (an empty line while typing stays) and turned into options on each change. */
function OptionsInput({ options, onChange }: { options: FormField['options']; onChange: (options: NonNullable<FormField['options']>) => void }) {
  const [text, setText] = useState(() => optionsText(options));
  return (
    <Textarea
      label="Options, one per line"
      required
      value={text}
      autosize
      minRows={2}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(optionsFrom(e.currentTarget.value, options));
      }}
    />
  );
}
