/**
 * Deleting a page (super-admins): it goes to the Trash. As it opens, the
 * dialog asks the server what links to the page (`GET …/pages/:id/links`);
 * for a published page, or one something links to, it lists the links and
 * asks up front where its addresses should lead: to another published page
 * (a permanent redirect, for every address the page had in every language)
 * or nowhere ("Gone", 410). Should a link appear meanwhile, the server's
 * refusal (409 with the links) shows them and focus moves to the question,
 * never to the page behind the dialog.
 */
import { Alert, Button, Group, List, Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { editorialPaths } from '../../../shared/editorial.js';
import { formPathOf } from '../../../shared/routes.js';
import { siteApi, type PageData, type PageLink } from '../../../shared/site-structure.js';
import { api, ApiError } from '../../api-client.js';
import type { StaffDocument } from '../content/documents.js';
import { StaffModal } from '../content/staff-modal.js';
import { deletePage, pageLinksSchema, sitePagesKey, useSitePages, type DeleteChoice } from './site-pages.js';
import { messageOf } from '../fields/save-failure.js';

function linkLine(l: PageLink): string {
  if (l.source === 'navigation') return `The ${l.field === 'footer' ? 'footer' : 'top bar'} menu item “${l.title}”`;
  return `“${l.title}” (${l.field.replace(/^data\./, '')})`;
}

/** What links to a page now, asked while the dialog is open. */
function usePageLinks(id: string, enabled: boolean) {
  return useQuery({
    // Not under the pages' key: the list is invalidated once the page is deleted, and its links are not asked again then.
    queryKey: ['site-page-links', id],
    queryFn: async ({ signal }) => pageLinksSchema.parse(await api<unknown>(siteApi.pageLinks(id), { signal })).links,
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function DeletePageButton({ doc }: { doc: StaffDocument }) {
  const title = (doc.data as Partial<PageData>).title ?? 'this page';
  const [open, setOpen] = useState(false);
  /** Links the server named when it refused (newer than those asked for as the dialog opened). */
  const [refusedLinks, setRefusedLinks] = useState<PageLink[] | null>(null);
  const [choice, setChoice] = useState<'redirect' | 'gone' | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const question = useRef<HTMLDivElement>(null);
  const focusQuestion = useRef(false);
  const pages = useSitePages();
  const asked = usePageLinks(doc.id, open);
  const navigate = useNavigate();
  const client = useQueryClient();
  const targets = (pages.data ?? []).filter((p) => p.id !== doc.id && p.livePath).map((p) => ({ value: p.id, label: `${p.title} (${p.livePath})` }));
  const livePath = pages.data?.find((p) => p.id === doc.id)?.livePath ?? null;
  // Not found out: deleting is still offered, and the server's refusal names the links.
  const links = refusedLinks ?? asked.data ?? (asked.isError ? [] : null);
  const asks = links !== null && (links.length > 0 || livePath !== null);
  // With links the address should lead somewhere; without, "gone" is what deleting a published page means.
  const chosen = choice ?? (links && links.length > 0 ? 'redirect' : 'gone');

  useEffect(() => {
    if (!focusQuestion.current) return;
    focusQuestion.current = false;
    question.current?.focus();
  });

  const close = () => {
    if (working) return;
    setOpen(false);
    setRefusedLinks(null);
    setChoice(null);
    setTarget(null);
    setFailure(null);
  };

  const remove = async () => {
    if (working || links === null) return;
    let body: DeleteChoice = {};
    if (asks) {
      if (chosen === 'redirect') {
        if (!target) {
          setFailure('Choose the page its address should lead to, or choose “Gone”.');
          return;
        }
        body = { redirectTo: target };
      } else body = { gone: true };
    }
    setWorking(true);
    setFailure(null);
    try {
      await deletePage(doc.id, doc.version, body);
      await client.invalidateQueries({ queryKey: sitePagesKey });
      notifications.show({ color: 'green', message: `“${title}” is in the Trash.` });
      setOpen(false);
      void navigate(editorialPaths.pages);
    } catch (err) {
      const found = err instanceof ApiError && err.code === 'failed-precondition' ? pageLinksSchema.safeParse(err.details) : null;
      if (found?.success) {
        setRefusedLinks(found.data.links);
        focusQuestion.current = true;
      } else setFailure(messageOf(err));
    } finally {
      setWorking(false);
    }
  };

  return (
    <>
      <Group>
        <Button variant="outline" color="red" onClick={() => setOpen(true)}>
          Delete page…
        </Button>
      </Group>
      <StaffModal opened={open} onClose={close} title="Delete this page?">
        <Stack gap="md">
          {asked.isPending && refusedLinks === null ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">Looking for links to this page…</Text>
            </Group>
          ) : asked.isError && refusedLinks === null ? (
            <Alert color="red" role="alert">
              {`What links to this page could not be found out. ${messageOf(asked.error)}`}
            </Alert>
          ) : (
            <Text>{`“${title}” goes to the Trash and comes off the site. Its sections’ blocks stay in their lists.`}</Text>
          )}
          {asks && links && (
            <Stack gap="sm" ref={question} tabIndex={-1} role="group" aria-labelledby="delete-page-question" data-testid="delete-page-question">
              <Text fw={600} id="delete-page-question">
                Where should its address lead?
              </Text>
              {links.length > 0 ? (
                <>
                  <Text>{`${links.length === 1 ? 'One link points' : `${links.length} links point`} to “${title}”. Visitors who follow ${links.length === 1 ? 'it' : 'them'} after the page is deleted are sent where you choose.`}</Text>
                  <List size="sm" aria-label="Links to this page">
                    {links.map((l, i) => (
                      <List.Item key={`${l.source}:${l.id ?? ''}:${l.field}:${i}`}>
                        {l.id ? <Link to={formPathOf(l.source, l.id)}>{linkLine(l)}</Link> : linkLine(l)}
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : (
                <Text>{`Nothing on the site links to it, but visitors may have kept its address ${livePath ?? ''}.`}</Text>
              )}
              <Radio.Group label="Its addresses then (the current one, older ones and those in other languages)" value={chosen} onChange={(v) => setChoice(v === 'gone' ? 'gone' : 'redirect')}>
                <Stack gap={6} mt={6}>
                  <Radio value="redirect" label="Redirect to another page" />
                  <Radio value="gone" label="Are gone (visitors and search engines are told it was removed: 410)" />
                </Stack>
              </Radio.Group>
              {chosen === 'redirect' && <Select label="Redirect to page" data={targets} value={target} onChange={setTarget} searchable allowDeselect={false} nothingFoundMessage="No published page matches" />}
            </Stack>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={working} data-autofocus>
              Cancel
            </Button>
            {/* Ignored, not disabled, while it runs or while the links are asked for: the button keeps keyboard focus. */}
            <Button color="red" onClick={() => void remove()} data-disabled={working || links === null || undefined} aria-disabled={working || links === null || undefined}>
              {working ? 'Deleting…' : 'Delete page'}
            </Button>
          </Group>
        </Stack>
      </StaffModal>
    </>
  );
}
