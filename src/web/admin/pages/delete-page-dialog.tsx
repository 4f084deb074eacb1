/**
 * Deleting a page (super-admins): it goes to the Trash. While blocks link to
 * a published page the server refuses (409 with the links); the dialog then
 * lists them and asks where the old address should lead: to another
 * published page (a permanent redirect) or nowhere ("Gone", 410), and asks
 * again with that choice.
 */
import { Alert, Button, Group, List, Radio, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { editorialPaths } from '../../../shared/editorial.js';
import { formPathOf } from '../../../shared/routes.js';
import type { PageData, PageLink } from '../../../shared/site-structure.js';
import { ApiError } from '../../api-client.js';
import type { StaffDocument } from '../content/documents.js';
import { StaffModal } from '../content/staff-modal.js';
import { deletePage, pageLinksSchema, sitePagesKey, useSitePages, type DeleteChoice } from './site-pages.js';
import { messageOf } from '../fields/save-failure.js';

function linkLine(l: PageLink): string {
  if (l.source === 'navigation') return `The ${l.field === 'footer' ? 'footer' : 'top bar'} menu item “${l.title}”`;
  return `“${l.title}” (${l.field.replace(/^data\./, '')})`;
}

export function DeletePageButton({ doc }: { doc: StaffDocument }) {
  const title = (doc.data as Partial<PageData>).title ?? 'this page';
  const [open, setOpen] = useState(false);
  const [links, setLinks] = useState<PageLink[] | null>(null);
  const [choice, setChoice] = useState<'redirect' | 'gone'>('redirect');
  const [target, setTarget] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pages = useSitePages();
  const navigate = useNavigate();
  const client = useQueryClient();
  const targets = (pages.data ?? []).filter((p) => p.id !== doc.id && p.livePath).map((p) => ({ value: p.id, label: `${p.title} (${p.livePath})` }));

  const close = () => {
    if (working) return;
    setOpen(false);
    setLinks(null);
    setFailure(null);
  };

  const remove = async () => {
    let body: DeleteChoice = {};
    if (links) {
      if (choice === 'redirect') {
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
      if (found?.success) setLinks(found.data.links);
      else setFailure(messageOf(err));
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
      <StaffModal opened={open} onClose={close} title={links ? 'Where should its address lead?' : 'Delete this page?'}>
        <Stack gap="md">
          {links ? (
            <>
              <Text>{`${links.length === 1 ? 'One link points' : `${links.length} links point`} to “${title}”. Visitors who follow ${links.length === 1 ? 'it' : 'them'} after the page is deleted are sent where you choose.`}</Text>
              <List size="sm" aria-label="Links to this page">
                {links.map((l, i) => (
                  <List.Item key={`${l.source}:${l.id ?? ''}:${l.field}:${i}`}>
                    {l.id ? <Link to={formPathOf(l.source, l.id)}>{linkLine(l)}</Link> : linkLine(l)}
                  </List.Item>
                ))}
              </List>
              <Radio.Group label="Its address then" value={choice} onChange={(v) => setChoice(v === 'gone' ? 'gone' : 'redirect')}>
                <Stack gap={6} mt={6}>
                  <Radio value="redirect" label="Redirects to another page" />
                  <Radio value="gone" label="Is gone (visitors and search engines are told it was removed: 410)" />
                </Stack>
              </Radio.Group>
              {choice === 'redirect' && <Select label="Redirect to page" data={targets} value={target} onChange={setTarget} searchable allowDeselect={false} nothingFoundMessage="No published page matches" />}
            </>
          ) : (
            <Text>{`“${title}” goes to the Trash and comes off the site. Its sections’ blocks stay in their lists.`}</Text>
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
            <Button color="red" onClick={() => void remove()} loading={working}>
              Delete page
            </Button>
          </Group>
        </Stack>
      </StaffModal>
    </>
  );
}
