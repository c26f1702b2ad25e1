import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useStartCheckout } from '@/features/account/api/create-checkout-session';
import { paths } from '@/lib/paths';
import { usePublicConfig } from '@/lib/api/get-public-config';

/** /landing: Get Started goes to /projects when signed in, else to /signin with the pricing section as return target. */
export function LandingRoute() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const config = usePublicConfig();

  const toSignIn = () => navigate(paths.signIn.to(), { state: { returnTo: paths.landing.to('pricing') } });
  const detail =
    checkout.error instanceof ApiError && checkout.error.message !== 'An error occurred'
      ? checkout.error.message.replace(/^detail: /, '')
      : null;

  return (
    <LandingPage
      onGetStarted={() => void (isAuthenticated ? navigate(paths.projects.to()) : toSignIn())}
      onChoosePlan={() => (isAuthenticated ? checkout.mutate() : void toSignIn())}
      checkoutBusy={checkout.isPending || checkout.isSuccess}
      checkoutError={checkout.isError ? 'Failed to start upgrade process' : null}
      checkoutDetail={detail}
      feedbackEmail={config.data?.feedback_email ?? null}
    />
  );
}
