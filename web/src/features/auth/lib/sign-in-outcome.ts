export type SignInDestination = '/projects' | '/landing' | `/landing#${string}`;

/**
 * Where a signed-in user goes: /projects when the subscription check says active,
 * otherwise /landing (or the landing section they came from), and /landing when the check fails.
 */
export async function signInDestination(
  check: () => Promise<{ active: boolean }>,
  returnTo?: string | null,
): Promise<SignInDestination> {
  const fallback: SignInDestination =
    returnTo && /^\/landing(#[\w-]+)?$/.test(returnTo) ? (returnTo as SignInDestination) : '/landing';
  try {
    const { active } = await check();
    return active ? '/projects' : fallback;
  } catch {
    return fallback;
  }
}
