/** Models named on the landing page: all from the server's catalog (server/src/models/catalog.json), checked by a test. */
export const EXAMPLE_MODELS = { openai: 'gpt-4.1-mini', anthropic: 'claude-haiku-4-5' } as const;

/** The hero's picture of a finished comparison: short, realistic answers to one contract clause. */
export const HERO_SAMPLES = [
  {
    name: 'Plain-English summary',
    company: 'openai',
    modelName: EXAMPLE_MODELS.openai,
    time: '1.42 s',
    tokens: '52',
    output:
      'If an undisputed invoice stays unpaid for 60 days, the supplier can end the contract with ' +
      '30 days’ notice. Fees already owed stay due.',
  },
  {
    name: 'Risk-focused summary',
    company: 'anthropic',
    modelName: EXAMPLE_MODELS.anthropic,
    time: '1.87 s',
    tokens: '71',
    output:
      '• Customer risk: 60 days of non-payment lets the supplier exit.\n• Accrued fees survive ' +
      'termination.\n• Disputed invoices do not count.',
  },
  {
    name: 'Bullet points, terse',
    company: 'openai',
    modelName: 'gpt-4.1',
    time: '2.05 s',
    tokens: '38',
    output: '• Unpaid 60+ days → supplier may terminate\n• 30 days’ written notice\n• Accrued fees still payable',
  },
] as const;
