/** The demo categories and publications (their PDFs are written at seed time from these texts). */
import type { CategorySlug, PublicationName } from './types.js';

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
