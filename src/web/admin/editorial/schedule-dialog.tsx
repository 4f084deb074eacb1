/**
 * "Schedule…": when the block (or its changes) goes live and when it comes off
 * the site, typed as wall-clock times in the site's time zone and sent as ISO
 * instants with that zone's offset. A time that has passed, or that the
 * clocks skip, is refused with a sentence under its field.
 */
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { StaffModal } from '../content/staff-modal.js';
import { useState } from 'react';
import type { EditorialFields } from '../../../shared/editorial.js';
import { isoToWallTime, readScheduleInput, wallTimeToIso } from './zoned-time.js';

export interface ScheduleChoice {
  /** ISO instants with offset; undefined leaves that step as it is. */
  publishAt?: string;
  unpublishAt?: string;
}

interface ScheduleDialogProps {
  opened: boolean;
  doc: EditorialFields;
  timeZone: string;
  working: boolean;
  /** Why the server refused, shown in the dialog. */
  failure: string | null;
  onClose(): void;
  onSchedule(choice: ScheduleChoice): void;
}

function ScheduleForm({ doc, timeZone, working, failure, onClose, onSchedule }: Omit<ScheduleDialogProps, 'opened'>) {
  const [publishValue, setPublishValue] = useState(doc.publishAt ? isoToWallTime(doc.publishAt, timeZone) : '');
  const [unpublishValue, setUnpublishValue] = useState(doc.unpublishAt ? isoToWallTime(doc.unpublishAt, timeZone) : '');
  const [errors, setErrors] = useState<{ publish?: string; unpublish?: string; form?: string }>({});

  const submit = () => {
    const now = Date.now();
    const publish = readScheduleInput(publishValue, doc.publishAt, timeZone, now);
    const unpublish = readScheduleInput(unpublishValue, doc.unpublishAt, timeZone, now);
    const next: typeof errors = { publish: publish.error, unpublish: unpublish.error };
    if (!publish.error && !unpublish.error) {
      const publishMs = publishValue ? wallTimeToIso(publishValue, timeZone) : null;
      const unpublishMs = unpublishValue ? wallTimeToIso(unpublishValue, timeZone) : null;
      if (publishMs?.ok && unpublishMs?.ok && unpublishMs.ms <= publishMs.ms) next.unpublish = 'Choose a time after the one it goes live.';
      else if (!publish.iso && !unpublish.iso) next.form = publishValue || unpublishValue ? 'Nothing changed: give a new time, or close the dialog.' : 'Give a time to publish or to unpublish.';
    }
    setErrors(next);
    if (next.publish || next.unpublish || next.form) return;
    onSchedule({ publishAt: publish.iso, unpublishAt: unpublish.iso });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // React carries a submit through the portal to any form around the dialog's place in the tree.
        e.stopPropagation();
        if (!working) submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Times are in the site’s time zone, <strong>{timeZone}</strong> (Site settings → Time zone). The server publishes and unpublishes at the minute.
        </Text>
        <TextInput
          type="datetime-local"
          label="Publish at"
          description={`When the block, or its changes, go live (${timeZone})`}
          value={publishValue}
          onChange={(e) => setPublishValue(e.currentTarget.value)}
          error={errors.publish}
          data-autofocus
        />
        <TextInput
          type="datetime-local"
          label="Unpublish at"
          description={`When it comes off the site (${timeZone}); leave empty to keep it`}
          value={unpublishValue}
          onChange={(e) => setUnpublishValue(e.currentTarget.value)}
          error={errors.unpublish}
        />
        {(errors.form || failure) && (
          <Alert color="red" role="alert" title="Not scheduled">
            {errors.form ?? failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={working}>
            Cancel
          </Button>
          <Button type="submit" loading={working}>
            Schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ScheduleDialog(props: ScheduleDialogProps) {
  const { opened, working, onClose } = props;
  // A fresh form at each opening, so the inputs start from the block's current schedule; kept while the dialog fades out.
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  return (
    <StaffModal opened={opened} onClose={() => !working && onClose()} title="Schedule">
      <ScheduleForm key={openings} {...props} />
    </StaffModal>
  );
}
