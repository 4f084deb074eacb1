/**
 * Registration on an event's own page (shared/events.ts): the places left,
 * "Full: join the waitlist" or "Registration closed", and a plain HTML form
 * posting to `/events/<id>/register` that works without JavaScript (the
 * forms' rendering, blocks/form.tsx): name and e-mail, the editor's extra
 * questions, the honeypot, the signed start time and the page's language.
 * After a post the server renders the page again with the outcome in place
 * of the form, or the form with the typing kept and each problem beside its
 * question. Static HTML: nothing here is an island.
 */
import { eventRegisterPath, registrationAnchor, registrationQuestions, type EventRegistrationView } from '../../../shared/events.js';
import { extraQuestionsSchema } from '../../../shared/forms.js';
import type { PublicDocument } from '../../../shared/collections.js';
import { PublicForm, type FormState } from './form.js';
import { usePublicWords } from '../words.js';
import { formatDateTime, localMark } from '../format.js';

export interface EventRegistrationProps {
  doc: PublicDocument;
  view: EventRegistrationView;
  /** The page's language when it is not the site's default: posted with the registration, which is answered in it. */
  lang: string | undefined;
}

export function EventRegistration({ doc, view, lang }: EventRegistrationProps) {
  const { words, lang: wordsLang, code } = usePublicWords();
  const w = words.registration;
  const { places, answer } = view;
  const full = places.left === 0;
  const takes = places.open && (!full || places.waitlist);
  const status = !places.open ? w.closed : full ? (places.waitlist ? w.full : w.closed) : w.placesLeft(places.left, places.places);
  const questions = extraQuestionsSchema.safeParse(doc.data.registrationQuestions ?? []);
  const anchor = registrationAnchor(doc.id);
  const initial: FormState | undefined = !answer
    ? undefined
    : 'outcome' in answer
      ? { typed: {}, errors: {}, status: { kind: 'sent' } }
      : { typed: answer.typed, errors: answer.errors, status: { kind: 'failed', message: answer.message } };
  return (
    <div className="event-registration">
      <p className="event-places" lang={wordsLang}>
        <strong>{status}</strong>
        {takes && places.closesAt ? (
          <>
            {' · '}
            {`${w.closesAt}: `}
            <time dateTime={places.closesAt} {...localMark('datetime')}>
              {formatDateTime(places.closesAt, false, code)}
            </time>
          </>
        ) : null}
      </p>
      <PublicForm
        formId={doc.id}
        action={`${eventRegisterPath(doc.id)}#${anchor}`}
        anchor={anchor}
        title={w.heading}
        intro=""
        fields={registrationQuestions({ questions: questions.success ? questions.data : [] }, { name: w.name, email: w.email })}
        consentText={null}
        newsletterChoice={null}
        closed={!takes && !(answer && 'outcome' in answer)}
        closedMessage={status}
        thankYou={answer && 'outcome' in answer ? w.outcomes[answer.outcome] : ''}
        started={answer && 'started' in answer && answer.started ? answer.started : view.started}
        lang={lang}
        words={{ required: words.form.required, send: full && places.waitlist ? w.joinWaitlist : w.submit, sending: words.form.sending, checking: words.form.checking, failed: words.form.failed, tooMany: words.form.tooMany, honeypot: words.form.honeypot }}
        wordsLang={wordsLang}
        initial={initial}
      />
    </div>
  );
}
