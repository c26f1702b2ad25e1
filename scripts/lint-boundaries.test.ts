// The import boundaries are rules in eslint.config.js; this proves they report what they promise, so a change to the
// config that silently stops enforcing one fails here rather than going unnoticed.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The probes are files no tsconfig knows, and the boundaries need no types: lint them without the type-aware rules
// (which would build a TypeScript program for every probe).
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function boundaryMessages(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: file });
  if (!result) throw new Error(`ESLint gave no result for ${file}.`);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries', () => {
  it('reports a web feature importing another feature', async () => {
    const messages = await boundaryMessages(
      'web/src/features/run/probe.ts',
      "import { useInputs } from '@/features/inputs/api/get-inputs';\nexport const probe = useInputs;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/Web features never import each other/)]);
  });

  it('lets a feature import its own files and the shared lib', async () => {
    const messages = await boundaryMessages(
      'web/src/features/run/probe.ts',
      "import { api } from '@/lib/api-client';\nimport { countCalls } from './lib/run-rules';\n" +
        'export const probe = [api, countCalls];\n',
    );
    expect(messages).toEqual([]);
  });

  it('reports shared code importing a feature, and anything importing the app', async () => {
    expect(
      await boundaryMessages(
        'web/src/lib/probe.ts',
        "import { useInputs } from '@/features/inputs/api/get-inputs';\nexport const probe = useInputs;\n",
      ),
    ).toEqual([expect.stringMatching(/Shared code does not depend on a feature/)]);
    expect(
      await boundaryMessages(
        'web/src/features/run/probe.ts',
        "import { RootLayout } from '@/app/layout/root-layout';\nexport const probe = RootLayout;\n",
      ),
    ).toEqual([expect.stringMatching(/Only web\/src\/app composes features/)]);
  });

  it('reports the server and the web app importing each other', async () => {
    expect(
      await boundaryMessages(
        'server/src/probe.ts',
        "import { api } from '../../web/src/lib/api-client';\nexport const probe = api;\n",
      ),
    ).toEqual([expect.stringMatching(/The server never imports the web app/)]);
    expect(
      await boundaryMessages(
        'web/src/lib/probe.ts',
        "import { loadConfig } from '../../../server/src/config';\nexport const probe = loadConfig;\n",
      ),
    ).toEqual([expect.stringMatching(/The web app talks to the server over HTTP only/)]);
  });

  it("reports the queue and the providers importing product code, and verdicts importing the engine's tasks", async () => {
    const product = "import { CALL_TABLE } from '../evaluations/tasks/tables.js';\nexport const probe = CALL_TABLE;\n";
    expect(await boundaryMessages('server/src/queue/probe.ts', product)).toEqual([
      expect.stringMatching(/server\/src\/queue is below the product/),
    ]);
    expect(await boundaryMessages('server/src/providers/probe.ts', product)).toEqual([
      expect.stringMatching(/server\/src\/providers is below the product/),
    ]);
    expect(await boundaryMessages('server/src/verdicts/probe.ts', product)).toEqual([
      expect.stringMatching(/Verdicts are scored for the engine's tasks/),
    ]);
    expect(
      await boundaryMessages(
        'server/src/queue/probe.ts',
        "import { queryRows } from '../db/client.js';\nimport type { TaskTable } from './task.js';\n" +
          'export const probe: [typeof queryRows, TaskTable?] = [queryRows];\n',
      ),
    ).toEqual([]);
  });
});
