/** The public navigation (SPEC.md section 2, plus /partner, /about and /socio which SPEC.md names elsewhere). */
export interface NavLink {
  label: string;
  path: string;
}
export interface NavGroup {
  id: string;
  label: string;
  items: readonly NavLink[];
}

export const aboutMenu: NavGroup = {
  id: 'about',
  label: 'About Us',
  items: [
    { label: 'Our Vision & Values', path: '/vision' },
    { label: 'Our History', path: '/history' },
    { label: 'Our Leadership', path: '/leadership' },
    { label: 'Our Partners', path: '/partner' },
    { label: 'About', path: '/about' },
  ],
};

export const practiceMenu: NavGroup = {
  id: 'practice',
  label: 'Our Work',
  items: [
    { label: 'Gender and Women Leadership', path: '/gender' },
    { label: 'Democratic Good Governance', path: '/democratic' },
    { label: 'Social Accountability', path: '/accountability' },
    { label: 'Youth Leadership Project', path: '/youthleadership' },
    { label: 'Socio-Economic Rights', path: '/socio' },
  ],
};

export const topLinks = {
  strategy: { label: 'Our Strategy', path: '/strategy' },
  events: { label: 'Events', path: '/events' },
} as const;
