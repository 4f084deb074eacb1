/** Demo content: The five programme pages: /gender, /socio, /democratic, /accountability and /strategy. */
import type { KindData } from '../../../shared/kinds.js';
import { list, p, type SeedContext } from './builder.js';
import type { CollectionsOf, HeroName } from './types.js';

export function programmeContent({ media, slide, section, card }: SeedContext): void {
  const programme = (
    names: { first: CollectionsOf<'slide'>; second: CollectionsOf<'section'>; third: CollectionsOf<'card'> },
    hero: [title: string, caption: string, picture: HeroName, alt: string],
    sections: [title: string, subtitle: string, body: string][],
    cards: [title: string, text: string, icon: KindData<'card'>['icon']][],
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

  // The specified path spells this list `fistsocio`.
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
}
