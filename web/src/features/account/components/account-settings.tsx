import { useNavigate } from 'react-router';
import { STANDARD_PLAN, type SubscriptionStatus } from '@promptgrid/contract';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { Banner } from '@/components/ui/banner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PAGE_WIDTH } from '@/components/ui/page-width';
import { cn } from '@/lib/cn';
import { useHashScroll } from '@/components/use-hash-scroll';
import { useSubscriptionStatus } from '@/lib/api/get-subscription-status';
import { usePublicConfig } from '@/lib/api/get-public-config';
import { useStartCheckout } from '../api/create-checkout-session';
import { useOpenBillingPortal } from '../api/get-portal-url';
import { DeleteAccount } from './delete-account';
import { AccessTokens } from './access-tokens';
import { paths } from '@/lib/paths';

/** The server's own reason (e.g. billing not configured), shown under our error text. */
const detailOf = (error: unknown) =>
  error instanceof ApiError && error.message !== 'An error occurred' ? error.message.replace(/^detail: /, '') : null;

const isSubscribed = (status: SubscriptionStatus) => status.status === 'active' || status.status === 'trialing';

function ErrorBanner({ text, error }: { text: string; error: unknown }) {
  const detail = detailOf(error);
  return (
    <Banner className="mt-4">
      <p className="font-medium">{text}</p>
      {detail ? <p className="mt-0.5 text-xs opacity-80">{detail}</p> : null}
    </Banner>
  );
}

/** /account: e-mail, subscription line and the Upgrade / Manage buttons. */
export function AccountSettings() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const status = useSubscriptionStatus();
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  useHashScroll();

  const subscribed = status.data ? isSubscribed(status.data) : false;
  const config = usePublicConfig();
  // Billing is off when either the public config or the status says so: then checkout cannot start, so the button
  // stays visible but disabled with the reason next to it instead of failing with a red banner.
  const billingEnabled = config.data?.billing_enabled !== false && status.data?.billing_enabled !== false;
  // A server without billing and without a monthly limit (self-hosted) has no plan to show nor any evaluations to count.
  const noPlans =
    !billingEnabled && (config.data?.free_evaluations_per_month === null || status.data?.num_free_requests === null);

  return (
    <div className={cn(PAGE_WIDTH, 'py-8 sm:py-10 *:max-w-3xl')}>
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3"
        onClick={() =>
          void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(paths.projects.to()))
        }
      >
        <ArrowLeftIcon className="size-4" />
        Back
      </Button>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">Account Settings</h1>

      <section
        aria-labelledby="profile-title"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="profile-title" className="text-sm font-semibold text-slate-900 dark:text-slate-50">
          Profile
        </h2>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Email: <span className="font-medium text-slate-900 dark:text-slate-50">{user?.email}</span>
        </p>
      </section>

      {noPlans ? null : (
        <section
          id="upgrade"
          aria-labelledby="subscription-title"
          className={cn(
            'mt-6 scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 target:ring-2',
            'target:ring-blue-500 dark:border-slate-800 dark:bg-slate-900',
          )}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="subscription-title" className="text-sm font-semibold text-slate-900 dark:text-slate-50">
              Subscription
            </h2>
            {status.data ? (
              <Badge tone={subscribed ? 'success' : 'neutral'}>{subscribed ? STANDARD_PLAN.name : 'Free'}</Badge>
            ) : null}
          </div>

          {status.isPending ? (
            <div aria-hidden className="mt-4 space-y-3">
              <div className="h-5 w-48 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
              <div className="h-10 w-40 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
            </div>
          ) : status.isError ? (
            <Banner className="mt-4">Unable to load subscription information</Banner>
          ) : (
            <>
              <p className="mt-3 text-base font-medium text-slate-900 dark:text-slate-50">
                {subscribed
                  ? 'Subscription active'
                  : `Evaluations left: ${status.data.free_requests_remaining ?? 'no limit'}`}
              </p>
              <p className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-400">
                {subscribed
                  ? status.data.cancel_at_period_end && status.data.current_period_end
                    ? `Your ${STANDARD_PLAN.name} plan ends on ${new Date(status.data.current_period_end).toLocaleDateString()}.`
                    : `Your ${STANDARD_PLAN.name} plan includes unlimited evaluations, priority support and advanced analytics.`
                  : `The Free plan includes ${status.data.num_free_requests} evaluations per month. ` +
                    `${STANDARD_PLAN.name} is ${STANDARD_PLAN.priceLabel} per month for unlimited evaluations, ` +
                    `priority support and advanced analytics.`}
              </p>

              <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
                {subscribed ? (
                  <Button
                    variant="secondary"
                    className="self-start sm:self-center"
                    onClick={() => portal.mutate()}
                    disabled={!billingEnabled || portal.isPending || portal.isSuccess}
                    aria-describedby={billingEnabled ? undefined : 'billing-off'}
                  >
                    {portal.isPending || portal.isSuccess ? 'Opening...' : 'Manage Subscription'}
                  </Button>
                ) : (
                  <Button
                    className="self-start sm:self-center"
                    onClick={() => checkout.mutate()}
                    disabled={!billingEnabled || checkout.isPending || checkout.isSuccess}
                    aria-describedby={billingEnabled ? undefined : 'billing-off'}
                  >
                    {checkout.isPending || checkout.isSuccess ? 'Redirecting...' : 'Upgrade to Pro'}
                  </Button>
                )}
                {!billingEnabled ? (
                  <p id="billing-off" className="text-sm leading-6 text-slate-600 sm:max-w-md dark:text-slate-400">
                    Billing is not configured on this server, so plans cannot be bought or managed here. The server
                    administrator can enable it by setting STRIPE_SECRET_KEY and STRIPE_PRICE_ID.
                  </p>
                ) : null}
              </div>
              {portal.isError ? <ErrorBanner text="Failed to access billing portal" error={portal.error} /> : null}
              {checkout.isError ? <ErrorBanner text="Failed to start upgrade process" error={checkout.error} /> : null}
            </>
          )}
        </section>
      )}

      <AccessTokens />

      {user ? <DeleteAccount email={user.email} /> : null}
    </div>
  );
}
