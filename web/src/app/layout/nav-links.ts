/** The centre links of the top bar; the last four are anchors on the landing page. */
export const NAV_LINKS = [
  { label: 'Projects Home', to: '/projects' },
  { label: 'About', to: '/landing#about' },
  { label: 'How it Works', to: '/landing#howitworks' },
  { label: 'FAQ', to: '/landing#faq' },
  { label: 'Pricing', to: '/landing#pricing' },
] as const;
