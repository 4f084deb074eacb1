/** Demo content: Youth Leadership Project (/youthleadership). */
import { p, type SeedContext } from './builder.js';
import type { KindData } from '../../../shared/kinds.js';

export function youthContent({ media, slide, section, card, person, partner, picture, form }: SeedContext): void {
  slide('youthfirstpage', 'Youth Leadership Project', 'Training and mentoring the next generation of community leaders.', media.hero('classroom', 'Young people raising their hands during a training session'), ['Join the network', '/events']);
  section('secondyouth', 'Young people are not the leaders of tomorrow: they lead today', p('More than half of the people in the districts where we work are under twenty-five. The Youth Leadership Project gives them the skills and the platform to take part in decisions now.'), { image: media.hero('march2', 'Young people marching with banners'), variant: 'image-right' });
  card('thirdyouth', 'Leadership academy', 'Twelve weekends of training in leadership, public speaking and civic rights.', 'spark');
  card('thirdyouth', 'Youth monitors', 'Young people trained to monitor clinics, schools and water points.', 'eye');
  card('thirdyouth', 'Mentoring', 'Each participant is paired with a councillor or community leader for a year.', 'people');
  picture('fourthyouth', media.hero('classroom2', 'Participants at a budget literacy workshop'), 'Budget literacy training for youth monitors in Lindiwe.');
  picture('fourthyouth', media.hero('march2', 'Young people marching with banners'), 'Youth Day march for safe schools.');
  picture('fourthyouth', media.hero('assembly', 'Young people listening to a speaker'), 'Presenting findings at a Bahari council hearing.');
  person('fifthyouth', 'Zawadi Komba', 'Youth Programme Officer', 8, 'Zawadi joined as a youth monitor at nineteen and now coordinates the network in nine districts.');
  person('fifthyouth', 'Elia Massawe', 'Youth monitor, Bahari', 9, 'Led the team whose photographs got six stalled classrooms finished.');
  person('fifthyouth', 'Upendo Mushi', 'Youth monitor, Lindiwe', 10, 'Runs a weekly radio segment on young people’s rights on Mwanga Community Radio.');
  section('sixthyouth', 'How to join', p('Young people aged 16 to 30 can join through a member organisation or directly at one of our district offices. Training is free; transport and meals are covered.'), { link: ['See upcoming events', '/events'], variant: 'highlight' });
  form('youthvolunteer', youthVolunteerForm);
  card('seventhyouth', '9 districts', 'With an active youth accountability network.', 'people');
  card('seventhyouth', '1,150 youth monitors', 'Trained since the network began in 2020.', 'book');
  card('seventhyouth', '22 school projects', 'Visited by young monitors last term.', 'eye');
  partner('eighthyouth', 'Youth Voices Network', 'https://youthvoices.example.org', 'A national network of youth-led organisations; co-hosts the annual assembly.');
  partner('eighthyouth', 'Civic Tech Hub Bahari', 'https://civictech-bahari.example.org', 'Built the reporting app our youth monitors use.');
}

/** The demo's form: young people sign up to volunteer (answers go to the supporters; Kiswahili in kiswahili.ts). */
export const youthVolunteerForm = {
  title: 'Sign up to volunteer',
  intro: 'Tell us a little about yourself and how you would like to take part. The youth programme officer for your district will contact you within two weeks.',
  fields: [
    { id: 'name', type: 'shortText', label: 'Your name', required: true },
    { id: 'email', type: 'email', label: 'E-mail address', required: true },
    { id: 'phone', type: 'phone', label: 'Phone number', help: 'So your district’s coordinator can call you. Optional.', required: false },
    { id: 'age', type: 'number', label: 'Your age', help: 'The project is for young people aged 16 to 30.', required: true },
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
    {
      id: 'roles',
      type: 'choices',
      label: 'How would you like to take part?',
      required: true,
      options: [
        { value: 'monitor', label: 'Visit clinics, schools and water points as a youth monitor' },
        { value: 'academy', label: 'Join the leadership academy' },
        { value: 'radio', label: 'Speak on community radio' },
      ],
    },
    { id: 'start', type: 'date', label: 'From when can you start?', required: false },
    { id: 'message', type: 'longText', label: 'Anything else we should know?', required: false },
  ],
  consentText: 'I agree that Tujenge Civic Alliance keeps my answers for 12 months to organise volunteering, and contacts me about it.',
  thankYou: 'Thank you for signing up! The youth programme officer for your district will contact you within two weeks.',
  notify: 'youth@tujenge.example.org',
  confirmationMail: true,
  retentionMonths: 12,
  closed: false,
  closedMessage: 'Sign-up for this year’s volunteers is closed. Come back in January.',
} satisfies KindData<'form'>;
