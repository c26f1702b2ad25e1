import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JSON_OPEN_DEPTH } from './json-tree';
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

  it('shows JSON pretty with folding, and text that is not JSON as text', async () => {
    const { container, rerender } = render(<OutputView text='{"a":{"b":[1,2]}}' mode="json" />);
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(3);
    expect(container.textContent).toContain('"b": [');
    expect(container.textContent).toContain('2');
    await userEvent.click(screen.getByRole('button', { name: 'Fold "b"' }));
    expect(container.textContent).toContain('"b": [] 2 items');
    expect(screen.getByRole('button', { name: 'Unfold "b"' })).toHaveAttribute('aria-expanded', 'false');
    rerender(<OutputView text="not json <b>" mode="json" />);
    expect(container.textContent).toContain('Not valid JSON; shown as text.');
    expect(container.querySelector('b')).toBeNull();
  });

  it('renders JSON nested 10,000 deep without overflowing the stack, folded past a depth and unfolded on demand', async () => {
    const depth = 10_000;
    const text = `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
    const { container } = render(<OutputView text={text} mode="json" />);
    const json = screen.getByRole('group', { name: 'JSON' });
    // Open down to the fold, then one folded object: no element nests inside another.
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(JSON_OPEN_DEPTH);
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(1);
    expect(json.querySelector(':scope > div div')).toBeNull();
    expect(container.textContent).not.toContain('bottom');
    await userEvent.click(screen.getByRole('button', { name: 'Unfold "a"' }));
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(JSON_OPEN_DEPTH + 1);
    expect(screen.getByRole('button', { name: 'Unfold "a"' })).toBeInTheDocument();
  });

  it('marks insertions and deletions with text a screen reader reads', () => {
    const { container } = render(<DiffView baseline="the cat sat" text="the dog sat" />);
    expect(container.querySelector('ins')?.textContent).toBe('[added: dog]');
    expect(container.querySelector('del')?.textContent).toBe('[removed: cat]');
  });
});
