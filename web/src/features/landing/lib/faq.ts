import { LIMITS, STANDARD_PLAN } from '@promptgrid/contract';

/** The nine questions of the landing FAQ. */
export const FAQ_ITEMS = [
  {
    id: 'what',
    question: 'What is Promptgrid?',
    answer:
      'Promptgrid is a workbench for AI developers. A project holds your test inputs (user ' +
      'prompts) and the system prompts you want to compare, each paired with a model and its ' +
      'parameters. Run an evaluation and the outputs appear side by side.',
  },
  {
    id: 'security',
    question: 'Is my data secure?',
    answer:
      'Your data is stored securely, and your API keys are encrypted before they are saved. Keys ' +
      'are never shown again in full: the app only displays their last four characters.',
  },
  {
    id: 'providers',
    question: 'Which model providers are supported?',
    answer: 'OpenAI and Anthropic. You can mix models from both providers in a single evaluation.',
  },
  {
    id: 'keys',
    question: 'Do I need my own API keys?',
    answer:
      'Yes. Add a key for each provider under API Settings in the user menu. Evaluations call the ' +
      'providers with your keys, so usage is billed by the provider directly to you.',
  },
  {
    id: 'evaluation',
    question: 'What counts as an evaluation?',
    answer:
      'One run of the Run Evaluation button is one evaluation, however many system prompts and ' +
      'user prompts it includes. Each selected system prompt is called on each selected user ' +
      'prompt.',
  },
  {
    id: 'free',
    question: 'How many evaluations are free?',
    answer:
      `The Free plan includes ${LIMITS.freeEvaluationsPerMonth} evaluations per month. The count ` +
      `starts again at the beginning of each month.`,
  },
  {
    id: 'standard',
    question: `What does the ${STANDARD_PLAN.name} plan include?`,
    answer:
      `${STANDARD_PLAN.name} costs ${STANDARD_PLAN.priceLabel} per month and includes unlimited ` +
      `evaluations, priority support and advanced analytics. You can manage or cancel it at any ` +
      `time from your account settings.`,
  },
  {
    id: 'export',
    question: 'Can I export my results?',
    answer:
      'Yes. Every finished evaluation can be downloaded as JSON, with each output, its response time and its token counts.',
  },
  {
    id: 'self-host',
    question: 'Can I host Promptgrid myself?',
    answer:
      'Yes. Promptgrid is self-hostable: it runs as a single Node.js server with an embedded database, or against your own PostgreSQL.',
  },
] as const;
