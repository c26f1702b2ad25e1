import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  bannerTone,
  blockedReasonText,
  confirmLines,
  countCalls,
  outOfFreeDescription,
  previewText,
  runFailureMessage,
  runOutcomeMessage,
} from './run-rules';

describe('countCalls', () => {
  it('is inputs x prompts', () => {
    expect(countCalls(3, 4)).toBe(12);
    expect(countCalls(1, 1)).toBe(1);
  });
  it('is the number of prompts when no input is chosen', () => {
    expect(countCalls(0, 5)).toBe(5);
  });
  it('is zero without a prompt', () => {
    expect(countCalls(7, 0)).toBe(0);
  });
});

describe('confirmLines', () => {
  it('reads word for word as users know it', () => {
    expect(confirmLines(2, 3)).toEqual([
      'Running this evaluation will make 6 API call(s).',
      '(running 3 prompt(s) against 2 input(s))',
      'Are you sure you want to proceed?',
    ]);
    expect(confirmLines(0, 2)[0]).toBe('Running this evaluation will make 2 API call(s).');
    // With repetitions, N counts each pair's repetitions: the calls the run makes.
    expect(confirmLines(6, 1, 3)[0]).toBe('Running this evaluation will make 18 API call(s).');
  });
});

describe('bannerTone', () => {
  it('is red when the text contains Error, blue otherwise', () => {
    expect(bannerTone('❌ Error: boom')).toBe('error');
    expect(bannerTone('Error checking subscription status')).toBe('error');
    expect(bannerTone('Error while polling for updates')).toBe('error');
    expect(bannerTone('✨ Successfully ran 2 prompt-models on 3 inputs!')).toBe('info');
    expect(bannerTone('❌ Failed to run configurations. Check console for details.')).toBe('info');
    expect(bannerTone('an error in lower case')).toBe('info');
  });
});

describe('run messages', () => {
  it('falls back to the default failure text', () => {
    expect(runFailureMessage('')).toBe('❌ Error: Failed to run prompt-models.');
    expect(runFailureMessage('detail: nope')).toBe('❌ Error: detail: nope');
  });
  it('names partial, failed and successful runs', () => {
    expect(runOutcomeMessage({ results: [1, 2], errors: [3], total_requests: 3 }, 3, 1)).toBe(
      '⚠️ Partially successful: 2 configurations completed with 1 errors. Check console for details.',
    );
    expect(runOutcomeMessage({ results: [], errors: [1], total_requests: 1 }, 1, 1)).toBe(
      '❌ Failed to run configurations. Check console for details.',
    );
    expect(runOutcomeMessage({ results: [], errors: [], total_requests: 4 }, 2, 2)).toContain(
      'created evaluation with 2 prompt-models',
    );
    expect(runOutcomeMessage({ results: [1], errors: [], total_requests: 1 }, 1, 1)).toBe(
      '✨ Successfully ran 1 prompt-models on 1 inputs!',
    );
  });
});

describe('previewText', () => {
  it('shows 50 characters of content', () => {
    expect(previewText('x'.repeat(60))).toBe(`${'x'.repeat(50)}...`);
    expect(previewText('short\ntext')).toBe('short text');
  });
});

describe('outOfFreeDescription', () => {
  it("names the server's monthly allowance", () => {
    expect(outOfFreeDescription(10)).toMatch(/^You have used your 10 free evaluations this month\. /);
    expect(outOfFreeDescription(1)).toMatch(/^You have used your 1 free evaluation this month\. /);
    expect(outOfFreeDescription(0)).toMatch(/^Your plan includes no free evaluations\. /);
  });
  it('reads without a number while the status loads', () => {
    expect(outOfFreeDescription(undefined)).toMatch(/^You have used your free evaluations for this month\. /);
    expect(outOfFreeDescription(undefined)).not.toMatch(/\d/);
  });

  it("keeps a refused run's reason short: the first sentence and how many more", () => {
    const refused = (body: unknown) => new ApiError('variables: …', 400, body);
    const missing = (name: string) => `{{city}} is missing from user prompt '${name}'.`;
    expect(blockedReasonText(refused({ variables: [missing('A')] }))).toBe(missing('A'));
    expect(blockedReasonText(refused({ variables: [missing('A'), missing('B'), missing('C')] }))).toBe(
      "{{city}} is missing from user prompt 'A', and 2 more.",
    );
    expect(blockedReasonText(refused(null))).toBe('variables: …');
  });
});
