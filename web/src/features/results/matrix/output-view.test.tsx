import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { DiffView, OutputView, renderMarkdown } from './output-view';

const HOSTILE = [
  '<img src=x onerror="alert(1)">',
  '<script>alert(2)</script>',
  '[click](javascript:alert(3))',
  '<a href="javascript:alert(4)">raw</a>',
  '![pic](javascript:alert(5))',
].join('\n\n');

describe('output rendering', () => {
  it('renders Markdown without raw HTML, handlers or script URLs', () => {
    const html = renderMarkdown(`**bold**\n\n${HOSTILE}`);
    expect(html).toContain('<strong>bold</strong>');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script, img, [onerror]')).toHaveLength(0);
    expect([...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'))).not.toContainEqual(
      expect.stringMatching(/^javascript:/i),
    );
    expect(doc.body.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('shows JSON pretty with folding, and text that is not JSON as text', () => {
    const { container, rerender } = render(<OutputView text='{"a":{"b":[1,2]}}' mode="json" />);
    expect(container.querySelectorAll('details')).toHaveLength(3);
    expect(container.textContent).toContain('"b": [');
    rerender(<OutputView text="not json <b>" mode="json" />);
    expect(container.textContent).toContain('Not valid JSON; shown as text.');
    expect(container.querySelector('b')).toBeNull();
  });

  it('marks insertions and deletions with text a screen reader reads', () => {
    const { container } = render(<DiffView baseline="the cat sat" text="the dog sat" />);
    expect(container.querySelector('ins')?.textContent).toBe('[added: dog]');
    expect(container.querySelector('del')?.textContent).toBe('[removed: cat]');
  });
});
