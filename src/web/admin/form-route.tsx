/**
 * The form screen of every collection, generated from the registry, at every
 * form path (SPEC.md's misspelled ones too). `new` creates a block; any other
 * id edits one.
 */
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { RouteMark } from '../../shared/access.js';
import { collectionDataSchema, type CollectionDef, type ContentDocument } from '../../shared/collections.js';
import { listPathOf } from '../../shared/routes.js';
import { ApiError } from '../api-client.js';
import { blockTitle, PublishStatusBadge } from './content/block-summary.js';
import { collectionRoute, ContentLoader } from './content/screen.js';
import { contentKeys, createDocument, fetchDocument, patchDocument, useDocument } from './content/documents.js';
import { BlockForm, type EditableBlock } from './fields/block-form.js';

function editable(doc: ContentDocument): EditableBlock {
  return { data: doc.data, status: doc.status, version: doc.version };
}

function BlockEditor({ collection }: { collection: CollectionDef }) {
  const { id: rawId = 'new' } = useParams();
  const id = rawId === 'new' ? null : rawId;
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useDocument(collection.name, id);
  const listPath = listPathOf(collection.name);
  const creating = id === null;
  const heading = creating ? `New ${collection.label}` : `Edit ${collection.label}`;

  if (!creating && query.isPending) {
    return <ContentLoader label="Loading the block" />;
  }
  if (!creating && query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 'not-found';
    return (
      <Stack gap="md" maw={760}>
        <Title order={1}>{heading}</Title>
        <Alert color="red" role="alert" title={notFound ? 'This block does not exist' : 'The block could not be loaded'}>
          {query.error.message}
        </Alert>
        <Group>
          {!notFound && <Button onClick={() => void query.refetch()}>Try again</Button>}
          <Anchor component={Link} to={listPath}>
            Back to {collection.label}
          </Anchor>
        </Group>
      </Stack>
    );
  }

  const doc = query.data;
  const initial: EditableBlock = doc ? editable(doc) : { data: {}, status: 'draft', version: null };

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={listPath} size="sm">
          ← Back to {collection.label}
        </Anchor>
        <Group gap="sm" align="center" mt={4}>
          <Title order={1}>{heading}</Title>
          {doc && <PublishStatusBadge status={doc.status} />}
        </Group>
        <Text c="dimmed" size="sm" mt={4}>
          {collection.description}
        </Text>
      </div>
      <BlockForm
        // A different document (or a fresh load) starts a fresh form.
        key={doc ? `${doc.id}` : 'new'}
        fields={collection.fields}
        dataSchema={collectionDataSchema(collection)}
        withStatus
        initial={initial}
        cancelTo={listPath}
        save={async (values, version) => {
          const status = values.status ?? 'draft';
          const saved =
            id === null || version === null
              ? await createDocument(collection.name, { data: values.data, status })
              : await patchDocument(collection.name, id, version, { data: values.data, status });
          void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
          return editable(saved);
        }}
        loadLatest={async () => {
          if (id === null) throw new Error('Nothing to reload: this block is not saved yet.');
          return editable(await fetchDocument(collection.name, id));
        }}
        onSaved={(saved) => {
          notifications.show({ color: 'green', message: `Saved “${blockTitle(collection, saved.data)}”.` });
          void navigate(listPath);
          return true;
        }}
      />
    </Stack>
  );
}

export function formRoute(collection: string, marks: readonly RouteMark[]) {
  return collectionRoute(collection, marks, BlockEditor);
}
