import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/testing/app-test-utils';
import { mockApi } from '@/testing/api-mock';
import { ConsistencyPanel } from './consistency-panel';
import { JudgeAgreementPanel } from './judge-agreement-panel';

const names: Record<number, string> = { 5: 'Terse', 6: 'Friendly' };
const nameOf = (id: number) => names[id] ?? `Configuration ${id}`;
const inputName = (id: number | null) => `Ticket ${id}`;

describe('ConsistencyPanel', () => {
  it('shows pass@k and pass^k with their explanations, and lists the flaky cases with their pass counts', async () => {
    mockApi(({ url }) =>
      url === '/api/evaluations/9/consistency/'
        ? {
            body: {
              repetitions: 3,
              configurations: [
                {
                  configuration_id: 5,
                  consistency: {
                    available: true,
                    k: 3,
                    cases: 4,
                    pass_at_k: 1,
                    pass_hat_k: 0.75,
                    flaky_cases: [{ input_id: 2, check_id: 1, passed: 2, runs: 3, label: '2/3' }],
                  },
                },
                {
                  configuration_id: 6,
                  consistency: {
                    available: false,
                    reason: 'No check has a verdict on all 3 repetitions of an input yet.',
                  },
                },
              ],
              cells: [],
            },
          }
        : undefined,
    );
    renderWithApp(
      <ConsistencyPanel
        evaluationId={9}
        refresh={{ polling: false, verdicts: '' }}
        nameOf={nameOf}
        inputName={inputName}
        checkName={() => 'Polite'}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Consistency over 3 repetitions' });
    expect(within(panel).getByText('pass^3')).toHaveAttribute(
      'title',
      'pass^3: share of cases that passed in all 3 repetitions',
    );
    expect(within(panel).getByRole('row', { name: /Terse/ })).toHaveTextContent('Terse100%75%1');
    expect(within(panel).getByRole('row', { name: /Friendly/ })).toHaveTextContent(
      'No check has a verdict on all 3 repetitions of an input yet.',
    );
    await userEvent.click(within(panel).getByText('Show the 1 flaky case'));
    expect(within(panel).getByText('Terse · Ticket 2 · Polite')).toBeVisible();
    expect(within(panel).getByLabelText('passed 2 of 3')).toHaveTextContent('2/3');
  });

  it('shows nothing for a run of one repetition', async () => {
    const calls = mockApi(({ url }) =>
      url === '/api/evaluations/9/consistency/'
        ? { body: { repetitions: 1, configurations: [], cells: [] } }
        : undefined,
    );
    const { container } = renderWithApp(
      <ConsistencyPanel
        evaluationId={9}
        refresh={{ polling: false, verdicts: '' }}
        nameOf={nameOf}
        inputName={inputName}
        checkName={String}
      />,
    );
    await expect.poll(() => calls.length).toBe(1);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('JudgeAgreementPanel', () => {
  it("shows each judge's agreement with people, kappa with its interval, the confusion matrix and the disagreements", async () => {
    mockApi(({ url }) =>
      url === '/api/evaluations/9/judge-agreement/'
        ? {
            body: {
              checks: [
                {
                  check_id: 3,
                  name: 'Helpful',
                  agreement: {
                    available: true,
                    rated_outputs: 10,
                    percent_agreement: 80,
                    kappa: 0.6,
                    kappa_interval: { low: 0.12, high: 1 },
                    kappa_reason: null,
                    confusion: {
                      judge_pass_human_up: 5,
                      judge_pass_human_down: 1,
                      judge_fail_human_up: 1,
                      judge_fail_human_down: 3,
                    },
                    disagreements: [
                      {
                        api_request: 41,
                        input_id: 4,
                        configuration_id: 6,
                        judge_pass: true,
                        human_rating: -1,
                        judge_reason: 'Polite enough.',
                      },
                    ],
                  },
                },
                {
                  check_id: 4,
                  name: 'Accurate',
                  agreement: {
                    available: false,
                    reason: 'No output this judge scored has been rated by a person yet.',
                  },
                },
              ],
            },
          }
        : undefined,
    );
    renderWithApp(
      <JudgeAgreementPanel
        evaluationId={9}
        refresh={{ polling: false, verdicts: '' }}
        nameOf={nameOf}
        inputName={inputName}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Judge agreement' });
    expect(panel).toHaveTextContent(
      'Helpful agrees with your ratings on 80% of 10 rated outputs; kappa 0.60 (0.12 to 1.00).',
    );
    const confusion = within(panel).getByRole('table', { name: "Judge verdicts against people's ratings" });
    expect(within(confusion).getByRole('row', { name: /Judge pass/ })).toHaveTextContent('Judge pass51');
    expect(panel).toHaveTextContent('Accurate: No output this judge scored has been rated by a person yet.');
    await userEvent.click(within(panel).getByText('Show the 1 output where they disagree'));
    expect(
      within(panel)
        .getByText(/Friendly · Ticket 4/)
        .closest('li'),
    ).toHaveTextContent('Friendly · Ticket 4: judge pass, you thumbs down — "Polite enough."');
  });
});
