/**
 * The content column of every signed-in screen (projects, a project's screens, account) and of the top bar above
 * them: one width and one left edge, so nothing jumps sideways between screens.
 */
export const PAGE_WIDTH = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';
