import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiRequestFixture, configurationFixture, resultFixture } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/app-test-utils';
import { itemAt } from '@promptgrid/test-support/items';
import { indexCells } from '../lib/results-index';
import { CellFacts } from '../matrix/matrix-cell';
import { gridFromResults } from '../matrix/grid-data';
import { ResultCard } from './result-card';

// A reasoning model's tokens spent reasoning are among its output tokens; the card and the matrix say them apart.
const request = { ...apiRequestFixture(1, 4, 7, 'SUCCESS'), output_token_count: 68, reasoning_tokens: 48 };
const result = { ...resultFixture(1, 4, 7), token_count: 68, reasoning_tokens: 48 };
const cells = indexCells([request], [result]);
const cell = itemAt([...cells.values()], 0);

describe('reasoning tokens', () => {
  it('are shown apart from the output tokens on the result card', () => {
    renderWithApp(
      <ResultCard
        configurationId={7}
        configuration={configurationFixture(7)}
        cell={cell}
        maxHeight={600}
        checkNames={new Map()}
      />,
    );
    expect(screen.getByText('Output tokens').nextElementSibling).toHaveTextContent('68');
    expect(screen.getByText('Reasoning tokens').nextElementSibling).toHaveTextContent('48');
  });

  it('are shown apart in a matrix cell, and not at all for a call that did not reason', () => {
    const grid = gridFromResults(cells, { inputIds: [4], configurationIds: [7] }, new Map(), new Map());
    renderWithApp(<CellFacts cell={itemAt([...grid.cells.values()], 0)} id="a" />);
    expect(screen.getByText('68 tok')).toBeInTheDocument();
    expect(screen.getByText('48 reasoning')).toBeInTheDocument();

    const plain = indexCells([apiRequestFixture(2, 4, 7, 'SUCCESS')], [resultFixture(2, 4, 7)]);
    const plainGrid = gridFromResults(plain, { inputIds: [4], configurationIds: [7] }, new Map(), new Map());
    renderWithApp(<CellFacts cell={itemAt([...plainGrid.cells.values()], 0)} id="b" />);
    expect(screen.getAllByText(/reasoning/)).toHaveLength(1);
  });
});
