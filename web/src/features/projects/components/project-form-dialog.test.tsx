import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { expectEscapeAsksBeforeDiscarding, expectEscapeClosesAtOnce } from '@/testing/discard-guard';
import { ProjectFormDialog } from './project-form-dialog';

describe('ProjectFormDialog', () => {
  it('asks before Escape throws away a typed project name; Keep editing keeps it, Discard closes', async () => {
    mockApi(() => undefined);
    const onOpenChange = vi.fn();
    renderWithApp(<ProjectFormDialog open onOpenChange={onOpenChange} />);
    await screen.findByRole('dialog', { name: 'Create New Project' });
    await expectEscapeAsksBeforeDiscarding({
      type: () => userEvent.type(screen.getByLabelText(/^Project Name/), 'Legal summarizer'),
      expectTyping: () => expect(screen.getByLabelText(/^Project Name/)).toHaveValue('Legal summarizer'),
      closed: onOpenChange,
    });
  });

  it('closes at once on Escape when nothing was typed', async () => {
    mockApi(() => undefined);
    const onOpenChange = vi.fn();
    renderWithApp(<ProjectFormDialog open onOpenChange={onOpenChange} />);
    await screen.findByRole('dialog', { name: 'Create New Project' });
    await expectEscapeClosesAtOnce(onOpenChange);
  });
});
