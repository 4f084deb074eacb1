/**
 * /supporters (staff): the people who wrote to the organisation. A search by
 * name or e-mail address (sent as staff type, once it is long enough) lists
 * the people found with how many answers and messages each sent; a person's
 * detail shows every answer (its form, date, language, values by field and
 * the consent given, as the text was shown) and every contact message, with
 * "Download their data" (the JSON file a subject access request asks for)
 * and, for super-admins, "Erase this person" after typing their address.
 * Below, a form's answers as CSV over a period. What staff type never goes
 * into the screen's address.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Box, Button, Card, Grid, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { supporterSearch, type Supporter, type SupporterAnswer } from '../../../shared/supporters.js';
import { useCan } from '../content/abilities.js';
import { LoadFailed, Screen, ScreenHeading } from '../content/screen.js';
import { StaffModal } from '../content/staff-modal.js';
import { useSiteTimeZone } from '../editorial/site-time-zone.js';
import { DownloadButton } from '../content/download-button.js';
import { formatWhen } from '../backups/format.js';
import {
  downloadAnswersCsv,
  downloadPersonExport,
  erasePerson,
  answeredFormsQuery,
  searchable,
  supporterKeys,
  supportersErrorMessage,
  supportersSearchQuery,
  type Erased,
} from './api.js';
import { answeredFormLabel, answerValue, erasedSummary, fieldName, heldSummary, languageName, peopleCount, writtenCount } from './words.js';

function EmptyState() {
  return (
    <Paper withBorder p="lg" radius="md" data-testid="supporters-empty">
      <Stack gap="xs">
        <Title order={2} size="h4">
          What this screen is for
        </Title>
        <Text size="sm">
          Type at least {supporterSearch.minLength} characters of a name or an e-mail address. You see what the person sent: their answers to the forms on the site, with the
          consent they gave, and their contact messages. When a person asks for their data, download it from their page; when they ask to be forgotten, a super-admin
          erases them.
        </Text>
        <Text size="sm" fw={600}>
          Everything here is private personal data. Open it only to answer or look after the person, and do not copy it elsewhere. Downloads and erasures are written
          in the audit log.
        </Text>
      </Stack>
    </Paper>
  );
}

function PersonCard({ person, selected, onOpen }: { person: Supporter; selected: boolean; onOpen(): void }) {
  return (
    <li>
      <button type="button" className="supporter-card" aria-current={selected || undefined} data-testid="supporter" onClick={onOpen}>
        <Text fw={600} component="span" display="block">
          {person.name ?? person.email}
        </Text>
        {person.name && (
          <Text size="sm" component="span" display="block">
            {person.email}
          </Text>
        )}
        <Text size="xs" c="dimmed" component="span" display="block">
          {writtenCount(person.answers.length, person.messages.length)}
        </Text>
      </button>
    </li>
  );
}

function Answer({ answer, timeZone }: { answer: SupporterAnswer; timeZone: string }) {
  const fields = Object.entries(answer.values);
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid="supporter-answer">
      <Stack gap="xs">
        <div>
          <Title order={4} size="h5">
            {answer.formTitle}
          </Title>
          <Text size="xs" c="dimmed">
            Answered <time dateTime={answer.createdAt}>{formatWhen(answer.createdAt, timeZone)}</time> in {languageName(answer.lang)}; kept until{' '}
            <time dateTime={answer.expiresAt}>{formatWhen(answer.expiresAt, timeZone)}</time>
          </Text>
        </div>
        {fields.length > 0 ? (
          <dl className="supporter-values">
            {fields.map(([id, value]) => (
              <Box key={id} style={{ display: 'contents' }}>
                <Text component="dt" size="sm">
                  {fieldName(id)}
                </Text>
                <Text component="dd" size="sm">
                  {answerValue(value)}
                </Text>
              </Box>
            ))}
          </dl>
        ) : (
          <Text size="sm">No field was filled in.</Text>
        )}
        {answer.consent ? (
          <Paper bg="gray.0" p="xs" radius="sm" data-testid="supporter-consent">
            <Text size="sm" fw={600}>
              Consent given <time dateTime={answer.consent.at}>{formatWhen(answer.consent.at, timeZone)}</time>: version {answer.consent.version} in{' '}
              {languageName(answer.consent.lang)}
            </Text>
            <Text size="sm" className="supporter-text" component="blockquote" m={0} mt={4}>
              {answer.consent.text}
            </Text>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            This form asked for no consent.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function EraseDialog({ person, opened, onCancel, onErased, afterClose }: { person: Supporter; opened: boolean; onCancel(): void; onErased(erased: Erased): void; afterClose(): void }) {
  const [typed, setTyped] = useState('');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!opened) return;
    setTyped('');
    setError('');
  }, [opened]);
  const matches = typed.trim().toLowerCase() === person.email.toLowerCase();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!matches || working) return;
    setWorking(true);
    setError('');
    try {
      onErased(await erasePerson(person.id));
    } catch (err) {
      setError(supportersErrorMessage(err));
    } finally {
      setWorking(false);
    }
  };
  const what = heldSummary(person.answers.length, person.messages.length);
  return (
    <StaffModal opened={opened} onClose={() => !working && onCancel()} afterClose={afterClose} title="Erase this person?">
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <Text size="sm">
            Everything held about <strong style={{ overflowWrap: 'anywhere' }}>{person.email}</strong> is removed for good: {what}, and every mail kept for their address. This cannot be undone; the audit log keeps only that a person was erased.
          </Text>
          <TextInput
            label="Type their e-mail address to confirm"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            error={typed.trim() !== '' && !matches ? 'This is not their address yet.' : undefined}
          />
          {error && (
            <Alert color="red" role="alert" title="The person was not erased">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={working}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={working} disabled={!matches}>
              Erase for good
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}

function PersonDetail({
  person,
  timeZone,
  mayErase,
  headingRef,
  onBack,
  onErased,
}: {
  person: Supporter;
  timeZone: string;
  mayErase: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack(): void;
  onErased(erased: Erased): void;
}) {
  const [asking, setAsking] = useState(false);
  const erased = useRef<Erased | null>(null);
  const answers = [...person.answers].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const messages = [...person.messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="supporter-heading" data-testid="supporter-detail">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="supporter-heading" ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {person.name ?? person.email}
          </Title>
          {person.name && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {person.email}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            First wrote <time dateTime={person.createdAt}>{formatWhen(person.createdAt, timeZone)}</time>; times in {timeZone}
          </Text>
        </div>
        <Group gap="sm" align="flex-start">
          <DownloadButton label="Download their data" run={(signal) => downloadPersonExport(person.id, signal)} errorMessage={supportersErrorMessage} />
          {mayErase && (
            <Button color="red" variant="outline" onClick={() => setAsking(true)}>
              Erase this person
            </Button>
          )}
          <Button variant="subtle" hiddenFrom="md" onClick={onBack}>
            Back to the people found
          </Button>
        </Group>
        <Stack gap="xs" component="section" aria-labelledby="supporter-answers-heading">
          <Title order={3} size="h4" id="supporter-answers-heading">
            Answers to forms ({answers.length})
          </Title>
          {answers.length === 0 ? (
            <Text size="sm">No answer to a form.</Text>
          ) : (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {answers.map((a) => (
                <Answer key={a.id} answer={a} timeZone={timeZone} />
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="supporter-messages-heading">
          <Title order={3} size="h4" id="supporter-messages-heading">
            Contact messages ({messages.length})
          </Title>
          {messages.length === 0 ? (
            <Text size="sm">No contact message.</Text>
          ) : (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {messages.map((m) => (
                <Card component="li" key={m.id} withBorder radius="md" padding="sm" data-testid="supporter-message">
                  <Text size="xs" c="dimmed">
                    Sent <time dateTime={m.createdAt}>{formatWhen(m.createdAt, timeZone)}</time>
                  </Text>
                  <Text size="sm" className="supporter-text">
                    {m.message}
                  </Text>
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
      {mayErase && (
        <EraseDialog
          person={person}
          opened={asking}
          onCancel={() => setAsking(false)}
          onErased={(e) => {
            erased.current = e;
            setAsking(false);
          }}
          afterClose={() => {
            const e = erased.current;
            erased.current = null;
            if (e) onErased(e);
          }}
        />
      )}
    </Paper>
  );
}

function AnswersCsv() {
  const answered = useQuery(answeredFormsQuery());
  const forms = answered.data ?? [];
  const [formId, setFormId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const chosen = forms.some((f) => f.id === formId) ? formId : '';
  const badPeriod = from !== '' && to !== '' && from > to;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="answers-csv-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="answers-csv-heading">
            A form’s answers (CSV)
          </Title>
          <Text size="sm" c="dimmed">
            Every answer to one form over a period, one line each, to open in a spreadsheet. Every form with answers kept is listed, the most recently answered first.
          </Text>
        </div>
        {answered.isPending ? (
          <Loader size="sm" aria-label="Loading the forms" />
        ) : answered.isError ? (
          <Alert color="red" role="alert" title="The forms could not be loaded">
            {supportersErrorMessage(answered.error)}
          </Alert>
        ) : forms.length === 0 ? (
          <Text size="sm" data-testid="answers-csv-none">
            No form has answers yet. Once people answer a form on the site, it is listed here.
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NativeSelect
                label="Form"
                description="With its number of answers"
                data={[{ value: '', label: 'Choose a form' }, ...forms.map((f) => ({ value: f.id, label: answeredFormLabel(f) }))]}
                value={chosen}
                onChange={(e) => setFormId(e.currentTarget.value)}
              />
              <TextInput type="date" label="From" description="The first day, included" value={from} onChange={(e) => setFrom(e.currentTarget.value)} max={to || undefined} />
              <TextInput
                type="date"
                label="To"
                description="The last day, included"
                value={to}
                onChange={(e) => setTo(e.currentTarget.value)}
                min={from || undefined}
                error={badPeriod ? 'The last day is before the first day.' : undefined}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Days run from midnight to midnight UTC; leave a day empty for no limit on that side.
            </Text>
            <DownloadButton label="Download answers (CSV)" disabled={!chosen || badPeriod} run={(signal) => downloadAnswersCsv(chosen, from, to, signal)} errorMessage={supportersErrorMessage} />
          </>
        )}
      </Stack>
    </Card>
  );
}

export function SupportersScreen() {
  const client = useQueryClient();
  const mayErase = useCan({ type: 'supporters' })('delete');
  const { timeZone } = useSiteTimeZone();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery({ ...supportersSearchQuery(debounced), placeholderData: keepPreviousData });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusHeading = useRef(false);
  const cards = useRef<HTMLUListElement>(null);

  const active = searchable(debounced);
  const people = active ? (query.data ?? []) : [];
  const selected = people.find((p) => p.id === selectedId) ?? null;
  // Typed but not asked yet, or asked and not answered: the results shown are the previous search's.
  const searching = search.trim() !== debounced || query.isPlaceholderData;

  useEffect(() => {
    if (!focusHeading.current || !selected) return;
    focusHeading.current = false;
    heading.current?.focus();
  });

  const open = (id: string) => {
    setSelectedId(id);
    focusHeading.current = true;
  };

  const back = () => {
    const index = people.findIndex((p) => p.id === selectedId);
    cards.current?.querySelectorAll<HTMLButtonElement>('button.supporter-card')[index]?.focus();
  };

  const erased = (person: Supporter, e: Erased) => {
    // Gone from every search kept in memory, then asked again.
    client.setQueriesData<Supporter[]>({ queryKey: supporterKeys.all }, (old) => old?.filter((p) => p.id !== person.id));
    void client.invalidateQueries({ queryKey: supporterKeys.all });
    setSelectedId(null);
    setNotice(`The person was erased. ${erasedSummary(e)}`);
    window.setTimeout(() => noticeRef.current?.focus(), 0);
  };

  let results: ReactNode;
  if (!active) results = <EmptyState />;
  else if (query.isPending) results = <Loader size="sm" aria-label="Searching" />;
  else if (query.isError && !query.data) results = <LoadFailed title="The search failed" error={new Error(supportersErrorMessage(query.error))} onRetry={() => void query.refetch()} />;
  else if (people.length === 0)
    results = (
      <Text size="sm" data-testid="supporters-none">
        Nobody found. Check the spelling, or try part of the address.
      </Text>
    );
  else
    results = (
      <Grid gap="md" aria-busy={searching || undefined}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            <Title order={2} size="h4" id="supporters-found-heading">
              People found
            </Title>
            <ul className="supporter-list" aria-labelledby="supporters-found-heading" ref={cards}>
              {people.map((p) => (
                <PersonCard key={p.id} person={p} selected={p.id === selectedId} onOpen={() => open(p.id)} />
              ))}
            </ul>
            {people.length >= supporterSearch.limit && (
              <Text size="xs" c="dimmed">
                Only the first {supporterSearch.limit} are shown: type more of the name or address.
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <PersonDetail
              key={selected.id}
              person={selected}
              timeZone={timeZone}
              mayErase={mayErase}
              headingRef={heading}
              onBack={back}
              onErased={(e) => erased(selected, e)}
            />
          ) : (
            <Text size="sm" c="dimmed" visibleFrom="md">
              Choose a person to see what they sent.
            </Text>
          )}
        </Grid.Col>
      </Grid>
    );

  return (
    <Screen>
      <Stack gap="lg">
        <ScreenHeading title="Supporters">
          The people who wrote to the organisation: their answers to forms, with the consent they gave, and their contact messages. Private: staff only.
        </ScreenHeading>
        {notice && (
          <Alert color="green" title="Erased" ref={noticeRef} tabIndex={-1} data-testid="supporters-notice" withCloseButton closeButtonLabel="Dismiss this notice" onClose={() => setNotice('')}>
            {notice}
          </Alert>
        )}
        <Box component="form" role="search" aria-label="People" onSubmit={(e: FormEvent) => e.preventDefault()} maw={560}>
          <TextInput
            type="search"
            label="Find a person"
            description={`A name or an e-mail address, at least ${supporterSearch.minLength} characters; results follow as you type.`}
            value={search}
            maxLength={supporterSearch.maxLength}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setNotice('');
            }}
          />
          <Text size="sm" mt="xs" role="status" aria-live="polite" data-testid="supporters-count">
            {!searchable(search) ? '' : searching ? 'Searching…' : query.data ? (people.length === 0 ? 'Nobody found.' : `${peopleCount(people.length)} found.`) : ''}
          </Text>
        </Box>
        {results}
        <AnswersCsv />
      </Stack>
    </Screen>
  );
}
