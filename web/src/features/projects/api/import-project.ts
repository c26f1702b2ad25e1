import { ROUTES, type ImportProjectInput, type ImportProjectResponse, type ImportReport } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const previewProjectImport = (body: Pick<ImportProjectInput, 'files'>) =>
  api.post<ImportReport>(ROUTES.importProjectPreview, body);

export const importProject = (body: Pick<ImportProjectInput, 'files'>) =>
  api.post<ImportProjectResponse>(ROUTES.importProject, body);
