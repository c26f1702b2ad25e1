import { useState } from 'react';
import { Link } from 'react-router';
import type { Configuration, Input } from '@promptgrid/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { BlindCompare, type BlindCompareRun } from './blind-compare';
import { ChecksPanel, type ChecksRun } from './checks-panel';

type Props = {
  projectId: string;
  /** The project's user prompts, for a check's scope. */
  inputs: Input[];
  /** The project's configurations, for a rule check's scope. */
  configurations: Configuration[];
  /** The run on screen; null before the first one (checks can still be written for the next run). */
  run: (ChecksRun & BlindCompareRun) | null;
};

/** The results screen's Checks and Blind A/B buttons, each opening its dialog, and the way to the project's trends. */
export function VerdictsToolbar({ projectId, inputs, configurations, run }: Props) {
  const [checksOpen, setChecksOpen] = useState(false);
  const [blindOpen, setBlindOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setChecksOpen(true)} aria-haspopup="dialog">
        Checks
      </Button>
      {run ? (
        <Button variant="secondary" size="sm" onClick={() => setBlindOpen(true)} aria-haspopup="dialog">
          Blind A/B
        </Button>
      ) : null}
      <Link to={paths.projectTrends.to(projectId)} className={buttonClasses('secondary', 'sm')}>
        Trends
      </Link>
      <ChecksPanel
        projectId={projectId}
        inputs={inputs}
        configurations={configurations}
        run={run}
        open={checksOpen}
        onOpenChange={setChecksOpen}
      />
      {run && blindOpen ? <BlindCompare run={run} open={blindOpen} onOpenChange={setBlindOpen} /> : null}
    </>
  );
}
