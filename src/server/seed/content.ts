/**
 * The demo content: a believable (and entirely fictional) civic alliance,
 * its programmes, people, partners, stories, events and publications. Every
 * name, place and organisation here is invented; web addresses use the
 * reserved example.org / example.com domains.
 */
import type { CollectionName } from '../../shared/collections.js';

export interface ImageRef {
  mediaId: string;
  alt: string;
  decorative: boolean;
}

export interface FileRef {
  mediaId: string;
  name: string;
}

export type HeroName =
  | 'assembly'
  | 'townhall'
  | 'classroom'
  | 'market'
  | 'march'
  | 'landscape'
  | 'assembly2'
  | 'classroom2'
  | 'landscape2'
  | 'march2'
  | 'townhall2'
  | 'market2';

export type CategorySlug = 'gender' | 'governance' | 'accountability' | 'socio' | 'youth' | 'research';

/** What the content needs from the seeded media library. */
export interface DemoMedia {
  hero(name: HeroName, alt?: string): ImageRef;
  portrait(index: number, alt: string): ImageRef;
  logo(name: string): ImageRef;
  cover(name: PublicationName): ImageRef;
  pdf(name: PublicationName): FileRef;
}

export type PublicationName = 'scorecard' | 'budget' | 'annual';

export interface DemoBlock {
  /** Set when other blocks refer to this one (categories). */
  id?: string;
  collection: CollectionName;
  status: 'published' | 'draft';
  data: Record<string, unknown>;
}

export const demoCategories: { slug: CategorySlug; name: string; description: string }[] = [
  { slug: 'gender', name: 'Gender & women leadership', description: 'Women in leadership, gender-responsive budgets and ending gender-based violence.' },
  { slug: 'governance', name: 'Democratic good governance', description: 'Elections, councils, access to information and citizen participation.' },
  { slug: 'accountability', name: 'Social accountability', description: 'Scorecards, public expenditure tracking and service delivery monitoring.' },
  { slug: 'socio', name: 'Socio-economic rights', description: 'Water, health, education, land and decent work.' },
  { slug: 'youth', name: 'Youth leadership', description: 'Young people organising, leading and holding leaders to account.' },
  { slug: 'research', name: 'Research & publications', description: 'Reports, briefs and guides from our programmes.' },
];

