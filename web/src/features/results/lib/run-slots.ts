import type { ReactNode } from 'react';
import type { ApiRequest, Input, Result } from '@promptgrid/contract';

/** The changes another feature may make to the requests on screen, without owning the results' cache. */
export type RequestUpdates = {
  /** Replaces fields of one request on screen (a rating just saved). */
  patchRequest: (id: number, patch: Partial<ApiRequest>) => void;
  /** Loads every request of the run again (their scores after a rescore). */
  reloadRequests: () => Promise<void>;
};

/** What the results screen tells the pieces composed into it (leaderboard, checks, blind votes) about its run. */
export type RunSlotContext = RequestUpdates & {
  evaluationId: number;
  polling: boolean;
  /** The run was made in mock mode: its scores measure nothing, and no prompt is shown as the winner. */
  mock: boolean;
  nameOf: (configurationId: number) => string;
  inputOf: (inputId: number | null) => Input | undefined;
  requests: ApiRequest[];
  results: Result[];
  /** Shows two configurations of the run side by side: how the head differs from the base, and what it changes. */
  compareConfigurations: (baseId: number, headId: number) => void;
};

type CardExtrasContext = { evaluationId: number } & RequestUpdates;

/** The card slot as the grid hands it down: one stable object, so memoised cards render only when their data does. */
export type CardExtras = { render: NonNullable<RunSlots['cardExtras']>; context: CardExtrasContext };

export type RunSlots = {
  /** Shown above the cards for the run on screen (the leaderboard). */
  aboveCards?: (run: RunSlotContext) => ReactNode;
  /** Buttons in the screen's header; `run` is null before the first evaluation. */
  toolbar?: (run: RunSlotContext | null, projectId: string) => ReactNode;
  /** Extra controls at the foot of a finished output's card (a rating). Pass a stable function: cards are memoised. */
  cardExtras?: (request: ApiRequest, run: CardExtrasContext) => ReactNode;
};
