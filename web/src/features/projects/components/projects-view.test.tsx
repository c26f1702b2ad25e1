import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { callsOf, mockApi } from '@/testing/api-mock';
import { ProjectsView } from './projects-view';
import { itemAt } from '@promptgrid/test-support/items';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const project = (id: number, name: string, updatedHoursAgo: number, counts: [number, number] = [0, 0]): Project => ({
  id,
  name,
  description: `${name} description`,
  created_at: hoursAgo(1000),
  updated_at: hoursAgo(updatedHoursAgo),
  config_count: counts[0],
  input_count: counts[1],
});

describe('ProjectsView', () => {
  it('shows the empty state with Create Project', async () => {
    mockApi(() => ({ body: [] }));
    renderWithApp(<ProjectsView />);
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first project to get started')).toBeInTheDocument();
    expect(screen.getByText('Currently you have: 0 Project(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Project' })).toBeInTheDocument();
  });

  it('lists projects newest first with age, counts and a View Project link', async () => {
    mockApi(() => ({
      body: [project(1, 'Old', 50, [1, 1]), project(2, 'New', 0.2, [2, 0]), project(3, 'Middle', 5, [0, 3])],
    }));
    renderWithApp(<ProjectsView />);
    expect(await screen.findByText('Currently you have: 3 Project(s)')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['New', 'Middle', 'Old']);
    expect(within(itemAt(cards, 0)).getByText('Just now')).toBeInTheDocument();
    expect(within(itemAt(cards, 0)).getByText('2 system prompts')).toBeInTheDocument();
    expect(within(itemAt(cards, 0)).getByText('0 user prompts')).toBeInTheDocument();
    expect(within(itemAt(cards, 1)).getByText('5h ago')).toBeInTheDocument();
    expect(within(itemAt(cards, 1)).getByText('3 user prompts')).toBeInTheDocument();
    expect(within(itemAt(cards, 2)).getByText('2d ago')).toBeInTheDocument();
    expect(within(itemAt(cards, 2)).getByText('1 system prompt')).toBeInTheDocument();
    expect(within(itemAt(cards, 2)).getByText('1 user prompt')).toBeInTheDocument();
    expect(within(itemAt(cards, 2)).getByRole('link', { name: 'View Project' })).toHaveAttribute(
      'href',
      '/project/1/inputs',
    );
  });

  it("shows 'Failed to load projects' in a red banner", async () => {
    mockApi(() => ({ status: 500, body: { detail: 'down' } }));
    renderWithApp(<ProjectsView />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects');
  });

  it("offers 'Try again' in the load-error banner, which refetches the list", async () => {
    let fail = true;
    const fetch = mockApi(() =>
      fail ? { status: 500, body: { detail: 'down' } } : { body: [project(1, 'Legal', 0)] },
    );
    renderWithApp(<ProjectsView />);
    const banner = await screen.findByRole('alert');
    expect(screen.getByText('Project count unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Currently you have: 1 Project(s)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsOf(fetch).filter((call) => call === 'GET /api/projects/')).toHaveLength(2);
  });

  it('requires both fields, then creates the project', async () => {
    const fetch = mockApi(({ method }) =>
      method === 'POST' ? { status: 201, body: project(9, 'Legal', 0) } : { body: [] },
    );
    renderWithApp(<ProjectsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Project' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect(await within(dialog).findByText('Project name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    expect(callsOf(fetch)).not.toContain('POST /api/projects/');

    await userEvent.type(within(dialog).getByLabelText(/Project Name/), 'Legal');
    // Each field's error (and red border) goes as soon as that field is fixed; the other stays.
    expect(within(dialog).queryByText('Project name is required.')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Project Name/)).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Contracts');
    expect(within(dialog).queryByText('Description is required.')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Description/)).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(fetch)).toContain('POST /api/projects/');
  });

  it("edits with 'Edit Project' / 'Save Changes' and shows 'Failed to update project' on failure", async () => {
    mockApi(({ method }) =>
      method === 'PUT' ? { status: 500, body: { detail: 'down' } } : { body: [project(1, 'Legal', 2)] },
    );
    renderWithApp(<ProjectsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Project actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    expect(within(dialog).getByLabelText(/Project Name/)).toHaveValue('Legal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update project');
  });

  it("puts the server's 400 messages on their fields", async () => {
    mockApi(({ method }) =>
      method === 'POST'
        ? { status: 400, body: { name: ['Project name must not contain a NUL character.'] } }
        : { body: [] },
    );
    renderWithApp(<ProjectsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Project' });
    await userEvent.type(within(dialog).getByLabelText(/Project Name/), 'Legal');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Contracts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Project Name/)).toHaveAccessibleDescription(
        'Project name must not contain a NUL character.',
      ),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks before deleting, with the confirmation text', async () => {
    const fetch = mockApi(({ method }) => (method === 'DELETE' ? { status: 204 } : { body: [project(1, 'Legal', 2)] }));
    renderWithApp(<ProjectsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Project actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this project? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(fetch)).toContain('DELETE /api/projects/1/'));
  });
});
