import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSubscriptionStatus } from '@/lib/api/get-subscription-status';
import { paths } from '@/lib/paths';
import { outOfFreeDescription } from '../lib/run-rules';

/** 'Out of Free Evaluations': the allowance (asked for once the dialog opens) and the way to upgrade. */
export function OutOfFreeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  // The server's allowance (FREE_EVALUATIONS_PER_MONTH).
  const subscription = useSubscriptionStatus(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Out of Free Evaluations"
      description={outOfFreeDescription(subscription.data?.num_free_requests)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button onClick={() => void navigate(paths.account.to('upgrade'))}>Upgrade to Pro</Button>
        </>
      }
    />
  );
}
