/** Demo content: Our history (/history). */
import { p, type SeedContext } from './builder.js';

export function historyContent({ media, slide, section, picture }: SeedContext): void {
  slide('historyslide', 'Our history', 'Eighteen years of citizens building accountable communities.', media.hero('landscape2', 'Village homes among fields at sunrise'));
  section('historydescription', '2008: a reading circle in Bahari', p('Eleven teachers, traders and nurses met every Thursday evening to read the district budget line by line. Their questions at the council meeting about a clinic that had been paid for twice made the local radio.'), { subtitle: 'Where it began' });
  section('historydescription', '2012: an alliance is born', p('Twenty-three community organisations from four districts formally founded Tujenge Civic Alliance and adopted a constitution guaranteeing independence from political parties.'), { subtitle: 'Growing together' });
  section('historydescription', '2016: the Women Lead school', p('Responding to the small number of women on local councils, the alliance opened its leadership school. Its first class of 28 women included four future ward councillors.'), { subtitle: 'Women leading' });
  section('historydescription', 'Today', p('Sixty member organisations in nine districts, thirty-two staff, more than four hundred trained volunteers and a youth network that reaches thousands of young people.'), { subtitle: 'An alliance of sixty organisations', variant: 'highlight' });
  picture('historypicture', media.hero('market', 'Traders at a village market, where the first members met'), 'Bahari market, where the first members of the reading circle met in 2008.');
  picture('historypicture', media.hero('townhall', 'People gathered outside the district council building'), 'Our first public hearing at Bahari district council, 2011.');
  picture('historypicture', media.hero('march', 'Women marching with placards'), 'The first Women Lead graduation walk, 2016.');
  picture('historypicture', media.hero('classroom', 'Young people in a training session'), 'Launch of the Youth Accountability Network, 2020.');
}
