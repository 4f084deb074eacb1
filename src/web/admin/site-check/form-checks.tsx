/**
 * The authoring checks in a form: the rules (shared/authoring) run on the
 * form's values as the editor types (300 ms after the last change), a
 * "Checks" panel lists errors and warnings in plain words, each a button that
 * moves focus to its field, and a short note sits under each field concerned.
 */
import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { FieldDef } from '../../../shared/fields.js';
import { checkData, mediaIdsIn, type CheckTarget } from '../../../shared/authoring/check.js';
import type { Finding } from '../../../shared/site-check.js';
import { useMediaFacts } from './api.js';
import { findingCountText, severityColour, severityLabel, severityTextColour } from './words.js';

const FindingsContext = createContext<readonly Finding[]>([]);
const noData: Record<string, unknown> = {};

/** How long typing must pause before the checks run again. */
const debounceMs = 300;

/** How long a field that is not there yet (a block still opening, a rich-text editor still loading) is waited for. */
const focusWaitMs = 5000;

/**
 * Focus on a finding's field: the alt text of a picture, the editor of a rich
 * text, else the field's first control. A field not there yet is waited for,
 * frame by frame, however slow the device (for a few seconds at most).
 */
export function focusField(field: string, within: ParentNode = document): void {
  const until = performance.now() + focusWaitMs;
  const attempt = () => {
    const target = fieldControl(field, within);
    if (target) {
      target.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
    } else if (performance.now() < until) {
      window.requestAnimationFrame(attempt);
    }
  };
  attempt();
}

function fieldControl(field: string, within: ParentNode): HTMLElement | undefined {
  const [top, part] = field.split('.');
  const frame = within.querySelector<HTMLElement>(`[data-check-field="${CSS.escape(top ?? field)}"]`);
  if (!frame) return undefined;
  const controls = [...frame.querySelectorAll<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select, [contenteditable="true"], button:not([disabled])')];
  const byPart = part ? controls.find((c) => c instanceof HTMLInputElement && [...(c.labels ?? [])].some((l) => l.textContent?.toLowerCase().startsWith(part === 'alt' ? 'alt text' : part))) : undefined;
  return byPart ?? frame.querySelector<HTMLElement>('[contenteditable="true"]') ?? controls[0];
}

function labelOf(fields: readonly FieldDef[], field: string): string {
  const top = field.split('.')[0] ?? field;
  return fields.find((f) => f.name === top)?.label ?? top;
}

/** The panel and the findings for the notes under the fields; `children` is the form's content. */
export function FormChecks({ target, children }: { target: CheckTarget; children: ReactNode }) {
  const data = useWatch({ name: 'data' }) as Record<string, unknown> | undefined;
  const [checked] = useDebouncedValue(data ?? noData, debounceMs);
  const ids = useMemo(() => mediaIdsIn(target.fields, checked), [target.fields, checked]);
  const media = useMediaFacts(ids);
  const findings = useMemo(() => checkData(target, checked, media), [target, checked, media]);
  return (
    <FindingsContext.Provider value={findings}>
      <Stack gap="lg" maw={760}>
        <ChecksPanel fields={target.fields} findings={findings} />
        {children}
      </Stack>
    </FindingsContext.Provider>
  );
}

function ChecksPanel({ fields, findings }: { fields: readonly FieldDef[]; findings: readonly Finding[] }) {
  const ordered = [...findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="form-checks-title" data-testid="form-checks">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h5" id="form-checks-title">
          Checks
        </Title>
        <Text size="sm" role="status" aria-live="polite" aria-atomic="true">
          {findings.length === 0 ? 'No problems found' : findingCountText(findings)}
        </Text>
      </Group>
      {ordered.length > 0 && (
        <List size="sm" mt="xs" spacing={6} listStyleType="none" withPadding={false}>
          {ordered.map((f, i) => (
            <List.Item key={`${f.field}-${f.rule}-${i}`}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Badge size="sm" color={severityColour[f.severity]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
                  {severityLabel[f.severity]}
                </Badge>
                <Anchor component="button" type="button" size="sm" ta="left" onClick={() => focusField(f.field)}>
                  {labelOf(fields, f.field)}: {f.message}
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** The notes under one field: what the checks found in it. */
export function FieldChecks({ field, children }: { field: FieldDef; children: ReactNode }) {
  const findings = useContext(FindingsContext).filter((f) => (f.field.split('.')[0] ?? f.field) === field.name);
  return (
    <div data-check-field={field.name}>
      {children}
      {findings.length > 0 && (
        <Stack gap={2} mt={4} data-testid={`field-checks-${field.name}`}>
          {findings.map((f, i) => (
            <Text key={`${f.rule}-${i}`} size="xs" c={severityTextColour[f.severity]} fw={500} className={`field-check field-check-${f.severity}`}>
              {severityLabel[f.severity]}: {f.message}
            </Text>
          ))}
        </Stack>
      )}
    </div>
  );
}

/** What a form passes to BlockForm to run the checks. */
export function formChecksFrames(target: CheckTarget) {
  return {
    frame: (content: ReactNode) => <FormChecks target={target}>{content}</FormChecks>,
    fieldFrame: (field: FieldDef, widget: ReactNode) => <FieldChecks field={field}>{widget}</FieldChecks>,
  };
}
