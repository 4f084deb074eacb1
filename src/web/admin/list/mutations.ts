/**
 * The list screen's changes to blocks: publish or unpublish, move to the trash, and save a
 * new order. Each answer updates the cached list; every refusal is reported by
 * one function, which names a 409 `aborted` (the block changed since the list
 * loaded) and re-reads the list.
 */
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionDef } from '../../../shared/collections.js';
import type { StaffDocument } from '../content/documents.js';
import { ApiError } from '../../api-client.js';
import { blockTitle } from '../content/block-summary.js';
import { contentKeys, deleteDocument, reorderDocuments, type DocumentList, type ListParams } from '../content/documents.js';
import { publishDocument, unpublishDocument } from '../editorial/api.js';

interface FailureWording {
  title: string;
  /** Said instead when the block changed since the list loaded; only changes that send a version can meet that. */
  conflict?: string;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : 'Something unexpected happened. Try again.';
}

/** The cached page of the list, and the one report of a refused change. */
function useListCache(collection: CollectionDef, params: ListParams) {
  const client = useQueryClient();
  const reload = () => void client.invalidateQueries({ queryKey: contentKeys.collection(collection.name) });
  return {
    /** Shows the server's answer at once, then re-reads every list of the collection. */
    saved(documents: StaffDocument[]) {
      client.setQueryData<DocumentList>(contentKeys.list(collection.name, params), (old) => (old ? { ...old, documents } : old));
      reload();
    },
    failed(wording: FailureWording) {
      return (err: unknown) => {
        const conflict = err instanceof ApiError && err.code === 'aborted' ? wording.conflict : undefined;
        notifications.show({ color: 'red', title: conflict ? 'Changed by someone else' : wording.title, message: conflict ?? errorMessage(err) });
        reload();
      };
    },
  };
}

/** Publish or unpublish, and delete, one block of the shown list; `afterDelete` runs once a delete is answered either way. */
export function useBlockChanges(collection: CollectionDef, params: ListParams, docs: readonly StaffDocument[], afterDelete: () => void) {
  const cache = useListCache(collection, params);
  const title = (doc: StaffDocument) => blockTitle(collection, doc.data);
  const reportDelete = cache.failed({ title: 'Not moved to the trash', conflict: 'Someone else changed this block since the list loaded. The list is reloaded; check it and try again.' });

  const toggleStatus = useMutation({
    mutationFn: (doc: StaffDocument) => (doc.status === 'published' ? unpublishDocument : publishDocument)(collection.name, doc.id, doc.version),
    onSuccess: (saved) => {
      notifications.show({
        color: 'green',
        message: saved.status === 'published' ? `“${title(saved)}” is published.` : `“${title(saved)}” is now a draft and hidden from the website.`,
      });
      cache.saved(docs.map((d) => (d.id === saved.id ? saved : d)));
    },
    onError: cache.failed({ title: 'Not changed', conflict: 'Someone else changed this block. The list is reloaded; check it and try again.' }),
  });

  const remove = useMutation({
    mutationFn: (doc: StaffDocument) => deleteDocument(collection.name, doc.id, doc.version),
    onSuccess: (_v, doc) => {
      afterDelete();
      notifications.show({ color: 'green', message: `“${title(doc)}” is in the trash. It can be restored from there.` });
      cache.saved(docs.filter((d) => d.id !== doc.id));
    },
    onError: (err) => {
      afterDelete();
      reportDelete(err);
    },
  });

  return { toggleStatus, remove };
}

/** Saves the whole list's order; `onFailed` puts the list back as it was. */
export function useSaveOrder(collection: CollectionDef, params: ListParams, onFailed: () => void) {
  const cache = useListCache(collection, params);
  const report = cache.failed({ title: 'Order not saved' });
  return useMutation({
    mutationFn: (ids: string[]) => reorderDocuments(collection.name, ids),
    onSuccess: (documents) => cache.saved(documents),
    onError: (err) => {
      onFailed();
      report(err);
    },
  });
}
