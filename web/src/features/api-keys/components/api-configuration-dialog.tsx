import { Banner } from '@/components/ui/banner';
import { Dialog } from '@/components/ui/dialog';
import { useDirtyParts, useDiscardGuard } from '@/components/ui/discard-guard';
import { KeyIcon } from '@/components/ui/icons';
import { useApiKeys } from '@/lib/api/get-api-keys';
import { keyForProvider, PROVIDER_ORDER } from '../lib/providers';
import { EndpointsSection } from './endpoints-section';
import { ProviderKeyCard } from './provider-key-card';

/** The API Configuration modal opened from the user menu's API Settings (loaded lazily, so the default export). */
export default function ApiConfigurationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const keys = useApiKeys(open);
  // A typed key or a changed endpoint is asked about before Escape or a click outside throws it away.
  const typing = useDirtyParts();
  const { guard, confirmation } = useDiscardGuard(typing.dirty);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : guard(() => onOpenChange(false)))}
      title="API Configuration"
      description={
        'Add a key for each provider you want to evaluate. Keys are encrypted on the server and ' +
        'only their last four characters are ever shown.'
      }
      className="max-w-xl"
    >
      <div className="space-y-4">
        {keys.isError ? <Banner>Failed to fetch API keys</Banner> : null}
        {PROVIDER_ORDER.map((provider) => (
          <ProviderKeyCard
            key={provider}
            provider={provider}
            apiKey={keyForProvider(keys.data, provider)}
            loading={keys.isPending}
            onDirtyChange={typing.reportFor(provider)}
          />
        ))}
        <p className="flex items-start gap-2 text-xs leading-5 text-slate-500 dark:text-slate-400">
          <KeyIcon className="mt-0.5 size-3.5 shrink-0" />
          Mock runs need no key. Real evaluations call the provider with your key and are billed by the provider to you.
        </p>
        <EndpointsSection open={open} onDirtyChange={typing.reportFor('endpoint')} />
      </div>
      {confirmation}
    </Dialog>
  );
}
