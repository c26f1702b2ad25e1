import type { UseFormReturn } from 'react-hook-form';
import { Field, TextArea, inputClasses } from '@/components/ui/field';
import { fieldMessage } from '@/lib/contract-form';
import type { ConfigurationValues } from '../lib/configuration-form';
import { declaredToolNames } from '../lib/tooling-form';

const TOOLS_PLACEHOLDER = `[
  {
    "name": "get_weather",
    "description": "The weather in a city.",
    "parameters": {
      "type": "object",
      "properties": { "city": { "type": "string" } },
      "required": ["city"]
    }
  }
]`;

const TOOLS_HINT =
  'A list of functions the model may call, each with a name, a description and a JSON Schema of its parameters ' +
  '(OpenAI\'s {"type": "function", "function": {…}} form is taken as well). Calls are recorded, never run.';

const SCHEMA_PLACEHOLDER = `{
  "type": "object",
  "properties": { "summary": { "type": "string" } },
  "required": ["summary"],
  "additionalProperties": false
}`;

/**
 * The tools the model may call (declared to it, never run) with the tool choice, and the JSON Schema its answer must
 * match: each empty by default, so a configuration without them sends none.
 */
export function ToolingFields({ form }: { form: UseFormReturn<ConfigurationValues> }) {
  const { errors } = form.formState;
  const names = declaredToolNames(form.watch('tools'));
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 px-4 pt-1 pb-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">
        Tools and structured output
      </legend>
      <Field label="Tools (JSON)" error={fieldMessage(errors.tools)} hint={TOOLS_HINT}>
        {(props) => (
          <TextArea
            {...props}
            {...form.register('tools')}
            placeholder={TOOLS_PLACEHOLDER}
            spellCheck={false}
            className="font-mono text-xs"
          />
        )}
      </Field>
      {/* The placeholder goes as soon as something is typed; the example stays at hand. */}
      <details className="text-xs text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer">Example of tools</summary>
        <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 font-mono dark:bg-slate-800">
          {TOOLS_PLACEHOLDER}
        </pre>
      </details>
      <Field label="Tool choice" error={fieldMessage(errors.tool_choice)}>
        {(props) => (
          <select {...props} {...form.register('tool_choice')} className={inputClasses}>
            <option value="auto">Auto: the model decides</option>
            <option value="required">Required: the model must call a tool</option>
            <option value="none">None: the model must not call a tool</option>
            {names.map((name) => (
              <option key={name} value={`tool:${name}`}>{`Always call ${name}`}</option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Response JSON Schema"
        error={fieldMessage(errors.response_schema)}
        hint="The answer must be JSON that matches this schema (structured output). Leave empty for free text."
      >
        {(props) => (
          <TextArea
            {...props}
            {...form.register('response_schema')}
            placeholder={SCHEMA_PLACEHOLDER}
            spellCheck={false}
            className="font-mono text-xs"
          />
        )}
      </Field>
    </fieldset>
  );
}
