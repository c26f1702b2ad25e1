import { cn } from '@/lib/cn';

export const Skeleton = ({ className }: { className?: string }) => (
  <div aria-hidden className={cn('animate-pulse rounded bg-slate-200 dark:bg-slate-700', className)} />
);
