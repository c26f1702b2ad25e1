import { paths } from '@/lib/paths';

/** A path of this app behind sign-in: same origin (one leading slash), not the landing or sign-in pages. */
const isAppPage = (path: string) => /^\/(?![/\\])/.test(path) && !/^\/(landing|signin)\b/.test(path);

/**
 * Where a signed-in user goes: /projects when the subscription check says active,
 * otherwise /landing (or the landing section they came from), and /landing when the check fails.
 */
export async function signInDestination(
  check: () => Promise<{ active: boolean }>,
  returnTo?: string | null,
): Promise<string> {
  // A page of the app the visitor asked for before signing in (a shared deep link): they go back to it.
  if (returnTo && isAppPage(returnTo)) return returnTo;
  const fallback = returnTo && /^\/landing(#[\w-]+)?$/.test(returnTo) ? returnTo : paths.landing.to();
  try {
    const { active } = await check();
    return active ? paths.projects.to() : fallback;
  } catch {
    return fallback;
  }
}
