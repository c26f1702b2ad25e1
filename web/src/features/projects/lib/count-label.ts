/** '1 system prompt', '0 system prompts', '3 system prompts' (sentence case: the words are not a title). */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export const systemPromptCount = (count: number) => countLabel(count, 'system prompt');
export const userPromptCount = (count: number) => countLabel(count, 'user prompt');
