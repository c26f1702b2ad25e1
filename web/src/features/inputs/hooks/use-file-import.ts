import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  LIMITS,
  type ImportColumns,
  type ImportColumnTarget,
  type ImportInputsInput,
  type ImportPreview,
} from '@promptgrid/contract';
import { formatOf, readBase64 } from '../lib/read-file';

export type ChosenFile = ImportInputsInput & { name: string };

/**
 * A file chosen for import and how its columns are read: choosing it or changing a column's reading asks the server
 * for a new preview (`preview` is that call: a project's preview route, or the one for a project not yet created).
 */
export function useFileImport(preview: (file: ImportInputsInput) => Promise<ImportPreview>) {
  const previewing = useMutation({ mutationFn: preview });
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFileError(null);
    setFile(null);
    previewing.reset();
    if (chosen.size > LIMITS.importMaxBytes) {
      setFileError(`${chosen.name} is larger than ${LIMITS.importMaxBytes / 1024 / 1024} MB.`);
      return;
    }
    try {
      const next: ChosenFile = {
        name: chosen.name,
        format: formatOf(chosen.name),
        data_base64: await readBase64(chosen),
      };
      setFile(next);
      previewing.mutate(withoutName(next));
    } catch (error) {
      setFileError((error as Error).message);
    }
  };

  const setColumn = (column: string, target: ImportColumnTarget) => {
    if (!file) return;
    const columns: ImportColumns = { ...file.columns, [column]: target };
    const next = { ...file, columns };
    setFile(next);
    previewing.mutate(withoutName(next));
  };

  const data = previewing.data;
  const ready = !!data && data.errors.length === 0 && data.total_rows > 0 && !previewing.isPending;
  return { file, fileError, choose, setColumn, preview: previewing, ready, body: file ? withoutName(file) : null };
}

const withoutName = ({ name: _name, ...body }: ChosenFile): ImportInputsInput => body;
