import type { ReactNode } from 'react';

/** The props of a coloured strip or pill: one of its tones, its content, and extra classes. */
export type TonedProps<Tone extends string> = { tone?: Tone; children: ReactNode; className?: string };
