/** On a block's form: each other language's state, with the way to translate the block into it. */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TranslationState } from '../../../shared/languages.js';
import { translationEditorPathOf } from '../../../shared/translations.js';
import { useTranslationReport } from './api.js';
import { stateColors, stateLabels } from './words.js';

export function TranslationLinks({ collection, id, states }: { collection: string; id: string; states: Record<string, TranslationState> | undefined }) {
  const report = useTranslationReport(null, states !== undefined);
  if (!states || !report.data) return null;
  const languages = report.data.languages.filter((l) => states[l.code] !== undefined);
  if (languages.length === 0) return null;
  return (
    <Group gap="md" mt={6} wrap="wrap" data-testid="translation-links">
      <Text size="sm" fw={600}>
        Translations:
      </Text>
      {languages.map((l) => {
        const state = states[l.code]!;
        return (
          <Group key={l.code} gap={6}>
            <Anchor component={Link} to={translationEditorPathOf(collection, id, l.code)} size="sm" fw={600}>
              {state === 'missing' ? `Translate into ${l.name}` : `${l.name} translation`}
            </Anchor>
            <Badge color={stateColors[state]} variant="light" c="dark.9" tt="none" size="sm">
              {stateLabels[state]}
            </Badge>
          </Group>
        );
      })}
    </Group>
  );
}
