import { useHashScroll } from '@/components/use-hash-scroll';
import { Hero } from './hero';
import { About } from './about';
import { HowItWorks } from './how-it-works';
import { Example } from './example';
import { Faq } from './faq';
import { Pricing } from './pricing';
import { Footer } from './footer';

type LandingPageProps = {
  onGetStarted: () => void;
  onChoosePlan: () => void;
  checkoutBusy?: boolean;
  checkoutError?: string | null;
  checkoutDetail?: string | null;
  /** The operator's FEEDBACK_EMAIL, for the beta-feedback line. */
  feedbackEmail?: string | null;
};

/** The public landing page: hero, how it works, example, pricing, FAQ and about, with smooth hash anchors. */
export function LandingPage({
  onGetStarted,
  onChoosePlan,
  checkoutBusy,
  checkoutError,
  checkoutDetail,
  feedbackEmail = null,
}: LandingPageProps) {
  useHashScroll();
  return (
    <>
      <Hero onGetStarted={onGetStarted} />
      <About />
      <HowItWorks />
      <Example />
      <Faq />
      <Pricing
        onStartFree={onGetStarted}
        onGetStarted={onChoosePlan}
        busy={checkoutBusy}
        error={checkoutError}
        detail={checkoutDetail}
      />
      <Footer feedbackEmail={feedbackEmail} />
    </>
  );
}
