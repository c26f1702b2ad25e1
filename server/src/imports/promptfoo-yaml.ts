// A project's promptfoo config written as YAML: on the untrusted-work pool, as writing a project of 10,000 inputs and
// their texts takes seconds of CPU.
import { stringify } from 'yaml';

export const promptfooConfigYaml = (config: Record<string, unknown>): string =>
  `# Exported from Promptgrid: run it with \`npx promptfoo eval\`.\n${stringify(config, { lineWidth: 0 })}`;
