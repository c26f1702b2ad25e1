import type { JudgeAgreement } from '@promptgrid/contract';
import { useJudgeAgreement, type EvidenceRefresh } from '../api/get-evidence';

type Props = {
  evaluationId: number;
  refresh: EvidenceRefresh;
  nameOf: (configurationId: number) => string;
  inputName: (inputId: number | null) => string;
};

type Check = JudgeAgreement['checks'][number];
type Available = Extract<Check['agreement'], { available: true }>;

const KAPPA_EXPLAINED =
  "Cohen's kappa: agreement beyond what chance would give (1 is perfect, 0 is no better than chance), with its 95% " +
  'interval.';

function Confusion({ confusion }: { confusion: Available['confusion'] }) {
  const cell = 'px-2 py-0.5 text-right tabular-nums';
  return (
    <table className="text-xs">
      <caption className="sr-only">Judge verdicts against people's ratings</caption>
      <thead className="text-slate-500 dark:text-slate-400">
        <tr>
          <td />
          <th scope="col" className="px-2 py-0.5 font-medium">
            Thumbs up
          </th>
          <th scope="col" className="px-2 py-0.5 font-medium">
            Thumbs down
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row" className="pr-2 text-left font-medium">
            Judge pass
          </th>
          <td className={cell}>{confusion.judge_pass_human_up}</td>
          <td className={cell}>{confusion.judge_pass_human_down}</td>
        </tr>
        <tr>
          <th scope="row" className="pr-2 text-left font-medium">
            Judge fail
          </th>
          <td className={cell}>{confusion.judge_fail_human_up}</td>
          <td className={cell}>{confusion.judge_fail_human_down}</td>
        </tr>
      </tbody>
    </table>
  );
}

function CheckAgreement({ check, nameOf, inputName }: { check: Check } & Omit<Props, 'evaluationId' | 'refresh'>) {
  const agreement = check.agreement;
  if (!agreement.available)
    return (
      <li className="text-sm">
        <span className="font-medium">{check.name}</span>
        <span className="text-slate-500 dark:text-slate-400">: {agreement.reason}</span>
      </li>
    );
  const kappa =
    agreement.kappa === null
      ? agreement.kappa_reason
      : `kappa ${agreement.kappa.toFixed(2)}${
          agreement.kappa_interval
            ? ` (${agreement.kappa_interval.low.toFixed(2)} to ${agreement.kappa_interval.high.toFixed(2)})`
            : ''
        }`;
  return (
    <li className="space-y-1 text-sm">
      <p>
        <span className="font-medium">{check.name}</span> agrees with your ratings on{' '}
        <span className="font-semibold">{Math.round(agreement.percent_agreement)}%</span> of {agreement.rated_outputs}{' '}
        rated outputs;{' '}
        <span title={KAPPA_EXPLAINED} className="cursor-help underline decoration-dotted">
          {kappa}
        </span>
        .
      </p>
      <Confusion confusion={agreement.confusion} />
      {agreement.disagreements.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">
            Show the {agreement.disagreements.length} {agreement.disagreements.length === 1 ? 'output' : 'outputs'}{' '}
            where they disagree
          </summary>
          <ul className="mt-1 space-y-1">
            {agreement.disagreements.map((d) => (
              <li key={d.api_request} className="text-xs">
                <span className="font-medium">
                  {nameOf(d.configuration_id)} · {inputName(d.input_id)}
                </span>
                : judge {d.judge_pass ? 'pass' : 'fail'}, you {d.human_rating === 1 ? 'thumbs up' : 'thumbs down'}
                {d.judge_reason ? ` — "${d.judge_reason}"` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

/**
 * Can the judge be trusted? Per judge check of the project, how often it agrees with people's thumbs on the outputs
 * both rated, and where they disagree, so the rubric can be fixed. Shown only where the project has a judge check.
 */
export function JudgeAgreementPanel({ evaluationId, refresh, nameOf, inputName }: Props) {
  const agreement = useJudgeAgreement(evaluationId, refresh);
  if (!agreement.data || agreement.data.checks.length === 0) return null;
  return (
    <section aria-labelledby="judge-agreement-title" className="mt-4 space-y-2">
      <h3 id="judge-agreement-title" className="text-sm font-semibold">
        Judge agreement
      </h3>
      <ul className="space-y-3">
        {agreement.data.checks.map((check) => (
          <CheckAgreement key={check.check_id} check={check} nameOf={nameOf} inputName={inputName} />
        ))}
      </ul>
    </section>
  );
}
