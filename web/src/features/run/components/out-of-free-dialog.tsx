import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/lib/paths';
import { outOfFreeDescription } from '../lib/run-rules';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; freeRuns: number | null | undefined };

/** Shown when a real run is refused for want of free evaluations: upgrade, or later. */
export function OutOfFreeDialog({ open, onOpenChange, freeRuns }: Props) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Out of Free Evaluations"
      description={outOfFreeDescription(freeRuns)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          <Button onClick={() => navigate(paths.account.to('upgrade'))}>Upgrade to Pro</Button>
        </>
      }
    />
  );
}
