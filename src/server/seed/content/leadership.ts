/** Demo content: Our leadership (/leadership). */
import { p, type SeedContext } from './builder.js';

export function leadershipContent({ media, slide, section, person }: SeedContext): void {
  slide('leaderslide', 'Our leadership', 'A board elected by our members, and a team rooted in the communities we serve.', media.hero('townhall2', 'A council building at dusk with people gathered in front'));
  section('leaderdescription', 'Governed by our members', p('Member organisations elect a board of nine every three years at the general assembly. At least half of the board are women and two seats are reserved for members under thirty.'));
  section('leaderdescription', 'A team of thirty-two', p('Our staff work from offices in Bahari, Mkoani and Lindiwe, with programme officers based in each of the nine districts where we work.'), { variant: 'highlight' });
  person('leaderpicture', 'Joseph Kimaro', 'Chair of the Board', 3, 'Retired headteacher and co-founder of the Bahari reading circle.');
  person('leaderpicture', 'Grace Nnko', 'Vice-Chair of the Board', 5, 'Gender specialist and former chair of the Association of Women Councillors.');
  person('leaderpicture', 'Daniel Mrema', 'Treasurer', 7, 'Chartered accountant; chairs the board’s audit and finance committee.');
  person('leaderpicture', 'Amina Mwakyusa', 'Executive Director', 1, 'Lawyer and former volunteer monitor; leads the alliance since 2019.');
  person('leaderpicture', 'Rehema Sanga', 'Head of Social Accountability', 4, 'Designed our community scorecard method, now used in nine districts.');
  person('leaderpicture', 'Baraka Mushi', 'Head of Finance and Administration', 6, 'Keeps our accounts clean and our audits on time for eleven years running.');
}
