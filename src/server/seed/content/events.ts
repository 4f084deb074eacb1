/** Demo content: Events (/events): upcoming and past; people register for the youth leadership workshop on the site. */
import { p, type SeedContext } from './builder.js';
import type { KindData } from '../../../shared/kinds.js';
import type { ImageRef } from './types.js';

/** The workshop's id: the demo's registrations (seed/registrations.ts) are for it. */
export const youthWorkshopId = 'youth-leadership-workshop';

/** A workshop people register for here: 40 places, a waitlist, one extra question (Kiswahili in kiswahili.ts). */
function youthWorkshop(startsAt: string, endsAt: string, image: ImageRef, category: string): KindData<'event', ImageRef> {
  return {
    title: 'Youth leadership workshop',
    startsAt,
    endsAt,
    location: 'Lindiwe Youth Centre, Lindiwe',
    description: p('A day of training for young people aged 16 to 30: running a meeting, speaking in public and questioning a council budget. Lunch and transport are covered. Places are limited: register below.'),
    image,
    category,
    registrationOpen: true,
    places: 40,
    waitlist: true,
    reminderHours: 24,
    registrationRetentionMonths: 6,
    registrationQuestions: [
      {
        id: 'district',
        type: 'choice',
        label: 'Your district',
        required: true,
        options: [
          { value: 'bahari', label: 'Bahari' },
          { value: 'lindiwe', label: 'Lindiwe' },
          { value: 'other', label: 'Another district' },
        ],
      },
      { id: 'needs', type: 'longText', label: 'Do you need anything to take part (interpretation, step-free access)?', required: false },
    ],
  };
}

export function eventsContent({ add, media, category, at, slide, section }: SeedContext): void {
  slide('firstevents', 'Events', 'Trainings, dialogues, hearings and campaigns: join us.', media.hero('assembly', 'A community meeting in the open air'));
  section('secondevents', 'Take part', p('Most of our events are open to everyone and free of charge. Some trainings have limited places; use the registration link to book yours. Contact us if you need sign-language interpretation or step-free access.'));
  add('thirdevents', {
    title: 'Budget hearing preparation workshop',
    startsAt: at(12, 3),
    endsAt: at(12, 9),
    location: 'Mkoani Community Hall, Mkoani',
    description: p('A one-day workshop for community monitors ahead of the district budget hearings: reading the draft budget, preparing questions and presenting evidence.'),
    image: media.hero('classroom2'),
    registrationUrl: 'https://forms.example.org/tujenge/budget-workshop',
    category: category.accountability,
  });
  add('thirdevents', youthWorkshop(at(19, 6), at(19, 13), media.hero('classroom', 'Young people raising their hands during a training session'), category.youth), 'published', youthWorkshopId);
  add('thirdevents', {
    title: 'Women Lead: open day for the new intake',
    startsAt: at(26, 9),
    endsAt: at(26, 13),
    location: 'Tujenge Training Centre, Bahari',
    description: p('Meet alumnae of the Women Lead school, learn about the programme and apply for the next intake. Childcare is provided on site.'),
    image: media.hero('march'),
    registrationUrl: 'https://forms.example.org/tujenge/women-lead',
    category: category.gender,
  });
  add('thirdevents', {
    title: 'Youth Accountability Network annual assembly',
    startsAt: at(47, 8),
    endsAt: at(47, 16),
    location: 'Lindiwe Youth Centre, Lindiwe',
    description: p('Young monitors from nine districts share findings, elect the network’s coordinating committee and plan next year’s campaigns.'),
    image: media.hero('classroom'),
    registrationUrl: 'https://forms.example.org/tujenge/youth-assembly',
    category: category.youth,
  });
  add('thirdevents', {
    title: 'Community dialogue on water tariffs',
    startsAt: at(63, 7),
    endsAt: at(63, 10),
    location: 'Kisima Village Office, Mkoani',
    // A draft with problems the authoring checks point out (a picture without alt text, text in capitals).
    description: p('Draft: DATE TO BE CONFIRMED WITH THE WATER OFFICE.'),
    image: { ...media.hero('market2'), alt: '' },
    category: category.socio,
  }, 'draft');
  add('thirdevents', {
    title: 'Public hearing on the Bahari health budget',
    startsAt: at(-19, 8),
    endsAt: at(-19, 12),
    location: 'Bahari District Council Chamber',
    description: p('Residents questioned council officials about medicine stocks and staffing at Nyota health centre. The council agreed to publish quarterly medicine delivery reports.'),
    image: media.hero('townhall'),
    category: category.socio,
  });
  add('thirdevents', {
    title: 'Candidate debate: Ilula ward',
    startsAt: at(-61, 14),
    endsAt: at(-61, 17),
    location: 'Ilula Primary School grounds',
    description: p('Four candidates for Ilula ward council answered residents’ questions on water, schools and market levies. A recording is available from Mwanga Community Radio.'),
    image: media.hero('assembly2'),
    category: category.governance,
  });
  add('thirdevents', {
    title: 'Launch of the citizens’ budget guide',
    startsAt: at(-75, 10),
    endsAt: at(-75, 12),
    location: 'Bahari Public Library',
    description: p('Launch of <em>Following the Money</em>, our plain-language guide to the district budget, with a panel of councillors and community monitors.'),
    image: media.hero('townhall2'),
    category: category.research,
  });
}
