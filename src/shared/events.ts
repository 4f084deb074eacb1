/**
 * Registration for events (blocks of the `event` kind): the settings editors
 * give an event, the states of a registration, and the shapes of the staff API
 * and of the public answer. Declared once here for the staff app, the public
 * page the server renders and the server's checks.
 *
 * A registration is kept with its person (the supporters' place, by e-mail
 * address): one per person and event. Places are taken inside one transaction
 * per event, so an event is never overbooked, whatever the number of server
 * instances.
 */
import { z } from 'zod';
import { schema } from './lazy-schema.js';
import { extraQuestionsSchema, formAnswerValueSchema, formLimits, formRateLimits, type FormField } from './forms.js';

/** A registration's state. `attended` is a mark on a confirmed one (`attendedAt`), not a state of its own. */
export const registrationStates = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationState = (typeof registrationStates)[number];

export const eventRegistrationLimits = {
  /** The most places an event offers. */
  maxPlaces: 100_000,
  /** Hours before the start the reminder goes out, unless the editor chooses. */
  defaultReminderHours: 24,
  maxReminderHours: 24 * 14,
  /** Months registrations are kept after the event ends (then retention deletes them), unless the editor chooses. */
  defaultRetentionMonths: 12,
  /** A mail to everyone registered (say, a change of room). */
  mailSubject: 200,
  mailText: 5000,
} as const;

/** What the public event shows and what a registration attempt answers. */
export const registrationOutcomes = ['confirmed', 'waitlist', 'closed', 'already'] as const;
export type RegistrationOutcome = (typeof registrationOutcomes)[number];

/** The places of an event as visitors see them: `left` is null when registration is off. */
export const eventPlacesSchema = schema(() => z.strictObject({
  open: z.boolean(),
  places: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
  waitlist: z.boolean(),
  closesAt: z.string().nullable(),
}));
export type EventPlaces = z.infer<typeof eventPlacesSchema>;

