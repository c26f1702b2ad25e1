import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateEndpointInput } from '@promptgrid/contract';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { EndpointForm } from './endpoint-form';

describe('EndpointForm', () => {
  it("shows the shared schema's message under the headers when a header is one the server sets", async () => {
    // The API answers as the server does: with the field messages of the contract's own schema.
    mockApi(({ body }) => {
      const parsed = CreateEndpointInput.safeParse(JSON.parse(body));
      const issue = parsed.error?.issues.find((i) => i.path[0] === 'headers');
      return issue ? { status: 400, body: { headers: [issue.message] } } : { status: 201, body: {} };
    });
    renderWithApp(<EndpointForm endpoint={null} onDone={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Internal');
    await userEvent.type(screen.getByRole('textbox', { name: /Base URL/ }), 'https://llm.example.com/v1');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Extra headers/ }),
      'host: internal-admin.example{enter}X-Team: evals',
    );
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(
      await screen.findByText(/^host cannot be set on an endpoint: Host, Connection, .* are set by the server\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Extra headers/ })).toHaveAccessibleDescription(
      /host cannot be set on an endpoint/,
    );
  });
});
