import { paths } from '@/lib/paths';

/** The centre links of the top bar; the last four are anchors on the landing page. */
export const NAV_LINKS = [
  { label: 'Projects Home', to: paths.projects.to() },
  { label: 'About', to: paths.landing.to('about') },
  { label: 'How it Works', to: paths.landing.to('howitworks') },
  { label: 'FAQ', to: paths.landing.to('faq') },
  { label: 'Pricing', to: paths.landing.to('pricing') },
];
