import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@promptgrid/contract';
import { mockReply } from './mock.js';
import { NO_TOOLS, type ProviderCall } from './types.js';

const call = (messages: ChatMessage[]): ProviderCall => ({
  ...NO_TOOLS,
  provider: 'openai',
  model: 'gpt-4.1-mini',
  capabilities: {
    tokenParameter: 'max_tokens',
    supportsTemperature: true,
    defaultMaxTokens: 1024,
    maxOutputTokens: 8192,
  },
  systemPrompt: 'Be brief.',
  messages,
  temperature: 0,
  maxTokens: null,
  jsonMode: false,
});

describe('the mock provider', () => {
  const conversation: ChatMessage[] = [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!' },
    { role: 'user', content: 'Capital of Italy?' },
  ];

  it('answers a conversation with its length and a digest of its last user turn, the same every time, as mock', () => {
    const reply = mockReply(call(conversation));
    expect(reply.output).toMatch(/^\[mock openai\/gpt-4\.1-mini\] This is a simulated response\./);
    expect(reply.output).toContain(
      'Conversation of 3 messages; last user turn: "Capital of Italy?" (digest 65695a5f).',
    );
    expect(mockReply(call(conversation))).toEqual(reply);
    // Another last turn is another digest; the tokens count every turn.
    const other = mockReply(call([...conversation.slice(0, 2), { role: 'user', content: 'Capital of Spain?' }]));
    expect(other.output).not.toContain('digest 65695a5f');
    expect(reply.inputTokens).toBeGreaterThan(
      mockReply(call([{ role: 'user', content: 'Capital of Italy?' }])).inputTokens,
    );
  });

  it('keeps its one-prompt answer for a single user turn and for none', () => {
    expect(mockReply(call([{ role: 'user', content: 'Hello' }])).output).toContain('User prompt: "Hello"');
    expect(mockReply(call([])).output).toContain('No user prompt was given.');
  });
});