/** The demo publications: their PDFs are written at seed time from these texts. */
export const demoPublications: Record<PublicationName, { title: string; file: string; year: string; summary: string; sections: { heading: string; paragraphs: string[] }[] }> = {
  scorecard: {
    title: 'Community Scorecards on Water Services in Mkoani District',
    file: 'tujenge-water-scorecards-mkoani.pdf',
    year: '2026',
    summary:
      'Findings from community scorecard sessions in twelve villages of Mkoani District, where residents rated water points, tariffs and the responsiveness of the district water office, and agreed an action plan with service providers.',
    sections: [
      {
        heading: 'Why we used scorecards',
        paragraphs: [
          'Residents of Mkoani District told us that water points break down for weeks and nobody answers their complaints. Community scorecards let users and providers rate the same services side by side and agree on what must change.',
          'Between February and May, 640 residents (58 per cent of them women) took part in twelve village sessions facilitated by trained volunteers from the Kisima Water Users Association.',
        ],
      },
      {
        heading: 'What residents found',
        paragraphs: [
          'Seven of the 31 public water points were out of order on the day of the assessment. Average repair time reported by users was 23 days; the district water office reported 9 days.',
          'Tariffs were displayed at only four water points. In three villages, users paid more than the approved tariff.',
        ],
      },
      {
        heading: 'What was agreed',
        paragraphs: [
          'The district water office committed to publish repair requests and completion dates on village notice boards every month, to display approved tariffs at every water point, and to meet water user committees every quarter.',
          'Tujenge and the Kisima Water Users Association will repeat the scorecard in six months and publish the results.',
        ],
      },
    ],
  },
  budget: {
    title: 'Following the Money: A Citizens’ Guide to the District Budget',
    file: 'tujenge-citizens-budget-guide.pdf',
    year: '2026',
    summary:
      'A plain-language guide for community monitors: how the district budget is made, where to find the numbers, which questions to ask at public hearings and how to track whether money reached the school, clinic or water point it was meant for.',
    sections: [
      {
        heading: 'The budget calendar',
        paragraphs: [
          'District budgets are prepared between October and March. Ward development committees submit priorities in November; the council debates the draft in February. Citizens have the most influence before the draft is written.',
        ],
      },
      {
        heading: 'Five questions for every public hearing',
        paragraphs: [
          '1. How much was allocated to our ward last year, and how much was actually spent? 2. Which projects were completed? 3. Why were others delayed? 4. How were the priorities of women and young people included? 5. Where can we see the contracts?',
        ],
      },
      {
        heading: 'Tracking a project',
        paragraphs: [
          'Ask for the approved budget line, the contract and the payment records. Visit the site, take dated photographs and compare what you see with what was paid for. Share your findings with the ward councillor first, then at the next public hearing.',
        ],
      },
    ],
  },
  annual: {
    title: 'Annual Report: Building Accountable Communities Together',
    file: 'tujenge-annual-report.pdf',
    year: '2025',
    summary:
      'Our year in numbers and stories: 3,200 citizens trained, 41 women elected to village and ward councils after our leadership school, 18 social audits of public projects and a youth network active in nine districts.',
    sections: [
      {
        heading: 'A word from our Executive Director',
        paragraphs: [
          'This year communities did not wait to be consulted: they asked for budgets, visited building sites and brought their findings to council meetings. Our role was to open doors and stand beside them.',
        ],
      },
      {
        heading: 'Highlights',
        paragraphs: [
          '3,200 citizens trained in budget monitoring and social audits. 41 alumnae of the Women Lead school elected to village and ward councils. 18 social audits completed, leading to the repair of 6 classrooms and 11 water points. 9 districts with an active youth accountability network.',
        ],
      },
      {
        heading: 'Finances',
        paragraphs: [
          'Total income was 1.9 million (in local currency units, thousands), 71 per cent from institutional partners, 18 per cent from foundations and 11 per cent from individual supporters. 86 per cent of spending went directly to programmes.',
        ],
      },
    ],
  },
};

