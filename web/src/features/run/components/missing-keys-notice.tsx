import { Link } from 'react-router';
import { API_SETTINGS_SEARCH } from '@/lib/api-settings-link';
import { Banner } from '@/components/ui/banner';

/** Before a real run: which provider keys the chosen system prompts need and lack, with a way to add them. */
export function MissingKeysNotice({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Banner tone="error">
      <span className="block space-y-1">
        {messages.map((message) => (
          <span key={message} className="block">
            {message}
          </span>
        ))}
      </span>
      <Link
        to={{ search: API_SETTINGS_SEARCH }}
        className="mt-2 inline-block font-semibold underline underline-offset-2 hover:no-underline"
      >
        Open API Settings
      </Link>
    </Banner>
  );
}
