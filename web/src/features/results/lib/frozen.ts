import type { Configuration, EvaluationRecord, Input } from '@promptgrid/contract';

/**
 * The configurations and inputs a run froze at start, in the shapes the cards, pickers and export read: a run is
 * always labelled and exported as it ran, whatever was edited or deleted since. Fields the frozen copy has no value
 * for (active flags, times) take the run's.
 */
export function frozenConfigurations({ evaluation, configurations }: EvaluationRecord): Configuration[] {
  return configurations.map((c) => ({
    id: c.id,
    name: c.name,
    project: evaluation.project,
    ai_model: {
      ...c.ai_model,
      supports_json_mode: c.provider_specific_params.json_mode ?? false,
      supports_temperature: true,
      reasoning: null,
    },
    prompt: { content: c.prompt_content, token_count: c.prompt_token_count },
    messages: c.messages,
    user_template: c.user_template,
    parameters: { ...c.parameters, reasoning: c.parameters.reasoning ?? null },
    provider_specific_params: c.provider_specific_params,
    json_mode: c.provider_specific_params.json_mode ?? false,
    version: c.version ?? 1,
    tools: c.tools,
    tool_choice: c.tool_choice,
    response_schema: c.response_schema,
    is_active: true,
    created_at: evaluation.created_at,
    updated_at: evaluation.created_at,
  }));
}

export function frozenInputs({ evaluation, inputs }: EvaluationRecord): Input[] {
  return inputs.map((i) => ({
    id: i.id,
    project: evaluation.project,
    name: i.name,
    content: i.content,
    messages: i.messages,
    variables: i.variables,
    expected_output: i.expected_output,
    active: true,
    token_count: i.token_count,
    images: i.images,
    created_at: evaluation.created_at,
    updated_at: evaluation.created_at,
  }));
}
