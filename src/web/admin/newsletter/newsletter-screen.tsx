/**
 * /newsletter (staff): write an issue from the site's own stories and events
 * (language, subject, introduction, the items picked), look at it as its
 * mail, send a test to oneself, send it to the confirmed readers of its
 * language now or at a set time, watch it go (sent, failed, left) and pause
 * it; below, the subscribers by language and state, their CSV, and an
 * import from a CSV file with where their consent came from.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Checkbox, FileInput, Group, Loader, MultiSelect, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, Textarea, TextInput, Title, useMatches } from '@mantine/core';
import { subscriptionStates, type Newsletter, type SubscriptionState } from '../../../shared/newsletter.js';
import { LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { DownloadButton } from '../content/download-button.js';
import { contentQuery, createIssue, downloadSubscribers, importSubscribers, issueQuery, issuesQuery, newsletterErrorMessage, newsletterKeys, pauseIssue, previewUrl, sendIssue, subscribersQuery, testIssue } from './api.js';

const stateLabels: Record<SubscriptionState, string> = { pending: 'Waiting', confirmed: 'Confirmed', unsubscribed: 'Left' };
const issueStateLabels: Record<Newsletter['state'], string> = { draft: 'Draft', scheduled: 'Scheduled', sending: 'Sending', paused: 'Paused', sent: 'Sent' };

function WriteIssue({ languages, onWritten }: { languages: string[]; onWritten(id: string): void }) {
  const content = useQuery(contentQuery());
  const [lang, setLang] = useState(languages[0] ?? 'en');
  const [subject, setSubject] = useState('');
  const [intro, setIntro] = useState('');
  const [items, setItems] = useState<string[]>([]);
  const [archived, setArchived] = useState(false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem('');
    try {
      const id = await createIssue({ lang, subject, intro, archived, items: items.map((v) => ({ collection: v.split('/')[0] ?? '', id: v.split('/')[1] ?? '' })) });
      setSubject('');
      setIntro('');
      setItems([]);
      onWritten(id);
    } catch (err) {
      setProblem(newsletterErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="write-issue">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="write-issue">
            Write an issue
          </Title>
          <NativeSelect label="Language" data={languages} value={lang} onChange={(e) => setLang(e.currentTarget.value)} />
          <TextInput label="Subject" required value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} />
          <Textarea label="Introduction" description="A blank line starts a new paragraph." autosize minRows={3} value={intro} onChange={(e) => setIntro(e.currentTarget.value)} />
          <MultiSelect
            label="Stories and events"
            description="Each comes with its picture, title and link."
            searchable
            data={(content.data ?? []).map((i) => ({ value: `${i.collection}/${i.id}`, label: `${i.kind === 'event' ? 'Event' : 'Story'}: ${i.title}` }))}
            value={items}
            onChange={setItems}
            nothingFoundMessage={content.isLoading ? 'Loading…' : 'Nothing published matches'}
          />
          <Checkbox label="Show it as a page on the site once it is sent" checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={busy}>
              Write the issue
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Progress({ issue }: { issue: Newsletter }) {
  const { sent, failed, left } = issue.progress;
  return (
    <Text data-testid="issue-progress" role="status">
      {issueStateLabels[issue.state]}: {sent} sent · {failed} failed · {left} left{issue.unsubscribes ? ` · ${issue.unsubscribes} unsubscribed through it` : ''}
    </Text>
  );
}

function IssuePanel({ id }: { id: string }) {
  const client = useQueryClient();
  const issue = useQuery(issueQuery(id));
  const [preview, setPreview] = useState('');
  const [message, setMessage] = useState('');
  const [at, setAt] = useState('');
  const atId = useId();
  useEffect(() => {
    const controller = new AbortController();
    previewUrl(id, controller.signal).then(setPreview, () => undefined);
    return () => controller.abort();
  }, [id]);
  if (issue.isError) return <LoadFailed title="The issue could not be loaded" error={issue.error} onRetry={() => void issue.refetch()} />;
  if (!issue.data) return <Loader aria-label="Loading the issue" />;
  const data = issue.data;
  const act = async (run: () => Promise<unknown>, done: string) => {
    setMessage('');
    try {
      await run();
      setMessage(done);
      await client.invalidateQueries({ queryKey: newsletterKeys.all });
    } catch (err) {
      setMessage(newsletterErrorMessage(err));
    }
  };
  const canSend = data.state === 'draft' || data.state === 'paused' || data.state === 'scheduled';
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="issue-heading" data-testid="issue">
      <Stack gap="sm">
        <Title order={2} size="h3" id="issue-heading">
          {data.subject}
        </Title>
        <Group gap="xs">
          <Badge variant="light">{data.lang}</Badge>
          <Badge variant="outline">{issueStateLabels[data.state]}</Badge>
          {data.sendAt && data.state === 'scheduled' ? <Text size="sm">Goes out at {new Date(data.sendAt).toLocaleString()}</Text> : null}
        </Group>
        <Progress issue={data} />
        <Group>
          <Button variant="default" onClick={() => void act(() => testIssue(id), 'A test is on its way to your own address.')}>
            Send a test to me
          </Button>
          {canSend ? <Button onClick={() => void act(() => sendIssue(id), 'Sending to the confirmed readers of its language.')}>Send now</Button> : null}
          {data.state === 'sending' || data.state === 'scheduled' ? (
            <Button color="orange" variant="light" onClick={() => void act(() => pauseIssue(id), 'Paused: send it again to go on.')}>
              Pause
            </Button>
          ) : null}
        </Group>
        {canSend ? (
          <Group align="flex-end">
            <TextInput id={atId} type="datetime-local" label="Or send at" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            <Button variant="default" disabled={!at} onClick={() => void act(() => sendIssue(id, new Date(at).toISOString()), 'Scheduled.')}>
              Send at this time
            </Button>
          </Group>
        ) : null}
        {message ? (
          <Text size="sm" role="status">
            {message}
          </Text>
        ) : null}
        <Title order={3} size="h4">
          As the mail looks
        </Title>
        {preview ? (
          <>
            <iframe title={`Preview of “${data.subject}” as a mail`} sandbox="allow-same-origin" src={preview} style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-4)', background: '#fff' }} />
            <Anchor href={preview} target="_blank" rel="noopener" size="sm">
              Open the preview as a web page (new tab)
            </Anchor>
          </>
        ) : (
          <Loader aria-label="Loading the preview" />
        )}
      </Stack>
    </Paper>
  );
}

function ImportSubscribers({ languages }: { languages: string[] }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState('');
  const [lang, setLang] = useState(languages[0] ?? 'en');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !file) return;
    setBusy(true);
    setMessage('');
    try {
      const done = await importSubscribers({ csv: await file.text(), source, lang });
      setMessage(`${done.added} added, ${done.already} already subscribed${done.invalid.length ? `, ${done.invalid.length} lines without a valid address (${done.invalid.slice(0, 10).join(', ')})` : ''}.`);
      await client.invalidateQueries({ queryKey: newsletterKeys.all });
    } catch (err) {
      setMessage(newsletterErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="import-heading">
      <Stack gap="xs">
        <Title order={3} size="h4" id="import-heading">
          Import from a CSV file
        </Title>
        <FileInput label="CSV file" description="A column named email; a column named lang is optional." accept=".csv,text/csv" value={file} onChange={setFile} clearable />
        <TextInput label="Where these people agreed to receive the newsletter" required value={source} onChange={(e) => setSource(e.currentTarget.value)} />
        <NativeSelect label="Their language, where the file gives none" data={languages} value={lang} onChange={(e) => setLang(e.currentTarget.value)} />
        <Group>
          <Button type="submit" variant="default" loading={busy} disabled={!file}>
            Import
          </Button>
        </Group>
        {message ? (
          <Text size="sm" role="status">
            {message}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

function Subscribers({ languages }: { languages: string[] }) {
  const [state, setState] = useState<SubscriptionState | 'all'>('confirmed');
  const list = useQuery(subscribersQuery(state));
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const counts = list.data?.counts ?? {};
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="subscribers-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="subscribers-heading">
          Subscribers
        </Title>
        <Table aria-label="Subscribers by language and state (waiting for confirmation, confirmed, left)" striped fz="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Language</Table.Th>
              {subscriptionStates.map((s) => (
                <Table.Th scope="col" key={s}>
                  {stateLabels[s]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(counts).map(([lang, byState]) => (
              <Table.Tr key={lang}>
                <Table.Th scope="row">{lang}</Table.Th>
                {subscriptionStates.map((s) => (
                  <Table.Td key={s}>{byState[s]}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <SegmentedControl
          aria-label="Which subscribers"
          value={state}
          onChange={(v) => setState(v as SubscriptionState | 'all')}
          data={[...subscriptionStates.map((s) => ({ value: s, label: stateLabels[s] })), { value: 'all', label: 'All' }]}
          orientation={orientation}
          fullWidth
        />
        {list.isError ? <LoadFailed title="The subscribers could not be loaded" error={list.error} onRetry={() => void list.refetch()} /> : null}
        <ul className="newsletter-subscribers" data-testid="subscribers">
          {(list.data?.subscribers ?? []).slice(0, 200).map((s) => (
            <li key={s.id}>
              <Text size="sm">
                <strong>{s.email}</strong> · {s.lang} · {stateLabels[s.state]} · {s.source}
              </Text>
            </li>
          ))}
        </ul>
        <DownloadButton label="Download the subscribers (CSV)" run={downloadSubscribers} errorMessage={newsletterErrorMessage} />
        <ImportSubscribers languages={languages} />
      </Stack>
    </Paper>
  );
}

export function NewsletterScreen() {
  const issues = useQuery(issuesQuery());
  const subscribers = useQuery(subscribersQuery('confirmed'));
  const [open, setOpen] = useState<string | null>(null);
  const client = useQueryClient();
  const languages = [...new Set(['en', 'sw', ...Object.keys(subscribers.data?.counts ?? {})])];
  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Newsletter">
          <Text c="dimmed">Issues go to the confirmed readers of their language, each with their own one-click unsubscribe link.</Text>
        </ScreenHeading>
        <WriteIssue
          languages={languages}
          onWritten={(id) => {
            setOpen(id);
            void client.invalidateQueries({ queryKey: newsletterKeys.issues });
          }}
        />
        {open ? <IssuePanel id={open} key={open} /> : null}
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="issues-heading">
          <Stack gap="xs">
            <Title order={2} size="h3" id="issues-heading">
              Issues
            </Title>
            {issues.isError ? <LoadFailed title="The issues could not be loaded" error={issues.error} onRetry={() => void issues.refetch()} /> : null}
            <ul className="newsletter-issues">
              {(issues.data ?? []).map((i) => (
                <li key={i.id}>
                  <Button variant="subtle" onClick={() => setOpen(i.id)} aria-current={open === i.id || undefined}>
                    {i.subject}
                  </Button>
                  <Text component="span" size="sm">
                    {' '}
                    {i.lang} · {issueStateLabels[i.state]} · {i.progress.sent} sent, {i.progress.left} left
                  </Text>
                </li>
              ))}
            </ul>
          </Stack>
        </Paper>
        <Subscribers languages={languages} />
      </Stack>
    </Screen>
  );
}
