/** Demo content: Home page (/): the carousel, who we are and the news. */
import { list, p, type SeedContext } from './builder.js';

export function homeContent({ add, media, category, day, slide, section }: SeedContext): void {
  slide('home', 'Citizens and leaders building accountable communities', 'For eighteen years we have helped women, young people and communities to speak up, follow the money and hold leaders to account.', media.hero('assembly', 'A community meeting in the open air, with a woman addressing the crowd from a small stage'), ['Discover our work', '/about']);
  slide('home', 'Women lead', 'Our leadership school has trained 640 women; 41 of them now sit on village and ward councils.', media.hero('march', 'Women marching together with placards at sunset'), ['Gender and women leadership', '/gender']);
  slide('home', 'Young people hold the pen', 'The Youth Accountability Network is active in nine districts: young monitors visit clinics, schools and water points and report what they find.', media.hero('classroom', 'Young people raising their hands in a training session'), ['Youth Leadership Project', '/youthleadership']);
  slide('home', 'Budget hearings season starts soon', 'Draft slide: announce the hearing dates once the district calendars are confirmed.', media.hero('townhall'), ['Events', '/events'], 'draft');

  section(
    'descriptionhome',
    'Who we are',
    p(
      'Tujenge Civic Alliance is a non-partisan alliance of community organisations, women’s groups and youth networks. <em>Tujenge</em> means “let us build”: we build the skills, the evidence and the spaces that citizens need to take part in the decisions that shape their lives.',
      'We work in nine districts with more than sixty member organisations, and we bring what communities learn to national debates on budgets, services and governance.',
    ),
    { subtitle: 'An alliance of citizens since 2008', image: media.hero('landscape', 'Homesteads and acacia trees on the hills at dusk'), link: ['Read our history', '/history'], variant: 'image-right' },
  );
  section(
    'descriptionhome',
    'What we do',
    p('Our programmes combine training, research and dialogue:') +
      list(
        '<strong>Gender and women leadership</strong>: a leadership school, mentoring and campaigns for gender-responsive budgets.',
        '<strong>Democratic good governance</strong>: citizen participation in councils, access to information and peaceful elections.',
        '<strong>Social accountability</strong>: scorecards, social audits and public expenditure tracking.',
        '<strong>Socio-economic rights</strong>: water, health, education and decent work for all.',
        '<strong>Youth leadership</strong>: a network of young monitors and future leaders.',
      ),
    { subtitle: 'Five programmes, one goal: accountable communities', link: ['Our strategy', '/strategy'], variant: 'highlight' },
  );
  section(
    'descriptionhome',
    'Join us',
    p(
      'Volunteer as a community monitor, bring your organisation into the alliance, or support our work with a donation. Every monitor trained is one more citizen who knows how to ask the right questions.',
    ),
    { subtitle: 'There is a place for you in the alliance', image: media.hero('market2', 'A busy village market with traders under coloured awnings'), link: ['Upcoming events', '/events'], variant: 'image-left' },
  );

  add('newstory', {
    title: 'Mkoani residents rate their water services, and the district listens',
    date: day(-9),
    summary: 'In twelve villages, 640 residents scored their water points and agreed a repair plan with the district water office.',
    body: p(
      'When Mama Halima Juma walks to the Kisima water point before dawn, she no longer wonders whether it will be working. Since the community scorecard sessions in March, the district water office posts repair requests and completion dates on the village notice board every month.',
      '“We used to complain to each other,” she says. “Now we complain to the right office, with numbers, and they answer.”',
      'The scorecard found seven of 31 water points out of order and tariffs displayed at only four. Our full findings are in the report <em>Community Scorecards on Water Services in Mkoani District</em>.',
    ),
    cover: media.hero('market'),
    category: category.accountability,
  });
  add('newstory', {
    title: 'Forty-one Women Lead alumnae take their seats on local councils',
    date: day(-24),
    summary: 'After the local elections, 41 graduates of our leadership school now sit on village and ward councils in six districts.',
    body: p(
      'Two years ago, Neema Mollel had never spoken at a village assembly. Today she chairs the social services committee of Ilula ward council.',
      'She is one of 41 alumnae of the Women Lead school elected this year. The school combines public speaking, budget literacy and mentoring by women councillors, and it supports candidates from all parties.',
      'The next intake opens in January; applications are welcome from women of every age and background.',
    ),
    cover: media.hero('march'),
    category: category.gender,
  });
  add('newstory', {
    title: 'Young monitors find half-built classrooms, and get them finished',
    date: day(-47),
    summary: 'The Youth Accountability Network visited 22 school projects. Six stalled classroom blocks have since been completed.',
    body: p(
      'Armed with the approved budget and a phone camera, members of the Youth Accountability Network in Bahari district visited 22 school construction projects last term.',
      'Six classroom blocks had been paid for but not finished. The young monitors presented their photographs at the council’s public hearing; within three months the contractor returned and the classrooms were handed over.',
    ),
    cover: media.hero('classroom2'),
    category: category.youth,
  });
  add('newstory', {
    title: 'A citizens’ guide to the district budget',
    date: day(-73),
    summary: 'Our new plain-language guide helps community monitors find the numbers and ask the right questions at budget hearings.',
    body: p(
      'Budgets decide whether a clinic gets medicines and a school gets teachers, yet few citizens ever see one. Our new guide, <em>Following the Money</em>, explains the budget calendar, where to find the figures and five questions to ask at every public hearing.',
      'The guide is free to download and share, and our trainers will use it in budget literacy workshops across nine districts.',
    ),
    cover: media.hero('townhall2'),
    category: category.research,
  });
  add('newstory', {
    title: 'Open council meetings: Lindiwe district publishes its minutes online',
    date: day(-104),
    summary: 'After two years of dialogue with our governance programme, Lindiwe district council now publishes agendas and minutes within a week.',
    body: p(
      'Access to information is where accountability starts. Following a series of dialogues convened by Tujenge with councillors, officials and residents, Lindiwe district council has adopted an open-meetings policy.',
      'Agendas are published a week before each meeting, and minutes within a week after. Residents can submit questions in writing and receive answers at the next meeting.',
    ),
    cover: media.hero('townhall'),
    category: category.governance,
  });
  add('newstory', {
    title: 'Health workers and patients meet at Nyota clinic',
    date: day(-138),
    summary: 'An interface meeting between patients and staff of Nyota health centre agreed steps to shorten waiting times and keep medicines in stock.',
    body: p(
      'Patients at Nyota health centre waited an average of four hours to be seen. At an interface meeting facilitated by Tujenge, patients and health workers listed the causes together: staff shortages on market days, a broken registration system and late medicine deliveries.',
      'The clinic has since introduced a queue-number system and the district has agreed to review medicine deliveries every month with the health facility committee.',
    ),
    cover: media.hero('assembly2'),
    category: category.socio,
  });
  add('newstory', {
    title: 'What the new land law means for women farmers',
    date: day(-3),
    summary: 'Draft: a briefing on the new land law and women’s inheritance rights, to be reviewed by the legal team.',
    // A draft with problems the authoring checks point out (a heading skip, a vague link, a PDF not named as one).
    body:
      p('Draft for review: summary of the law’s provisions on spousal co-ownership, inheritance and dispute resolution, with quotes from the women farmers’ dialogue in Marangu Valley.') +
      '<h2>What changes for women</h2><h4>Spousal co-ownership</h4>' +
      p('The full text of the law is published by the Law Reform Commission: <a href="https://laws.example.org/land-act-2026.pdf">click here</a>.'),
    cover: media.hero('landscape2'),
    category: category.socio,
  }, 'draft');
}
