/**
 * An outdated original's old and new words, word by word (shared/word-diff.ts):
 * removed words struck through, added words underlined and boxed, each run
 * also announced in words ("removed", "added") so neither colour nor a line
 * alone carries the difference.
 */
import { Text, VisuallyHidden } from '@mantine/core';
import { plainText, wordDiff } from '../../../shared/word-diff.js';
import { translationWords as w } from './words.js';

const removedStyle = { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-dark-9)', textDecoration: 'line-through', textDecorationThickness: '2px' } as const;
const addedStyle = { background: 'var(--mantine-color-green-1)', color: 'var(--mantine-color-dark-9)', textDecoration: 'underline', textDecorationThickness: '2px', outline: '1px solid var(--mantine-color-green-9)', borderRadius: 2 } as const;

export function WordDiff({ before, after, rich, lang, language }: { before: string; after: string; rich: boolean; lang: string; language: string }) {
  const parts = wordDiff(rich ? plainText(before) : before, rich ? plainText(after) : after);
  return (
    <div data-testid="word-diff">
      <Text size="sm" c="dark.9" fw={600}>
        {w.changedSince(language)}
      </Text>
      <Text size="xs" c="dark.7" mb={4}>
        {w.diffLegend}
      </Text>
      <Text size="sm" c="dark.9" lang={lang} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {parts.map((p, i) =>
          p.kind === 'same' ? (
            <span key={i}>{p.text}</span>
          ) : p.kind === 'removed' ? (
            <del key={i} style={removedStyle}>
              <VisuallyHidden component="span"> [{w.removed}: </VisuallyHidden>
              {p.text}
              <VisuallyHidden component="span">] </VisuallyHidden>
            </del>
          ) : (
            <ins key={i} style={addedStyle}>
              <VisuallyHidden component="span"> [{w.added}: </VisuallyHidden>
              {p.text}
              <VisuallyHidden component="span">] </VisuallyHidden>
            </ins>
          ),
        )}
      </Text>
    </div>
  );
}
