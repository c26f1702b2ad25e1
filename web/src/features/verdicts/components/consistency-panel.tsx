import type { FlakyCase } from '@promptgrid/contract';
import { useConsistency, type EvidenceRefresh } from '../api/get-evidence';
import { EvidenceRowName, EvidenceTable } from './evidence-table';

type Props = {
  evaluationId: number;
  refresh: EvidenceRefresh;
  nameOf: (configurationId: number) => string;
  inputName: (inputId: number | null) => string;
  checkName: (checkId: number) => string;
};

const percent = (value: number) => `${Math.round(value * 100)}%`;
const explainPassAtK = (k: number) => `pass@${k}: share of cases that passed in at least one of ${k} repetitions`;
const explainPassHatK = (k: number) => `pass^${k}: share of cases that passed in all ${k} repetitions`;
const FLAKY_EXPLAINED = 'Flaky: a check on an input that both passed and failed over the repetitions.';

/**
 * With repetitions, whether each system prompt passes every time or only sometimes: pass@k and pass^k per system
 * prompt (a case is one check on one input), and the flaky cases with their pass counts ("3/5").
 */
export function ConsistencyPanel({ evaluationId, refresh, nameOf, inputName, checkName }: Props) {
  const consistency = useConsistency(evaluationId, refresh);
  if (!consistency.data || consistency.data.repetitions < 2) return null;
  const k = consistency.data.repetitions;
  const flaky = consistency.data.configurations.flatMap((row) =>
    row.consistency.available
      ? row.consistency.flaky_cases.map((c) => ({ configurationId: row.configuration_id, c }))
      : [],
  );
  return (
    <section aria-labelledby="consistency-title" className="mt-4 space-y-2">
      <h3 id="consistency-title" className="text-sm font-semibold">
        Consistency over {k} repetitions
      </h3>
      <EvidenceTable
        columns={[
          { label: `pass@${k}`, explanation: explainPassAtK(k) },
          { label: `pass^${k}`, explanation: explainPassHatK(k) },
          { label: 'Flaky cases', explanation: FLAKY_EXPLAINED },
        ]}
      >
        {consistency.data.configurations.map((row) => (
          <tr key={row.configuration_id} className="border-t border-slate-100 dark:border-slate-800">
            <EvidenceRowName>{nameOf(row.configuration_id)}</EvidenceRowName>
            {row.consistency.available ? (
              <>
                <td className="py-1 pr-3 tabular-nums">{percent(row.consistency.pass_at_k)}</td>
                <td className="py-1 pr-3 tabular-nums">{percent(row.consistency.pass_hat_k)}</td>
                <td className="py-1 tabular-nums">{row.consistency.flaky_cases.length}</td>
              </>
            ) : (
              <td colSpan={3} className="py-1 text-xs text-slate-500 dark:text-slate-400">
                {row.consistency.reason}
              </td>
            )}
          </tr>
        ))}
      </EvidenceTable>
      {flaky.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">
            Show the {flaky.length} flaky {flaky.length === 1 ? 'case' : 'cases'}
          </summary>
          <ul className="mt-1 space-y-0.5">
            {flaky.map(({ configurationId, c }) => (
              <FlakyLine
                key={`${configurationId}:${c.input_id}:${c.check_id}`}
                text={`${nameOf(configurationId)} · ${inputName(c.input_id)} · ${checkName(c.check_id)}`}
                flaky={c}
              />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function FlakyLine({ text, flaky }: { text: string; flaky: FlakyCase }) {
  return (
    <li className="flex justify-between gap-3">
      <span className="min-w-0 truncate">{text}</span>
      <span className="shrink-0 tabular-nums" aria-label={`passed ${flaky.passed} of ${flaky.runs}`}>
        {flaky.label}
      </span>
    </li>
  );
}
