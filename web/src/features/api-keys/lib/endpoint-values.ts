import type { EndpointKind, EndpointModelInput } from '@promptgrid/contract';

/** One model row of the endpoint form: its prices are the texts typed until they are sent. */
export type ModelRow = Pick<EndpointModelInput, 'model_name' | 'supports_json_mode' | 'supports_reasoning_effort'> & {
  input_per_mtok: string;
  output_per_mtok: string;
};

/** The endpoint form's fields, named as the API names them so a 400's messages land on them. */
export type EndpointValues = {
  name: string;
  kind: EndpointKind;
  base_url: string;
  /** Azure's api-version; unused for an OpenAI-compatible endpoint. */
  api_version: string;
  key: string;
  /** One `Name: value` a line. */
  headers: string;
  concurrency: string;
  models: ModelRow[];
};

export const emptyModel: ModelRow = {
  model_name: '',
  input_per_mtok: '',
  output_per_mtok: '',
  supports_json_mode: false,
  supports_reasoning_effort: false,
};
