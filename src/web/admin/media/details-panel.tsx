/**
 * The details of one file: a big preview, the default alt text, the focal
 * point, where it is used (links to those blocks and to the settings), and
 * Replace file, Download and Delete. Delete is offered only when nothing uses
 * the file; if something started using it meanwhile, the server's refusal
 * (naming the blocks) is shown.
 */
import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api-client.js';
import { getCollection } from '../../../shared/collections.js';
import { mediaAltMax, mediaApi, type MediaLibraryItem, type MediaUse } from '../../../shared/media-library.js';
import { imageTypes, pdfTypes, type FocalPoint } from '../../../shared/media.js';
import { editPathOf } from '../../../shared/routes.js';
import { formatWhen } from '../backups/format.js';
import { UploadButton } from '../content/upload-button.js';
import { deleteMedia, libraryItemOf, patchMedia, patchMediaAlt, refreshMedia } from './api.js';
import { useTranslationReport } from '../translations/api.js';
import { centre } from './focal-point.js';
import { FocalPointEditor } from './focal-point-editor.js';
import { QuietButton } from './quiet-button.js';
import { DocumentIcon } from './media-card.js';
import { dimensionsInWords, displayName, downloadName, sizeInWords, typeInWords, usedByInWords } from './format.js';

/** Where a use is edited: the block's form, or the site settings. */
export function pathOfUse(use: MediaUse): string {
  return editPathOf(use.collection, use.id);
}

function labelOfUse(use: MediaUse): string {
  if (use.collection === 'settings') return 'Site settings';
  return `${use.title || 'Untitled block'} (${getCollection(use.collection)?.label ?? use.collection})`;
}

function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The alt text error the server gave, for the field it names. */
function altErrorOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  return err.fields?.alt ?? (err.field === 'alt' || err.code === 'invalid-argument' ? err.message : null);
}

interface DetailsPanelProps {
  item: MediaLibraryItem;
  timeZone: string;
  /** The item changed (alt, focal point, a new file). */
  onChanged(item: MediaLibraryItem): void;
  onDeleted(item: MediaLibraryItem): void;
  /** Says something to screen readers (the screen's live region). */
  announce(message: string): void;
}

