import { paths } from '@/lib/paths';

/**
 * Where a signed-in user goes: /projects when the subscription check says active,
 * otherwise /landing (or the landing section they came from), and /landing when the check fails.
 */
export async function signInDestination(
  check: () => Promise<{ active: boolean }>,
  returnTo?: string | null,
): Promise<string> {
  const fallback = returnTo && /^\/landing(#[\w-]+)?$/.test(returnTo) ? returnTo : paths.landing.to();
  try {
    const { active } = await check();
    return active ? paths.projects.to() : fallback;
  } catch {
    return fallback;
  }
}
