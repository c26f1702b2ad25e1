import { useState } from 'react';
import type { Endpoint } from '@promptgrid/contract';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DeleteConfirmDialog } from '@/components/ui/delete-confirm-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDeleteEndpoint } from '../api/delete-endpoint';
import { useEndpoints } from '@/lib/api/get-endpoints';
import { EndpointForm } from './endpoint-form';

/** Which endpoint the form edits: 'new' adds one. */
type Editing = Endpoint['id'] | 'new' | null;

/**
 * The user's OpenAI-compatible endpoints (Ollama, vLLM, LM Studio, a gateway), under the provider keys: each with its
 * models; one is added or edited in place.
 */
export function EndpointsSection({
  open,
  onDirtyChange,
}: {
  open: boolean;
  /** Whether the endpoint form on screen holds changes. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const endpoints = useEndpoints(open);
  const remove = useDeleteEndpoint();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);

  return (
    <section aria-labelledby="endpoints-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="endpoints-heading" className="text-base font-semibold">
          OpenAI-compatible endpoints
        </h3>
        {editing !== 'new' ? (
          <Button size="sm" variant="secondary" onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" />
            Add endpoint
          </Button>
        ) : null}
      </div>
      <p className="text-xs leading-5 text-slate-500 dark:text-slate-400">
        Ollama, vLLM, LM Studio, llama.cpp, a gateway such as OpenRouter, or an Azure OpenAI resource: its models join
        the model select.
      </p>
      {endpoints.isError ? <Banner>Failed to fetch endpoints</Banner> : null}
      {endpoints.isPending && open ? <Skeleton className="h-16" /> : null}
      {editing === 'new' ? (
        <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <EndpointForm endpoint={null} onDone={(saved) => setEditing(saved.id)} onDirtyChange={onDirtyChange} />
          <Button size="sm" variant="ghost" className="mt-2" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
      <ul className="space-y-3">
        {endpoints.data?.map((endpoint) => (
          <li key={endpoint.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{endpoint.name}</p>
                <p className="font-mono text-xs break-all text-slate-500 dark:text-slate-400">{endpoint.base_url}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {endpoint.kind === 'azure' ? `Azure OpenAI, API version ${endpoint.api_version} · ` : null}
                  {endpoint.has_key ? `Key ••••${endpoint.last_four_digits}` : 'No key'} ·{' '}
                  {endpoint.models.length === 1 ? '1 model' : `${endpoint.models.length} models`}
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setEditing(editing === endpoint.id ? null : endpoint.id)}
                  aria-expanded={editing === endpoint.id}
                  aria-label={`Edit ${endpoint.name}`}
                >
                  <PencilIcon className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setDeleting(endpoint)}
                  aria-label={`Delete ${endpoint.name}`}
                >
                  <TrashIcon className="size-4" />
                </Button>
              </div>
            </div>
            {editing === endpoint.id ? (
              <div className="mt-4">
                <EndpointForm
                  key={endpoint.id}
                  endpoint={endpoint}
                  onDone={() => setEditing(null)}
                  onDirtyChange={onDirtyChange}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <DeleteConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete endpoint"
        message={`Delete ${deleting?.name ?? 'this endpoint'} and its models? This cannot be undone.`}
        failedMessage={(error) =>
          error instanceof ApiError && error.status === 409 ? error.message : 'Failed to delete endpoint'
        }
        onDelete={(endpoint) => remove.mutateAsync(endpoint.id)}
      />
    </section>
  );
}