function day(now: Date, offsetDays: number): string {
  const d = new Date(now.getTime() + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function at(now: Date, offsetDays: number, hourUtc: number): string {
  const d = new Date(now.getTime() + offsetDays * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
}

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');
const list = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export function demoContent(media: DemoMedia, category: Record<CategorySlug, string>, now: Date): DemoBlock[] {
  const blocks: DemoBlock[] = [];
  const add = (collection: CollectionName, data: Record<string, unknown>, status: 'published' | 'draft' = 'published') => blocks.push({ collection, status, data });
  const slide = (collection: CollectionName, title: string, caption: string, image: ImageRef, link?: [string, string], status?: 'published' | 'draft') =>
    add(collection, { title, caption, image, ...(link ? { linkLabel: link[0], linkUrl: link[1] } : {}) }, status);
  const section = (
    collection: CollectionName,
    title: string,
    body: string,
    opts: { subtitle?: string; image?: ImageRef; link?: [string, string]; variant?: 'text' | 'image-left' | 'image-right' | 'highlight' } = {},
    status?: 'published' | 'draft',
  ) =>
    add(
      collection,
      {
        title,
        ...(opts.subtitle ? { subtitle: opts.subtitle } : {}),
        body,
        ...(opts.image ? { image: opts.image } : {}),
        ...(opts.link ? { linkLabel: opts.link[0], linkUrl: opts.link[1] } : {}),
        variant: opts.variant ?? (opts.image ? 'image-right' : 'text'),
      },
      status,
    );
  const card = (collection: CollectionName, title: string, text: string, icon: string, status?: 'published' | 'draft') => add(collection, { title, text, icon }, status);
  const person = (collection: CollectionName, name: string, position: string, portrait: number, bio: string) =>
    add(collection, { name, position, photo: media.portrait(portrait, `Portrait illustration of ${name}`), bio });
  const partner = (collection: CollectionName, name: string, url: string, description: string, status?: 'published' | 'draft') =>
    add(collection, { name, logo: media.logo(name), url, description }, status);
  const picture = (collection: CollectionName, image: ImageRef, caption: string) => add(collection, { image, caption });

  // ---- Home ----
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

  const stories: [string, number, string, string, HeroName, CategorySlug, 'published' | 'draft'][] = [
    [
      'Mkoani residents rate their water services, and the district listens',
      -9,
      'In twelve villages, 640 residents scored their water points and agreed a repair plan with the district water office.',
      p(
        'When Mama Halima Juma walks to the Kisima water point before dawn, she no longer wonders whether it will be working. Since the community scorecard sessions in March, the district water office posts repair requests and completion dates on the village notice board every month.',
        '“We used to complain to each other,” she says. “Now we complain to the right office, with numbers, and they answer.”',
        'The scorecard found seven of 31 water points out of order and tariffs displayed at only four. Our full findings are in the report <em>Community Scorecards on Water Services in Mkoani District</em>.',
      ),
      'market',
      'accountability',
      'published',
    ],
    [
      'Forty-one Women Lead alumnae take their seats on local councils',
      -24,
      'After the local elections, 41 graduates of our leadership school now sit on village and ward councils in six districts.',
      p(
        'Two years ago, Neema Mollel had never spoken at a village assembly. Today she chairs the social services committee of Ilula ward council.',
        'She is one of 41 alumnae of the Women Lead school elected this year. The school combines public speaking, budget literacy and mentoring by women councillors, and it supports candidates from all parties.',
        'The next intake opens in January; applications are welcome from women of every age and background.',
      ),
      'march',
      'gender',
      'published',
    ],
    [
      'Young monitors find half-built classrooms, and get them finished',
      -47,
      'The Youth Accountability Network visited 22 school projects. Six stalled classroom blocks have since been completed.',
      p(
        'Armed with the approved budget and a phone camera, members of the Youth Accountability Network in Bahari district visited 22 school construction projects last term.',
        'Six classroom blocks had been paid for but not finished. The young monitors presented their photographs at the council’s public hearing; within three months the contractor returned and the classrooms were handed over.',
      ),
      'classroom2',
      'youth',
      'published',
    ],
    [
      'A citizens’ guide to the district budget',
      -73,
      'Our new plain-language guide helps community monitors find the numbers and ask the right questions at budget hearings.',
      p(
        'Budgets decide whether a clinic gets medicines and a school gets teachers, yet few citizens ever see one. Our new guide, <em>Following the Money</em>, explains the budget calendar, where to find the figures and five questions to ask at every public hearing.',
        'The guide is free to download and share, and our trainers will use it in budget literacy workshops across nine districts.',
      ),
      'townhall2',
      'research',
      'published',
    ],
    [
      'Open council meetings: Lindiwe district publishes its minutes online',
      -104,
      'After two years of dialogue with our governance programme, Lindiwe district council now publishes agendas and minutes within a week.',
      p(
        'Access to information is where accountability starts. Following a series of dialogues convened by Tujenge with councillors, officials and residents, Lindiwe district council has adopted an open-meetings policy.',
        'Agendas are published a week before each meeting, and minutes within a week after. Residents can submit questions in writing and receive answers at the next meeting.',
      ),
      'townhall',
      'governance',
      'published',
    ],
    [
      'Health workers and patients meet at Nyota clinic',
      -138,
      'An interface meeting between patients and staff of Nyota health centre agreed steps to shorten waiting times and keep medicines in stock.',
      p(
        'Patients at Nyota health centre waited an average of four hours to be seen. At an interface meeting facilitated by Tujenge, patients and health workers listed the causes together: staff shortages on market days, a broken registration system and late medicine deliveries.',
        'The clinic has since introduced a queue-number system and the district has agreed to review medicine deliveries every month with the health facility committee.',
      ),
      'assembly2',
      'socio',
      'published',
    ],
    [
      'What the new land law means for women farmers',
      -3,
      'Draft: a briefing on the new land law and women’s inheritance rights, to be reviewed by the legal team.',
      p('Draft for review: summary of the law’s provisions on spousal co-ownership, inheritance and dispute resolution, with quotes from the women farmers’ dialogue in Marangu Valley.'),
      'landscape2',
      'socio',
      'draft',
    ],
  ];
  for (const [title, offset, summary, body, hero, cat, status] of stories) {
    add('newstory', { title, date: day(now, offset), summary, body, cover: media.hero(hero), category: category[cat] }, status);
  }

  // ---- About ----
  slide('aboutslide', 'About Tujenge Civic Alliance', 'An alliance of sixty community organisations, women’s groups and youth networks in nine districts.', media.hero('assembly2', 'A large crowd listening to a speaker at a community gathering'));
  slide('aboutslide', 'Eighteen years of building together', 'From a reading circle in Bahari town to a national voice for accountable government.', media.hero('landscape2', 'Village homes among fields at sunrise'));
  section(
    'aboutvision',
    'Our vision',
    p('A society where every woman, man and young person takes part in the decisions that affect their lives, and where leaders answer to the people they serve.'),
    { subtitle: 'What we are working towards', link: ['Vision and values', '/vision'], variant: 'highlight' },
  );
  section('aboutvision', 'Our mission', p('To strengthen the voice, skills and organisation of citizens, especially women and young people, so that public institutions become more transparent, participatory and accountable.'));
  card('aboutdiscover', 'Our history', 'How a small reading circle became a national alliance of sixty organisations.', 'book');
  card('aboutdiscover', 'Our leadership', 'Meet the board and the team who lead our work.', 'people');
  card('aboutdiscover', 'Our partners', 'Funders, networks and community organisations who make the work possible.', 'hand');
  card('aboutdiscover', 'Our strategy', 'Five programmes and one goal for the years ahead.', 'spark');
  section(
    'abouthistory',
    'From a reading circle to an alliance',
    p(
      'Tujenge began in 2008 when eleven teachers, traders and nurses in Bahari town started reading the district budget together. Their questions at the next council meeting made the local radio, and neighbouring wards asked them to help.',
      'Today the alliance has sixty member organisations in nine districts and a team of thirty-two staff and more than four hundred trained volunteers.',
    ),
    { subtitle: 'Founded in 2008', image: media.hero('market', 'Traders and shoppers at a village market'), link: ['Read the full history', '/history'], variant: 'image-left' },
  );
  section('abouthistory', 'Independent and non-partisan', p('We work with councillors and officials from every party, and we accept no funding that would limit our independence. Our accounts are audited every year and published in our annual report.'));
  person('aboutleader', 'Amina Mwakyusa', 'Executive Director', 1, 'Amina joined Tujenge as a volunteer monitor in 2010 and has led the alliance since 2019. She trained as a lawyer and previously worked on legal aid for women in land disputes.');
  person('aboutleader', 'Joseph Kimaro', 'Chair of the Board', 3, 'A retired headteacher and one of the eleven founders of the reading circle in Bahari, Joseph has chaired the board since 2021.');
  person('aboutleader', 'Neema Lyimo', 'Programmes Director', 2, 'Neema oversees our five programmes. Before Tujenge she managed community health programmes for twelve years.');
  partner('aboutpartner', 'Nordlys Foundation for Democracy', 'https://nordlys.example.org', 'Core support for our governance and accountability programmes since 2015.');
  partner('aboutpartner', 'Amani Women’s Fund', 'https://amani-fund.example.org', 'Funds the Women Lead school and our work against gender-based violence.');
  partner('aboutpartner', 'Open Budget Collective', 'https://openbudget.example.org', 'A regional network of budget analysts who review our public expenditure tracking.');
  partner('aboutpartner', 'Mwanga Community Radio', 'https://mwanga-radio.example.org', 'Broadcasts our weekly programme on citizens’ rights in four districts.');

  // ---- Vision ----
  slide('visionslide', 'Our vision and values', 'What we stand for, and how we work.', media.hero('landscape', 'Homesteads on the hills at dusk'));
  section('visiondescription', 'Vision', p('A society where every woman, man and young person takes part in the decisions that affect their lives, and where leaders answer to the people they serve.'), { variant: 'highlight' });
  section(
    'visiondescription',
    'Mission',
    p('To strengthen the voice, skills and organisation of citizens, especially women and young people, so that public institutions become more transparent, participatory and accountable.') +
      p('We do this by training citizens, producing evidence on public services, convening dialogue between communities and authorities, and advocating for better policies.'),
    { image: media.hero('assembly', 'Residents gathered around a speaker at a community meeting'), variant: 'image-right' },
  );
  card('visionvalue', 'Integrity', 'We do what we say, we account for every shilling and we publish our audited accounts.', 'shield');
  card('visionvalue', 'Equality', 'Women, men and young people have an equal right to be heard and to lead.', 'scale');
  card('visionvalue', 'Participation', 'Communities decide their priorities; we support them, we do not speak over them.', 'hand');
  card('visionvalue', 'Transparency', 'Public money and public decisions belong to the public.', 'eye');
  card('visionvalue', 'Solidarity', 'We stand beside communities and member organisations, especially when it is hard.', 'heart');
  card('visionvalue', 'Learning', 'We test, measure and share what works and what does not.', 'book');

  // ---- History ----
  slide('historyslide', 'Our history', 'Eighteen years of citizens building accountable communities.', media.hero('landscape2', 'Village homes among fields at sunrise'));
  section('historydescription', '2008: a reading circle in Bahari', p('Eleven teachers, traders and nurses met every Thursday evening to read the district budget line by line. Their questions at the council meeting about a clinic that had been paid for twice made the local radio.'), { subtitle: 'Where it began' });
  section('historydescription', '2012: an alliance is born', p('Twenty-three community organisations from four districts formally founded Tujenge Civic Alliance and adopted a constitution guaranteeing independence from political parties.'), { subtitle: 'Growing together' });
  section('historydescription', '2016: the Women Lead school', p('Responding to the small number of women on local councils, the alliance opened its leadership school. Its first class of 28 women included four future ward councillors.'), { subtitle: 'Women leading' });
  section('historydescription', 'Today', p('Sixty member organisations in nine districts, thirty-two staff, more than four hundred trained volunteers and a youth network that reaches thousands of young people.'), { subtitle: 'An alliance of sixty organisations', variant: 'highlight' });
  picture('historypicture', media.hero('market', 'Traders at a village market, where the first members met'), 'Bahari market, where the first members of the reading circle met in 2008.');
  picture('historypicture', media.hero('townhall', 'People gathered outside the district council building'), 'Our first public hearing at Bahari district council, 2011.');
  picture('historypicture', media.hero('march', 'Women marching with placards'), 'The first Women Lead graduation walk, 2016.');
  picture('historypicture', media.hero('classroom', 'Young people in a training session'), 'Launch of the Youth Accountability Network, 2020.');

  // ---- Leadership ----
  slide('leaderslide', 'Our leadership', 'A board elected by our members, and a team rooted in the communities we serve.', media.hero('townhall2', 'A council building at dusk with people gathered in front'));
  section('leaderdescription', 'Governed by our members', p('Member organisations elect a board of nine every three years at the general assembly. At least half of the board are women and two seats are reserved for members under thirty.'));
  section('leaderdescription', 'A team of thirty-two', p('Our staff work from offices in Bahari, Mkoani and Lindiwe, with programme officers based in each of the nine districts where we work.'), { variant: 'highlight' });
  person('leaderpicture', 'Joseph Kimaro', 'Chair of the Board', 3, 'Retired headteacher and co-founder of the Bahari reading circle.');
  person('leaderpicture', 'Grace Nnko', 'Vice-Chair of the Board', 5, 'Gender specialist and former chair of the Association of Women Councillors.');
  person('leaderpicture', 'Daniel Mrema', 'Treasurer', 7, 'Chartered accountant; chairs the board’s audit and finance committee.');
  person('leaderpicture', 'Amina Mwakyusa', 'Executive Director', 1, 'Lawyer and former volunteer monitor; leads the alliance since 2019.');
  person('leaderpicture', 'Rehema Sanga', 'Head of Social Accountability', 4, 'Designed our community scorecard method, now used in nine districts.');
  person('leaderpicture', 'Baraka Mushi', 'Head of Finance and Administration', 6, 'Keeps our accounts clean and our audits on time for eleven years running.');

  // ---- Partners ----
  partner('firstpartner', 'Nordlys Foundation for Democracy', 'https://nordlys.example.org', 'Core support for governance and accountability since 2015.');
  partner('firstpartner', 'Amani Women’s Fund', 'https://amani-fund.example.org', 'Funds the Women Lead school and our work against gender-based violence.');
  partner('firstpartner', 'Fairshare Trust', 'https://fairshare.example.org', 'Supports our research on tax, budgets and public services.');
  partner('secondpartner', 'Open Budget Collective', 'https://openbudget.example.org', 'Regional network of budget analysts; peer-reviews our expenditure tracking.');
  partner('secondpartner', 'Association of Women Councillors', 'https://women-councillors.example.org', 'Mentors the women of our leadership school.');
  partner('secondpartner', 'Lakeside Legal Aid Centre', 'https://lakeside-legal.example.org', 'Gives free legal advice to the communities we work with.');
  partner('thirdpartner', 'Kisima Water Users Association', 'https://kisima-water.example.org', 'Co-leads the water scorecards in Mkoani district.');
  partner('thirdpartner', 'Mwanga Community Radio', 'https://mwanga-radio.example.org', 'Broadcasts our weekly rights programme in four districts.');
  partner('thirdpartner', 'Civic Tech Hub Bahari', 'https://civictech-bahari.example.org', 'Builds the tools our monitors use to report what they find.');
  partner('thirdpartner', 'Marangu Farmers’ Cooperative', 'https://marangu-coop.example.org', 'Partner in our work on women’s land rights.', 'draft');

  // ---- Programme pages ----
  const programme = (
    names: { first: CollectionName; second: CollectionName; third: CollectionName },
    hero: [string, string, HeroName, string],
    sections: [string, string, string][],
    cards: [string, string, string][],
  ) => {
    slide(names.first, hero[0], hero[1], media.hero(hero[2], hero[3]));
    sections.forEach(([title, subtitle, body], i) =>
      section(names.second, title, body, { subtitle, ...(i === 0 ? { image: media.hero(hero[2] === 'march' ? 'assembly2' : 'march', 'People gathered in support of the programme') } : {}), variant: i === 0 ? 'image-right' : i === sections.length - 1 ? 'highlight' : 'text' }),
    );
    cards.forEach(([title, text, icon]) => card(names.third, title, text, icon));
  };

  programme(
    { first: 'firstgender', second: 'secondgender', third: 'thirdgender' },
    ['Gender and women leadership', 'Supporting women to lead in their communities, councils and parliament.', 'march', 'Women marching with placards at sunset'],
    [
      ['Why women’s leadership matters', 'Fewer than one councillor in five is a woman', p('Decisions about water, health and schools fall hardest on women, yet women hold fewer than one in five seats on local councils in the districts where we work.', 'We work so that women can stand, win and lead, and so that budgets reflect the needs of women and girls.')],
      ['The Women Lead school', 'Six months of training and a year of mentoring', p('Each year 120 women join the school: public speaking, budget literacy, campaign planning and mentoring by women councillors from all parties.')],
      ['Gender-responsive budgets', 'Counting what matters to women', p('We train councils and women’s groups to analyse budgets for their impact on women and girls, from maternal health to safe water points.')],
    ],
    [
      ['640 women trained', 'Graduates of the Women Lead school since 2016.', 'people'],
      ['41 councillors', 'Alumnae elected to village and ward councils this year.', 'hand'],
      ['Safe spaces', 'Twenty-two community dialogues on ending gender-based violence.', 'shield'],
    ],
  );

  // SPEC.md spells this list `fistsocio`.
  programme(
    { first: 'fistsocio', second: 'secondsocio', third: 'thirdsocio' },
    ['Socio-economic rights', 'Water, health, education and decent work are rights, not favours.', 'market', 'Traders and shoppers at a busy village market'],
    [
      ['Rights you can claim', 'From the constitution to the water point', p('The constitution guarantees the rights to health, education and an adequate standard of living. We help communities turn those words into working clinics, staffed schools and safe water.')],
      ['Land and livelihoods', 'Securing women’s land rights', p('With the Lakeside Legal Aid Centre we support women farmers to register land and defend their inheritance rights.')],
    ],
    [
      ['Water', 'Scorecards on water services in twelve villages of Mkoani.', 'hand'],
      ['Health', 'Patient–provider meetings in eight health centres.', 'heart'],
      ['Education', 'Monitoring school grants and classroom construction.', 'book'],
      ['Decent work', 'Dialogues with market traders on fair local levies.', 'scale'],
    ],
  );

  programme(
    { first: 'firstdemocratic', second: 'seconddemocratic', third: 'thirddemocratic' },
    ['Democratic good governance', 'Open, participatory and accountable institutions at every level.', 'townhall', 'People gathered outside a district council building'],
    [
      ['Councils that listen', 'Participation between elections', p('Democracy is more than election day. We support ward development committees, open council meetings and public hearings where citizens can question their leaders.')],
      ['Access to information', 'Public information belongs to the public', p('We help citizens request budgets, contracts and minutes, and we work with councils to publish them proactively.')],
      ['Peaceful, credible elections', 'Informed voters, accountable candidates', p('Before each election we host candidate debates and publish their promises, then track them through the term.')],
    ],
    [
      ['Open councils', 'Three district councils now publish agendas and minutes.', 'eye'],
      ['Candidate debates', 'Forty-eight debates held before the last local elections.', 'people'],
      ['Promise tracker', 'Public record of what elected leaders committed to.', 'scale'],
    ],
  );

  programme(
    { first: 'firstaccountability', second: 'secondaccountability', third: 'thirdaccountability' },
    ['Social accountability', 'Helping citizens follow the money and hold service providers to account.', 'assembly2', 'A crowd listening to a woman speaker'],
    [
      ['Follow the money', 'Public expenditure tracking', p('Trained monitors compare what was budgeted, what was paid and what was delivered, and bring the evidence to public hearings.')],
      ['Community scorecards', 'Users and providers rate services together', p('Scorecards bring service users and providers around one table to rate a service and agree an action plan, then check progress six months later.')],
      ['Social audits', 'Every public project open to inspection', p('Eighteen social audits this year led to the repair of six classrooms and eleven water points.')],
    ],
    [
      ['Scorecards', 'A method now used in nine districts.', 'eye'],
      ['Social audits', 'Eighteen public projects audited by communities this year.', 'scale'],
      ['Budget literacy', '3,200 citizens trained to read a budget.', 'book'],
    ],
  );

  programme(
    { first: 'firststrategy', second: 'secondstrategy', third: 'thirdstrategy' },
    ['Our strategy', 'Our five-year strategy: priorities, approaches and the change we seek.', 'landscape2', 'Village homes among fields at sunrise'],
    [
      ['The change we seek', 'By the end of the strategy period', p('Citizens in every district where we work take part in planning and budgeting; women hold at least a third of local council seats; and public services respond to what citizens report.')],
      ['How we work', 'Four approaches', list('Building skills: training citizens, women and young people.', 'Producing evidence: scorecards, audits and research.', 'Convening dialogue between communities and authorities.', 'Advocating for better laws and policies nationally.')],
      ['Learning as we go', 'Measuring what changes', p('Every programme has indicators agreed with communities. We publish our results each year, including what did not work.')],
    ],
    [
      ['Voice', 'Citizens, especially women and youth, organised and heard.', 'hand'],
      ['Evidence', 'Decisions based on what communities observe and measure.', 'eye'],
      ['Accountability', 'Institutions that answer to the people they serve.', 'scale'],
      ['Sustainability', 'A strong, independent alliance of member organisations.', 'spark'],
    ],
  );

  // ---- Events ----
  slide('firstevents', 'Events', 'Trainings, dialogues, hearings and campaigns: join us.', media.hero('assembly', 'A community meeting in the open air'));
  section('secondevents', 'Take part', p('Most of our events are open to everyone and free of charge. Some trainings have limited places; use the registration link to book yours. Contact us if you need sign-language interpretation or step-free access.'));
  const events: [string, number, number, number, string, string, HeroName, CategorySlug, string | null, 'published' | 'draft'][] = [
    ['Budget hearing preparation workshop', 12, 3, 6, 'Mkoani Community Hall, Mkoani', p('A one-day workshop for community monitors ahead of the district budget hearings: reading the draft budget, preparing questions and presenting evidence.'), 'classroom2', 'accountability', 'https://forms.example.org/tujenge/budget-workshop', 'published'],
    ['Women Lead: open day for the new intake', 26, 9, 4, 'Tujenge Training Centre, Bahari', p('Meet alumnae of the Women Lead school, learn about the programme and apply for the next intake. Childcare is provided on site.'), 'march', 'gender', 'https://forms.example.org/tujenge/women-lead', 'published'],
    ['Youth Accountability Network annual assembly', 47, 8, 8, 'Lindiwe Youth Centre, Lindiwe', p('Young monitors from nine districts share findings, elect the network’s coordinating committee and plan next year’s campaigns.'), 'classroom', 'youth', 'https://forms.example.org/tujenge/youth-assembly', 'published'],
    ['Community dialogue on water tariffs', 63, 7, 3, 'Kisima Village Office, Mkoani', p('Draft: date to be confirmed with the water office.'), 'market2', 'socio', null, 'draft'],
    ['Public hearing on the Bahari health budget', -19, 8, 4, 'Bahari District Council Chamber', p('Residents questioned council officials about medicine stocks and staffing at Nyota health centre. The council agreed to publish quarterly medicine delivery reports.'), 'townhall', 'socio', null, 'published'],
    ['Candidate debate: Ilula ward', -61, 14, 3, 'Ilula Primary School grounds', p('Four candidates for Ilula ward council answered residents’ questions on water, schools and market levies. A recording is available from Mwanga Community Radio.'), 'assembly2', 'governance', null, 'published'],
    ['Launch of the citizens’ budget guide', -75, 10, 2, 'Bahari Public Library', p('Launch of <em>Following the Money</em>, our plain-language guide to the district budget, with a panel of councillors and community monitors.'), 'townhall2', 'research', null, 'published'],
  ];
  for (const [title, offset, hour, hours, location, description, hero, cat, registrationUrl, status] of events) {
    add(
      'thirdevents',
      {
        title,
        startsAt: at(now, offset, hour),
        endsAt: at(now, offset, hour + hours),
        location,
        description,
        image: media.hero(hero),
        ...(registrationUrl ? { registrationUrl } : {}),
        category: category[cat],
      },
      status,
    );
  }

  // ---- Youth leadership ----
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
  card('seventhyouth', '9 districts', 'With an active youth accountability network.', 'people');
  card('seventhyouth', '1,150 youth monitors', 'Trained since the network began in 2020.', 'book');
  card('seventhyouth', '22 school projects', 'Visited by young monitors last term.', 'eye');
  partner('eighthyouth', 'Youth Voices Network', 'https://youthvoices.example.org', 'A national network of youth-led organisations; co-hosts the annual assembly.');
  partner('eighthyouth', 'Civic Tech Hub Bahari', 'https://civictech-bahari.example.org', 'Built the reporting app our youth monitors use.');

  // ---- Site collections ----
  for (const c of demoCategories) blocks.push({ id: category[c.slug], collection: 'category', status: 'published', data: { name: c.name, description: c.description } });
  const publication = (name: PublicationName, cat: CategorySlug, offset: number, status: 'published' | 'draft' = 'published') => {
    const pub = demoPublications[name];
    add('item', { title: pub.title, summary: pub.summary, file: media.pdf(name), cover: media.cover(name), publishedOn: day(now, offset), category: category[cat] }, status);
  };
  publication('scorecard', 'accountability', -9);
  publication('budget', 'research', -73);
  publication('annual', 'research', -160);

  const customer = (name: string, email: string, organisation: string, phone: string, message: string, consent: boolean, source: 'manual' | 'contact-form') =>
    add('customer', { name, email, organisation, phone, message, consent, source });
  customer('Halima Juma', 'halima.juma@example.org', 'Kisima Water Users Association', '+000 712 000 101', 'Would like a copy of the scorecard report for our committee meeting.', true, 'contact-form');
  customer('Peter Lukumay', 'p.lukumay@example.com', 'Nordlys Foundation for Democracy', '+000 713 000 202', 'Programme officer; main contact for the governance grant.', true, 'manual');
  customer('Mariam Said', 'mariam.said@example.org', 'Bahari Secondary School', '', 'Asked whether our youth monitors can visit her school in the next term.', true, 'contact-form');
  customer('Tomas Lindqvist', 'tomas@example.com', '', '', 'Individual supporter; monthly donation since last year.', false, 'manual');

  return blocks;
}