/** One registration as staff see it. */
export const registrationSchema = schema(() => z.strictObject({
  id: z.string(),
  supporterId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  state: z.enum(registrationStates),
  /** The language the person registered in: their mails are in it. */
  lang: z.string(),
  /** Answers to the questions the editor added, by field id. */
  values: z.record(z.string(), formAnswerValueSchema),
  /** The place in the waitlist (1 first), null when not waitlisted. */
  waitlistPosition: z.number().int().positive().nullable(),
  attendedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type Registration = z.infer<typeof registrationSchema>;

/** `GET /api/events/:id/registrations` */
export const registrationsAnswerSchema = schema(() => z.strictObject({
  event: z.strictObject({ id: z.string(), title: z.string(), startsAt: z.string(), places: z.number().int().nonnegative(), waitlist: z.boolean() }),
  counts: z.strictObject({ confirmed: z.number().int(), waitlisted: z.number().int(), cancelled: z.number().int(), attended: z.number().int() }),
  registrations: z.array(registrationSchema),
}));
export type RegistrationsAnswer = z.infer<typeof registrationsAnswerSchema>;

/** `GET /api/events/registration-counts`: per event id, the counts the events list shows. */
export const registrationCountsSchema = schema(() => z.record(z.string(), z.strictObject({ confirmed: z.number().int(), waitlisted: z.number().int(), places: z.number().int() })));
export type RegistrationCounts = z.infer<typeof registrationCountsSchema>;

/** `PATCH /api/events/:id/registrations/:registrationId`: mark attendance, or move someone (from the waitlist by hand, or cancel). */
export const registrationChangeSchema = schema(() => z.strictObject({
  attended: z.boolean().optional(),
  state: z.enum(registrationStates).optional(),
}).refine((c) => c.attended !== undefined || c.state !== undefined, 'Say what changes: attended or state.'));
export type RegistrationChange = z.infer<typeof registrationChangeSchema>;

/** `POST /api/events/:id/mail`: one mail to everyone registered (confirmed, and the waitlist when asked). */
export const registrationMailSchema = schema(() => z.strictObject({
  subject: z.string().trim().min(1, 'A mail needs a subject.').max(eventRegistrationLimits.mailSubject),
  text: z.string().trim().min(1, 'A mail needs a text.').max(eventRegistrationLimits.mailText),
  includeWaitlist: z.boolean().default(false),
}));

/** The answer of `POST /api/events/:id/mail`: how many mails were queued. */
export const registrationMailAnswerSchema = schema(() => z.strictObject({ mailed: z.number().int().nonnegative() }));

/** The public registration of an event posts here (a plain HTML form: it works without JavaScript). Not under /api: its answer is a page. */
export const eventRegisterPattern = '/events/:id/register' as const;
export function eventRegisterPath(id: string): string {
  return eventRegisterPattern.replace(':id', encodeURIComponent(id));
}

/** The cancel link in a confirmation: `GET` shows a confirmation page, a `POST` from it cancels. The token is signed and used once. */
export const registrationCancelPattern = '/registrations/cancel/:token' as const;
export function registrationCancelPath(token: string): string {
  return registrationCancelPattern.replace(':token', encodeURIComponent(token));
}

/** The id of the registration element on an event's page (`#register-<id>`). */
export const registrationAnchor = (eventId: string) => `register-${eventId}`;

/** Where a registration leads (303) once taken: the event's register path with `?registered=<outcome>`, which shows the outcome on the event's page. */
export const registrationOutcomeParam = 'registered' as const;

/** Every cancel link starts so: the request log writes such paths without their token (a secret). */
export const registrationCancelPrefix = registrationCancelPattern.slice(0, registrationCancelPattern.indexOf(':token'));

/**
 * How many registrations the server takes: per client address (every event
 * and form together, the forms' own allowance) and per event (every address
 * together: a popular workshop fills up in an hour); more answer 429.
 */
export const eventRegistrationRateLimits = {
  perAddress: formRateLimits.perAddress,
  perEvent: { max: 1000, timeWindow: '1 hour' },
} as const;

/** An event's registration settings as its block's fields hold them (kinds.ts `event`), with the defaults filled in. */
export interface RegistrationSettings {
  open: boolean;
  places: number;
  /** When registration closes: the editor's time, else the start. */
  closesAt: string;
  waitlist: boolean;
  reminderHours: number;
  retentionMonths: number;
  /** The questions asked besides name and e-mail, as the block's language has them. */
  questions: FormField[];
  startsAt: string;
  /** The end, else the start. */
  endsAt: string;
}

const whole = (v: unknown, min: number, max: number, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback);
const instant = (v: unknown): string | null => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);

/** The registration settings of an event's data; null when people do not register on this site (or the event has no start). */
export function registrationSettingsOf(data: Readonly<Record<string, unknown>>): RegistrationSettings | null {
  const startsAt = instant(data.startsAt);
  if (data.registrationOpen !== true || !startsAt) return null;
  const questions = extraQuestionsSchema.safeParse(data.registrationQuestions ?? []);
  return {
    open: true,
    places: whole(data.places, 0, eventRegistrationLimits.maxPlaces, 0),
    closesAt: instant(data.registrationClosesAt) ?? startsAt,
    waitlist: data.waitlist === true,
    reminderHours: whole(data.reminderHours, 1, eventRegistrationLimits.maxReminderHours, eventRegistrationLimits.defaultReminderHours),
    retentionMonths: whole(data.registrationRetentionMonths, 1, formLimits.maxRetentionMonths, eventRegistrationLimits.defaultRetentionMonths),
    questions: questions.success ? questions.data : [],
    startsAt,
    endsAt: instant(data.endsAt) ?? startsAt,
  };
}

/** Whether an event still takes registrations at `now`. */
export function registrationOpenAt(settings: RegistrationSettings, now: Date): boolean {
  return now.getTime() < Date.parse(settings.closesAt);
}

/** The questions of the public registration form: name and e-mail (labels in the page's words), then the editor's. */
export function registrationQuestions(settings: Pick<RegistrationSettings, 'questions'>, labels: { name: string; email: string }): FormField[] {
  return [
    { id: 'name', type: 'shortText', label: labels.name, required: true },
    { id: 'email', type: 'email', label: labels.email, required: true },
    ...settings.questions,
  ];
}

/** What an event's own page shows of its registration (the detail bundle carries it; null: none on this site). */
export interface EventRegistrationView {
  places: EventPlaces;
  /** The signed time the form was served (src/server/forms/started.ts). */
  started: string;
  /** After a post without JavaScript: the outcome, or the refusal with the typing kept. */
  answer?:
    | { outcome: RegistrationOutcome }
    | {
        typed: Record<string, string | string[]>;
        errors: Record<string, string>;
        message: string;
        /** The start the visitor's post carried, when it was good: correcting a question is not filling the form anew. */
        started?: string;
      };
}
