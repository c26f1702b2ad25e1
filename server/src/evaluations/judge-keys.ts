import { sql } from 'drizzle-orm';
import { missingJudgeKeyMessage, type Provider } from '@promptgrid/contract';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { HttpError } from '../http/errors.js';

type KeylessJudge = { name: string; company: Provider; model_name: string; input_ids: number[] | null };

/**
 * 400 naming each active llm_judge check a real run would queue whose model's provider has no active key of the user's:
 * without it every verdict of the run would end as an error, found only after the run. A judge applies to the run when
 * it covers every input, or one of the run's; a run without inputs is judged by the checks that cover every input. An
 * endpoint's model (company 'custom') needs no stored key.
 */
export async function assertJudgeKeys(
  db: Db | Tx,
  userId: number,
  projectId: number,
  inputIds: number[],
): Promise<void> {
  const keyless = await queryRows<KeylessJudge>(
    db,
    sql`
    SELECT c.name, m.company, m.model_name, c.input_ids
      FROM checks c JOIN ai_models m ON m.id = c.ai_model_id
     WHERE c.project_id = ${projectId} AND c.type = 'llm_judge' AND c.is_active AND m.company <> 'custom'
       AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.user_id = ${userId} AND k.provider = m.company AND k.is_active)
     ORDER BY c.id`,
  );
  const run = new Set(inputIds);
  const messages = keyless
    .filter((judge) => judge.input_ids === null || judge.input_ids.some((id) => run.has(id)))
    .map((judge) => missingJudgeKeyMessage(judge.company, judge.name, judge.model_name));
  if (messages.length > 0) throw new HttpError(400, messages.join(' '), { judge: messages });
}
