/**
 * Said by every summary, leaderboard, chart and export of a run made in mock mode: mock outputs echo the system
 * prompt, so pass rates, win rates and latencies say nothing about which prompt is better.
 */
export const MOCK_OUTPUTS_NOTE = 'Mock outputs: these scores do not measure the prompts';
