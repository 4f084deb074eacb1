/**
 * The editorial buttons of a block's form (Publish or Publish changes, Discard
 * changes, Unpublish, Preview, Schedule…, Cancel schedule) and their dialogs.
 * Each step saves the form first when it has unsaved changes (Discard drops
 * them instead), hands the server's answer to the screen, and says what
 * happened in the screen's live region. A 409 opens the form's conflict dialog.
 */
import { Alert, Anchor, Button, List, Text } from '@mantine/core';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { z } from 'zod';
import type { CollectionDef } from '../../../shared/collections.js';
import { findingSchema, type Finding } from '../../../shared/site-check.js';
import type { PreviewBody } from '../../../shared/editorial.js';
import type { PublishBody } from '../../../shared/site-check.js';
import { pageChangesInWords, type PageBlockChanges, type PageChanges } from '../../../shared/site-structure.js';
import { messageByCode } from '../../../shared/errors.js';
import { ApiError } from '../../api-client.js';
import { blockTitle } from '../content/block-summary.js';
import type { StaffDocument } from '../content/documents.js';
import type { BlockFormHandle } from '../fields/block-form.js';
import { absoluteTime } from '../content/relative-time.js';
import { cancelSchedule, createPreviewLink, discardChanges, publishDocument, unpublishDocument } from './api.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ScheduleDialog, type ScheduleChoice } from './schedule-dialog.js';
import { PublishChecksDialog } from './publish-checks-dialog.js';
import { scheduleSentences } from './state-line.js';
import { formatWhen } from '../backups/format.js';
import { publishedGreen } from '../theme.js';
import { usePageShowing } from '../pages/site-pages.js';

type Step = 'publish' | 'discard' | 'unpublish' | 'preview' | 'schedule' | 'cancel-schedule';

/**
 * A page's one publish (shared/site-structure.ts): Publish and Schedule take
 * the page and its sections' blocks together, after saying what will go live.
 */
export interface OnePublish {
  /** What Publish would take live now. */
  changes(): Promise<PageChanges>;
  /** Publishes (or schedules, with `at`); what went live. */
  publish(version: number, body: PublishBody): Promise<PageBlockChanges>;
  /** The page as it is after the publish. */
  reload(): Promise<StaffDocument>;
  /** A finding's field in words, naming its block ("Water slide: Picture"). */
  findingLabel(finding: Finding): string;
}

interface EditorialActionsProps {
  collection: CollectionDef;
  doc: StaffDocument;
  dirty: boolean;
  form: RefObject<BlockFormHandle | null>;
  timeZone: string;
  /** The server's answer after a step: the screen shows it (and the form starts from it). */
  onChanged(doc: StaffDocument): void;
  /** Says a sentence in the screen's live region (and moves focus to the state line). */
  announce(message: string): void;
  /** Moves focus to a field the authoring checks name ("Go back and fix"); a page's publish names the block too. */
  onFix?(field: string, finding?: Finding): void;
  /** A page: one publish for the page and its blocks. */
  onePublish?: OnePublish;
  /** What Preview shows: by default the block on its collection's page (none without a page). */
  preview?: PreviewBody | null;
}

/** A publish the server refused for accessibility errors, waiting for the editor's answer. */
interface PendingOverride {
  findings: Finding[];
  /** Publishes (or schedules) again, confirming the errors. */
  proceed(): Promise<boolean>;
}

/** A publish at an address a redirect set up by hand holds, waiting for a super-admin's answer. */
interface PendingRedirect {
  message: string;
  /** Publishes again, replacing the redirect. */
  proceed(): Promise<boolean>;
}

const refusalDetailsSchema = z.object({ findings: z.array(findingSchema) });
const redirectDetailsSchema = z.object({ replaceRedirect: z.literal(true) });

/** The server's question before a page replaces a redirect set up by hand at its address (a 409 to super-admins), or null. */
function redirectQuestionOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== 'already-exists') return null;
  return redirectDetailsSchema.safeParse(err.details).success ? err.message : null;
}

