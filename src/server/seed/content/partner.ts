/** Demo content: Our partners (/partner). */
import type { SeedContext } from './builder.js';

export function partnerContent({ partner }: SeedContext): void {
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
}
