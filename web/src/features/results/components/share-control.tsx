import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/field';
import { Banner } from '@/components/ui/banner';
import { createShareLink, getShareStatus, revokeShareLink } from '../api/share-evaluation';
import { CopyButton } from '@/components/ui/copy-button';

/** Makes, shows and revokes the evaluation's read-only link. */
export function ShareControl({ evaluationId }: { evaluationId: number }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const statusKey = ['evaluations', evaluationId, 'share'];
  const status = useQuery({ queryKey: statusKey, queryFn: () => getShareStatus(evaluationId), enabled: open });
  const create = useMutation({
    mutationFn: () => createShareLink(evaluationId),
    onSuccess: (link) => {
      setUrl(link.url);
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeShareLink(evaluationId),
    onSuccess: () => {
      setUrl(null);
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
  const shared = status.data?.shared ?? false;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Share
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Share a read-only link"
        description={
          "Anyone with the link can see this evaluation's grid without signing in: the user prompts, " +
          "the system prompts' names and models, and the outputs. Nothing else of your account."
        }
        footer={
          <>
            {shared ? (
              <Button variant="secondary" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
                {revoke.isPending ? 'Revoking...' : 'Revoke link'}
              </Button>
            ) : null}
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? 'Creating...' : shared ? 'Create a new link' : 'Create link'}
            </Button>
          </>
        }
      >
        {create.isError || revoke.isError ? <Banner tone="error">Failed to update the share link.</Banner> : null}
        {url ? (
          <div className="space-y-1">
            <label htmlFor="share-url" className="block text-sm font-medium">
              Share link
            </label>
            <div className="flex gap-2">
              <input id="share-url" readOnly value={url} className={inputClasses} onFocus={(e) => e.target.select()} />
              <CopyButton text={url} label="Copy share link" />
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Shown once: copy it now. Creating a new link makes this one stop working.
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {status.isPending
              ? 'Checking for a link...'
              : shared
                ? `A link is active since ${new Date(status.data!.created_at!).toLocaleString()}. It cannot ` +
                  `be shown again; create a new one or revoke it.`
                : 'No link yet.'}
          </p>
        )}
      </Dialog>
    </>
  );
}