/** The errors of a publish refused by the authoring checks, or null for any other refusal. */
function checkErrorsOf(err: unknown): Finding[] | null {
  if (!(err instanceof ApiError) || err.code !== 'invalid-argument') return null;
  const parsed = refusalDetailsSchema.safeParse(err.details);
  return parsed.success && parsed.data.findings.length > 0 ? parsed.data.findings : null;
}

function fieldLabel(collection: CollectionDef, path: string): string {
  const name = path.replace(/^data\./, '').split('.')[0] ?? path;
  return collection.fields.find((f) => f.name === name)?.label ?? name;
}

/** Runs the step a dialog's question waits for, its button busy meanwhile, then closes the dialog. */
async function confirmStep(pending: { proceed(): Promise<boolean> } | null, setBusy: (busy: boolean) => void, close: () => void): Promise<void> {
  if (!pending) return;
  setBusy(true);
  try {
    await pending.proceed();
  } finally {
    setBusy(false);
    close();
  }
}

/** The buttons go inside the form's button row; the dialogs and the last refusal beside it. */
export function useEditorialActions({ collection, doc, dirty, form, timeZone, onChanged, announce, onFix, preview: previewOf, onePublish }: EditorialActionsProps): { buttons: ReactNode; panel: ReactNode } {
  const [working, setWorking] = useState<Step | null>(null);
  const [pendingOverride, setPendingOverride] = useState<PendingOverride | null>(null);
  const [pendingRedirect, setPendingRedirect] = useState<PendingRedirect | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [overriding, setOverriding] = useState(false);
  const fixField = useRef<Finding | null>(null);
  const [asking, setAsking] = useState<'discard' | 'unpublish' | 'schedule' | 'publish' | null>(null);
  /** What a page's Publish will take live, while the editor is asked. */
  const [goingLive, setGoingLive] = useState<PageChanges | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; lines: string[] } | null>(null);
  const [scheduleFailure, setScheduleFailure] = useState<string | null>(null);
  const [previewLink, setPreviewLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const title = blockTitle(collection, doc.data);
  const published = doc.status === 'published';
  // A page's blocks may have changes of their own: its Publish is always offered, and says when there is nothing to publish.
  const canPublish = onePublish !== undefined || !published || doc.hasPendingChanges || dirty;
  // A block is previewed on the page that shows its collection now.
  const page = usePageShowing(collection.name);
  const previewBody: PreviewBody | null = previewOf !== undefined ? previewOf : page ? { page, document: doc.id } : null;

  const refuse = (step: Step, err: unknown, wording: string) => {
    if (err instanceof ApiError && err.code === 'aborted') {
      setAsking(null);
      form.current?.showConflict();
      return;
    }
    let lines = [err instanceof Error ? err.message : messageByCode.unknown];
    if (err instanceof ApiError && err.code === 'invalid-argument') {
      const fields = Object.entries(err.fields ?? {});
      if (fields.length === 0 && err.field) fields.push([err.field, err.message]);
      if (fields.length > 0) lines = fields.map(([path, message]) => `${fieldLabel(collection, path)}: ${message}`);
    }
    if (step === 'schedule') setScheduleFailure(lines.join(' '));
    else setRefusal({ title: wording, lines });
    announce(`${wording}. ${lines.join(' ')}`);
  };

  /**
   * Runs one step; `saveFirst` keeps what was typed by saving it before the
   * step. `retry` is the same step confirming the authoring checks' errors:
   * a refusal for them opens the confirmation instead of the refusal.
   */
  const run = async (
    step: Step,
    wording: string,
    call: (version: number) => Promise<StaffDocument | null>,
    saveFirst = true,
    retry?: (version: number) => Promise<StaffDocument | null>,
    replaceRedirect?: () => Promise<boolean>,
  ): Promise<boolean> => {
    // Ignored, not disabled, while another step runs, so keyboard focus stays where it is.
    if (working) return false;
    setWorking(step);
    setRefusal(null);
    try {
      const version = saveFirst ? await form.current?.saveIfDirty() : doc.version;
      if (version === null || version === undefined) return false;
      const answer = await call(version);
      if (answer) onChanged(answer);
      return true;
    } catch (err) {
      const errors = step === 'publish' || step === 'schedule' ? checkErrorsOf(err) : null;
      if (errors && retry) {
        // The editor decides: fix the errors, or publish anyway (the audit log records that).
        setAsking(null);
        // The dialog says it as it takes focus: no notification over the buttons, no focus moved elsewhere.
        setPendingOverride({ findings: errors, proceed: () => run(step, wording, retry, saveFirst, undefined, replaceRedirect) });
        return false;
      }
      const question = replaceRedirect ? redirectQuestionOf(err) : null;
      if (question && replaceRedirect) {
        setAsking(null);
        setPendingRedirect({ message: question, proceed: replaceRedirect });
        return false;
      }
      refuse(step, err, wording);
      return false;
    } finally {
      setWorking(null);
    }
  };

  const publishCall = (flags: { overrideChecks?: true; replaceRedirect?: true }) => async (version: number) => {
    if (onePublish) {
      const went = await onePublish.publish(version, flags);
      const despite = flags.overrideChecks ? ' The audit log records that it was published despite accessibility errors.' : '';
      const replaced = flags.replaceRedirect ? ' The redirect that was at its address is removed, and the audit log records it.' : '';
      const what = pageChangesInWords(went);
      announce(`Published ${what === 'the page' ? `“${title}”` : `${what.replace(/^the page/, `“${title}”`)}`}. The website shows ${(went.page ? 1 : 0) + went.blocks.length === 1 ? 'it' : 'them'} now.${despite}${replaced}`);
      return onePublish.reload();
    }
    const d = await publishDocument(collection.name, doc.id, version, flags);
    const despite = flags.overrideChecks ? ' The audit log records that it was published despite accessibility errors.' : '';
    const replaced = flags.replaceRedirect ? ' The redirect that was at its address is removed, and the audit log records it.' : '';
    announce(published ? `The changes to “${title}” are published. The website shows them now.${despite}${replaced}` : `“${title}” is published. The website shows it now.${despite}${replaced}`);
    return d;
  };

  /** Publishes; a refusal for accessibility errors asks to publish anyway, one for a redirect at the page's address asks to replace it. */
  const publishWith = (replaceRedirect: boolean): Promise<boolean> =>
    run(
      'publish',
      published ? 'Changes not published' : 'Not published',
      publishCall(replaceRedirect ? { replaceRedirect: true } : {}),
      true,
      publishCall(replaceRedirect ? { overrideChecks: true, replaceRedirect: true } : { overrideChecks: true }),
      replaceRedirect ? undefined : () => publishWith(true),
    );
  /** A page: saves what is typed, then says what will go live before publishing it. */
  const askPublish = async () => {
    if (!onePublish || working) return;
    setWorking('publish');
    setRefusal(null);
    try {
      const version = await form.current?.saveIfDirty();
      if (version === null || version === undefined) return;
      const changes = await onePublish.changes();
      if (!changes.page && changes.blocks.length === 0) {
        announce(`Nothing to publish: visitors see “${title}” as it is here.`);
        return;
      }
      setGoingLive(changes);
      setAsking('publish');
    } catch (err) {
      refuse('publish', err, published ? 'Changes not published' : 'Not published');
    } finally {
      setWorking(null);
    }
  };
  const publish = () => void (onePublish ? askPublish() : publishWith(false));
  const confirmPublish = async () => {
    const done = await publishWith(false);
    if (done) setAsking(null);
  };

  const replaceRedirectAndPublish = () => confirmStep(pendingRedirect, setReplacing, () => setPendingRedirect(null));

  const discard = async () => {
    const done = await run(
      'discard',
      'Changes not discarded',
      async (version) => {
        const d = await discardChanges(collection.name, doc.id, version);
        announce(`The unpublished changes to “${title}” are discarded. The form shows the published version.`);
        return d;
      },
      false,
    );
    if (done) setAsking(null);
  };

  const unpublish = async () => {
    const done = await run('unpublish', 'Not unpublished', async (version) => {
      const d = await unpublishDocument(collection.name, doc.id, version);
      announce(`“${title}” is unpublished: it is a draft and no longer on the website.`);
      return d;
    });
    if (done) setAsking(null);
  };

  const preview = () =>
    void run('preview', 'No preview', async () => {
      if (!previewBody) return null;
      const link = await createPreviewLink(previewBody);
      setPreviewLink({ url: link.url, expiresAt: link.expiresAt });
      const tab = window.open(link.url, '_blank');
      if (tab) tab.opener = null;
      announce(tab ? `The preview opened in a new tab. Its link works until ${absoluteTime(link.expiresAt)}.` : 'The preview is ready: open it with the link below the buttons.');
      // The preview saved nothing new unless the form was dirty; the version is unchanged otherwise.
      return null;
    });

  const scheduleCall = (choice: ScheduleChoice, overrideChecks: boolean) => async (version: number) => {
    let d: StaffDocument | null = null;
    let base = version;
    if (choice.publishAt) {
      if (onePublish) {
        await onePublish.publish(base, { at: choice.publishAt, ...(overrideChecks ? { overrideChecks } : {}) });
        d = await onePublish.reload();
      } else d = await publishDocument(collection.name, doc.id, base, { at: choice.publishAt, ...(overrideChecks ? { overrideChecks } : {}) });
      base = d.version;
    }
    if (choice.unpublishAt) d = await unpublishDocument(collection.name, doc.id, base, { at: choice.unpublishAt });
    if (d) announce(`Scheduled. ${scheduleSentences(d, timeZone).join('. ')}.`);
    return d;
  };

  const schedule = async (choice: ScheduleChoice) => {
    setScheduleFailure(null);
    const done = await run('schedule', 'Not scheduled', scheduleCall(choice, false), true, scheduleCall(choice, true));
    if (done) setAsking(null);
  };

  const publishAnyway = () => confirmStep(pendingOverride, setOverriding, () => setPendingOverride(null));

  const goBackAndFix = () => {
    fixField.current = pendingOverride?.findings[0] ?? null;
    setPendingOverride(null);
  };

  // Once the dialog has handed focus back: the field to fix takes it.
  const afterChecksDialog = () => {
    const finding = fixField.current;
    fixField.current = null;
    if (finding && onFix) onFix(finding.field, finding);
  };

  const cancel = () =>
    void run('cancel-schedule', 'Schedule not cancelled', async (version) => {
      const d = await cancelSchedule(collection.name, doc.id, version);
      announce(`The schedule of “${title}” is cancelled. Nothing will happen to it by itself.`);
      return d;
    });

  const buttons = (
    <>
      <Button variant="filled" color={publishedGreen} disabled={!canPublish} onClick={publish} loading={working === 'publish'} data-busy={working === 'publish' || undefined}>
        {published ? 'Publish changes' : 'Publish'}
      </Button>
      {published && doc.hasPendingChanges && (
        <Button variant="default" onClick={() => setAsking('discard')}>
          Discard changes
        </Button>
      )}
      {published && (
        <Button variant="default" onClick={() => setAsking('unpublish')}>
          Unpublish
        </Button>
      )}
      {previewBody && (
        <Button variant="default" onClick={preview} loading={working === 'preview'}>
          Preview
        </Button>
      )}
      <Button variant="default" onClick={() => { setScheduleFailure(null); setAsking('schedule'); }}>
        Schedule…
      </Button>
      {(doc.publishAt || doc.unpublishAt) && (
        <Button variant="default" onClick={cancel} loading={working === 'cancel-schedule'}>
          Cancel schedule
        </Button>
      )}
    </>
  );

  const panel = (
    <>
      {refusal && (
        <Alert color="red" role="alert" title={refusal.title} maw={760}>
          {refusal.lines.length === 1 ? (
            <Text size="sm">{refusal.lines[0]}</Text>
          ) : (
            <List size="sm">
              {refusal.lines.map((l) => (
                <List.Item key={l}>{l}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {previewLink && (
        <Text size="sm">
          Preview link (works until {formatWhen(previewLink.expiresAt, timeZone)}):{' '}
          <Anchor href={previewLink.url} target="_blank" rel="noopener">
            open the preview of “{title}”
          </Anchor>
        </Text>
      )}
      <ConfirmDialog
        opened={asking === 'discard'}
        title="Discard the unpublished changes?"
        confirmLabel="Discard changes"
        danger
        working={working === 'discard'}
        onCancel={() => setAsking(null)}
        onConfirm={() => void discard()}
      >
        {`The form goes back to the version visitors see now. The discarded changes stay in the History${dirty ? '; what you typed since the last save is lost' : ''}.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'unpublish'}
        title={`Unpublish this ${collection.nouns.one}?`}
        confirmLabel="Unpublish"
        danger
        working={working === 'unpublish'}
        onCancel={() => setAsking(null)}
        onConfirm={() => void unpublish()}
      >
        {`“${title}” comes off the website at once and becomes a draft. You can publish it again later.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={asking === 'publish' && goingLive !== null}
        title={goingLive ? `Publish ${pageChangesInWords(goingLive)}?` : 'Publish?'}
        confirmLabel="Publish"
        working={working === 'publish'}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirmPublish()}
      >
        {goingLive && (
          <>
            <Text size="sm">{`These go live together, at once:`}</Text>
            <List size="sm" mt={4}>
              {goingLive.page && <List.Item>{`The page “${title}”${published ? ' (its changes)' : ''}`}</List.Item>}
              {goingLive.blocks.map((b) => (
                <List.Item key={`${b.collection}:${b.id}`}>{`“${b.title}”${b.change === 'changes' ? ' (its changes)' : ''}`}</List.Item>
              ))}
            </List>
            {goingLive.empty && (
              <Alert color="orange" mt="sm" title="This page shows nothing yet">
                None of its sections has a block visitors would see: the page would be a title and nothing else. Add a block first, or publish anyway.
              </Alert>
            )}
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pendingRedirect !== null}
        title="Replace the redirect at this address?"
        confirmLabel="Replace the redirect and publish"
        danger
        working={replacing}
        onCancel={() => setPendingRedirect(null)}
        onConfirm={() => void replaceRedirectAndPublish()}
      >
        {pendingRedirect?.message ?? ''}
      </ConfirmDialog>
      <PublishChecksDialog
        findings={pendingOverride?.findings ?? null}
        fieldLabel={(field, finding) => (onePublish && finding ? onePublish.findingLabel(finding) : fieldLabel(collection, field))}
        working={overriding}
        onFix={goBackAndFix}
        afterClose={afterChecksDialog}
        onPublishAnyway={() => void publishAnyway()}
      />
      <ScheduleDialog
        opened={asking === 'schedule'}
        doc={doc}
        timeZone={timeZone}
        working={working === 'schedule'}
        failure={scheduleFailure}
        onClose={() => setAsking(null)}
        onSchedule={(choice) => void schedule(choice)}
      />
    </>
  );

  return { buttons, panel };
}

/** For the notification after a plain Save. */
export function savedMessage(title: string, published: boolean): string {
  return published ? `Saved “${title}”. The public site is unchanged until you publish the changes.` : `Saved “${title}”.`;
}
