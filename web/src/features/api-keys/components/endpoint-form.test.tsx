import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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

  it('adds an Azure OpenAI resource: its endpoint, API version and deployments, sent with the kind', async () => {
    let sent: unknown = null;
    mockApi(({ body }) => {
      sent = JSON.parse(body);
      const parsed = CreateEndpointInput.safeParse(sent);
      return parsed.success ? { status: 201, body: {} } : { status: 400, body: { detail: parsed.error.message } };
    });
    renderWithApp(<EndpointForm endpoint={null} onDone={() => {}} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Contoso');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Azure OpenAI');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Resource endpoint/ }),
      'https://contoso.openai.azure.com',
    );
    expect(screen.getByRole('textbox', { name: /API version/ })).toHaveValue('2024-10-21');
    expect(screen.getByText(/An Azure resource lists no deployments/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/API key/), 'azure-key');
    await userEvent.click(screen.getByRole('button', { name: /Add model/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Model 1' }), 'prod-gpt-4o');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      name: 'Contoso',
      kind: 'azure',
      base_url: 'https://contoso.openai.azure.com',
      api_version: '2024-10-21',
      key: 'azure-key',
      models: [{ model_name: 'prod-gpt-4o' }],
    });
  });
});
