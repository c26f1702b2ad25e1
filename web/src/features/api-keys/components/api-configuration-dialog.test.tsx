import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { expectEscapeAsksBeforeDiscarding, expectEscapeClosesAtOnce } from '@/testing/discard-guard';
import ApiConfigurationDialog from './api-configuration-dialog';

const setUp = () => {
  mockApi(({ method }) => (method === 'GET' ? { body: [] } : undefined));
  const onOpenChange = vi.fn();
  renderWithApp(<ApiConfigurationDialog open onOpenChange={onOpenChange} />);
  return onOpenChange;
};

describe('ApiConfigurationDialog', () => {
  it('asks before Escape throws away a typed API key; Keep editing keeps it, Discard closes', async () => {
    const onOpenChange = setUp();
    const field = await screen.findByLabelText('OpenAI API key');
    await expectEscapeAsksBeforeDiscarding({
      type: () => userEvent.type(field, 'sk-typed'),
      expectTyping: () => expect(screen.getByLabelText('OpenAI API key')).toHaveValue('sk-typed'),
      closed: onOpenChange,
    });
  });

  it('closes at once on Escape when no key was typed', async () => {
    const onOpenChange = setUp();
    await screen.findByLabelText('OpenAI API key');
    await expectEscapeClosesAtOnce(onOpenChange);
  });
});
