import { useLocation } from 'react-router';
import { SignInCard } from '@/features/auth/components/sign-in-card';

/** /signin; a caller may pass a return target (e.g. the landing pricing section) in the navigation state. */
export default function SignInRoute() {
  const location = useLocation();
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo ?? null;
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <SignInCard returnTo={returnTo} />
    </div>
  );
}
