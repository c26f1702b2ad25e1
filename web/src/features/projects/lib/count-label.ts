/** '1 System Prompt', '0 System Prompts', '3 System Prompts'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export const systemPromptCount = (count: number) => countLabel(count, 'System Prompt');
export const userPromptCount = (count: number) => countLabel(count, 'User Prompt');
