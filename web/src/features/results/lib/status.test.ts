import { describe, expect, it } from 'vitest';
import {
  allTerminal,
  canDownload,
  countStatuses,
  deriveRunStatus,
  isSettled,
  formatOutput,
  formatSeconds,
  gridColumns,
  progressDots,
} from './status';

const r = (status: 'PENDING' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED') => ({ status });

describe('deriveRunStatus', () => {
  it('is Running while polling', () => {
    expect(deriveRunStatus(true, 0, 4)).toBe('Running');
    expect(deriveRunStatus(true, 4, 4)).toBe('Running');
  });
  it('is Complete, Failed or Partial once polling stopped', () => {
    expect(deriveRunStatus(false, 4, 4)).toBe('Complete');
    expect(deriveRunStatus(false, 0, 4)).toBe('Failed');
    expect(deriveRunStatus(false, 2, 4)).toBe('Partial');
  });
  it('stays Running after a polling error while requests are still PENDING or IN_PROGRESS', () => {
    // Polling stopped on an error, 1 of 4 succeeded, the rest still under way: not Partial, not Failed.
    expect(
      deriveRunStatus(false, 1, 4, isSettled([r('SUCCESS'), r('IN_PROGRESS'), r('PENDING'), r('PENDING')], 4)),
    ).toBe('Running');
    expect(deriveRunStatus(false, 0, 4, isSettled([r('IN_PROGRESS')], 4))).toBe('Running');
    // Nothing known yet (the first poll failed): still Running, never Failed.
    expect(deriveRunStatus(false, 0, 4, isSettled([], 4))).toBe('Running');
  });
  it('gives the final status after a polling error once every request has ended', () => {
    expect(deriveRunStatus(false, 1, 2, isSettled([r('SUCCESS'), r('FAILED')], 2))).toBe('Partial');
    expect(deriveRunStatus(false, 0, 2, isSettled([r('FAILED'), r('FAILED')], 2))).toBe('Failed');
  });
});

describe('allTerminal', () => {
  it('needs every expected request in SUCCESS or FAILED', () => {
    expect(allTerminal([r('SUCCESS'), r('FAILED')], 2)).toBe(true);
    expect(allTerminal([r('SUCCESS'), r('IN_PROGRESS')], 2)).toBe(false);
    expect(allTerminal([r('SUCCESS')], 2)).toBe(false);
    expect(allTerminal([r('PENDING')], 1)).toBe(false);
  });
  it('waits for the judges: a SUCCESS whose output is still being judged has not ended', () => {
    const judging = { status: 'SUCCESS' as const, judging: true };
    expect(allTerminal([r('SUCCESS'), judging], 2)).toBe(false);
    expect(deriveRunStatus(false, 2, 2, isSettled([r('SUCCESS'), judging], 2))).toBe('Running');
    expect(allTerminal([r('SUCCESS'), { ...judging, judging: false }], 2)).toBe(true);
  });
  it('counts statuses', () => {
    expect(countStatuses([r('SUCCESS'), r('FAILED'), r('SUCCESS')])).toEqual({
      PENDING: 0,
      IN_PROGRESS: 0,
      SUCCESS: 2,
      FAILED: 1,
    });
  });
});

describe('canDownload', () => {
  it('needs polling stopped and one success', () => {
    expect(canDownload(false, 1)).toBe(true);
    expect(canDownload(true, 3)).toBe(false);
    expect(canDownload(false, 0)).toBe(false);
  });
});

describe('gridColumns', () => {
  it('is ceil(sqrt(total)) with a default of 4 requests', () => {
    expect(gridColumns(undefined)).toBe(2);
    expect(gridColumns(0)).toBe(2);
    expect(gridColumns(1)).toBe(1);
    expect(gridColumns(5)).toBe(3);
    expect(gridColumns(9)).toBe(3);
    expect(gridColumns(10)).toBe(4);
    expect(gridColumns(1000)).toBe(32);
  });
  it('fills missing requests with PENDING dots', () => {
    expect(progressDots([r('SUCCESS')], 3)).toEqual(['SUCCESS', 'PENDING', 'PENDING']);
    expect(progressDots([], null)).toHaveLength(4);
  });
});

describe('formatting', () => {
  it('shows seconds to 2 decimals', () => {
    expect(formatSeconds(1.2345)).toBe('1.23s');
    expect(formatSeconds(null)).toBe('0.00s');
  });
  it('pretty-prints JSON outputs only', () => {
    expect(formatOutput('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(formatOutput('plain text')).toEqual({ text: 'plain text', json: false });
    expect(formatOutput('{not json')).toEqual({ text: '{not json', json: false });
  });
});
