/** Demo content: About us (/about). */
import { p, type SeedContext } from './builder.js';

export function aboutContent({ media, slide, section, card, person, partner }: SeedContext): void {
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
}