/** One alt text of a picture: its default one, or its default one in another language (`language`). */
function AltTextForm({ item, onChanged, announce, language }: Pick<DetailsPanelProps, 'item' | 'onChanged' | 'announce'> & { language?: { code: string; name: string; dir: 'ltr' | 'rtl' } }) {
  const client = useQueryClient();
  const stored = language ? (item.altTranslations?.[language.code] ?? '') : item.alt;
  const [alt, setAlt] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => setAlt(stored), [item.id, stored]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (alt === stored || saving) return;
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      onChanged(language ? await patchMediaAlt(item.id, language.code, alt) : libraryItemOf(item, await patchMedia(item.id, { alt })));
      setSaved(true);
      announce(language ? `The alt text in ${language.name} is saved.` : 'The alt text is saved.');
      void refreshMedia(client);
    } catch (err) {
      setError(altErrorOf(err) ?? messageOf(err, 'The alt text was not saved.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="xs">
        <TextInput
          label={language ? `Alt text in ${language.name}` : 'Default alt text'}
          description={
            language
              ? `Shown on the ${language.name} pages; empty: the default alt text shows there.`
              : 'What the picture shows, for people who cannot see it. Every use of the picture without alt text of its own says this.'
          }
          value={alt}
          lang={language?.code}
          dir={language?.dir}
          onChange={(e) => {
            setAlt(e.currentTarget.value);
            setSaved(false);
          }}
          error={error}
          maxLength={mediaAltMax}
          data-testid={language ? `alt-${language.code}` : 'default-alt'}
        />
        <Group gap="sm">
          <QuietButton type="submit" ready={alt !== stored && !saving}>
            {saving ? 'Saving…' : language ? `Save alt text in ${language.name}` : 'Save alt text'}
          </QuietButton>
          {saved && (
            <Text size="sm" c="teal.9">
              Saved.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The default alt text in each of the site's other languages (the file and focal point are every language's). */
function AltTranslations({ item, onChanged, announce }: Pick<DetailsPanelProps, 'item' | 'onChanged' | 'announce'>) {
  const report = useTranslationReport(null);
  const data = report.data;
  if (!data) return null;
  return (
    <>
      {data.languages
        .filter((l) => l.code !== data.defaultLanguage)
        .map((l) => (
          <AltTextForm key={`${item.id} ${l.code}`} item={item} language={l} onChanged={onChanged} announce={announce} />
        ))}
    </>
  );
}

function FocalPointSection({ item, onChanged, announce }: Pick<DetailsPanelProps, 'item' | 'onChanged' | 'announce'>) {
  const client = useQueryClient();
  const [point, setPoint] = useState<FocalPoint>(item.focalPoint ?? centre);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setPoint(item.focalPoint ?? centre), [item.id, item.focalPoint]);
  const large = item.variants.find((v) => v.name === '960') ?? item.variants.at(-1);

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const isCentre = point.x === centre.x && point.y === centre.y;
      const info = await patchMedia(item.id, { focalPoint: isCentre ? null : point });
      onChanged(libraryItemOf(item, info));
      announce('The focal point is saved.');
      void refreshMedia(client);
    } catch (err) {
      setProblem(messageOf(err, 'The focal point was not saved.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs">
      <FocalPointEditor src={large?.url ?? item.url} alt={item.alt || `Preview of ${displayName(item)}`} value={point} saved={item.focalPoint} saving={saving} onChange={setPoint} onSave={() => void save()} />
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

function ReplaceFile({ item, onChanged, announce }: Pick<DetailsPanelProps, 'item' | 'onChanged' | 'announce'>) {
  const client = useQueryClient();
  return (
    <UploadButton
      label="Replace file"
      accept={item.kind === 'pdf' ? pdfTypes : imageTypes}
      target={mediaApi.replace(item.id)}
      progressLabel="Replacing the file"
      inputTestId="replace-input"
      onUploaded={(info, file) => {
        onChanged(libraryItemOf({ ...item, name: file.name, byteSize: info.bytes }, info));
        announce(`The file is replaced by ${file.name}. Every block that used it shows the new file.`);
        void refreshMedia(client);
      }}
    />
  );
}

function DeleteFile({ item, onDeleted }: Pick<DetailsPanelProps, 'item' | 'onDeleted'>) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  const used = item.usedBy.length > 0;
  // The question's buttons are gone: focus goes to the refusal, which says why.
  useEffect(() => {
    if (refusal) refusalBox.current?.focus();
  }, [refusal]);

  const remove = async () => {
    setWorking(true);
    setRefusal(null);
    try {
      await deleteMedia(item.id);
      onDeleted(item);
      void refreshMedia(client);
    } catch (err) {
      setAsking(false);
      setRefusal(messageOf(err, 'The file was not deleted.'));
      void refreshMedia(client);
    } finally {
      setWorking(false);
    }
  };
  return (
    <Stack gap={4}>
      {asking ? (
        <Group gap="xs">
          <Text size="sm">Delete this file for good?</Text>
          <Button color="red" onClick={() => void remove()} loading={working}>
            Delete for good
          </Button>
          <Button variant="default" onClick={() => setAsking(false)} disabled={working} data-autofocus>
            Keep it
          </Button>
        </Group>
      ) : (
        <Button color="red" variant="outline" disabled={used} onClick={() => setAsking(true)} aria-describedby={used ? 'media-delete-why' : undefined}>
          Delete
        </Button>
      )}
      {used && (
        <Text size="xs" id="media-delete-why">
          Files in use cannot be deleted: remove them from the blocks and settings listed above first.
        </Text>
      )}
      {refusal && (
        <Alert color="red" role="alert" title="Not deleted" p="xs" ref={refusalBox} tabIndex={-1}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}

export function DetailsPanel({ item, timeZone, onChanged, onDeleted, announce }: DetailsPanelProps) {
  const name = displayName(item);
  const dims = dimensionsInWords(item.width, item.height);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="media-details">
      <Stack gap="sm">
        {item.kind === 'image' ? (
          <FocalPointSection item={item} onChanged={onChanged} announce={announce} />
        ) : (
          <Stack align="center" gap="xs" p="lg" bg="gray.1" style={{ borderRadius: 8 }}>
            <DocumentIcon size={96} />
            <Anchor href={item.url} target="_blank" rel="noopener">
              Open the PDF (new tab)
            </Anchor>
          </Stack>
        )}
      </Stack>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm">
            {typeInWords(item.contentType)} · {sizeInWords(item.byteSize)}
            {dims ? ` · ${dims}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Uploaded <time dateTime={item.createdAt}>{formatWhen(item.createdAt, timeZone)}</time>
          </Text>
        </Stack>
        {item.kind === 'image' && <AltTextForm item={item} onChanged={onChanged} announce={announce} />}
        {item.kind === 'image' && <AltTranslations item={item} onChanged={onChanged} announce={announce} />}
        <Stack gap={4}>
          <Title order={3} size="h5">
            Where it is used
          </Title>
          {item.usedBy.length === 0 ? (
            <Text size="sm">Not used anywhere.</Text>
          ) : (
            <>
              <Text size="sm">{usedByInWords(item.usedBy)}:</Text>
              <List size="sm" spacing={2} data-testid="used-by">
                {item.usedBy.map((u) => (
                  <List.Item key={`${u.collection}/${u.id}`}>
                    <Anchor component={Link} to={pathOfUse(u)} size="sm">
                      {labelOfUse(u)}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <ReplaceFile item={item} onChanged={onChanged} announce={announce} />
          <Button component="a" variant="default" href={item.url} download={downloadName(item)}>
            Download
          </Button>
        </Group>
        <DeleteFile key={item.id} item={item} onDeleted={onDeleted} />
      </Stack>
    </SimpleGrid>
  );
}
