import { ROUTES, type ImportProjectInput, type ImportProjectResponse, type ImportReport } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** The files of an import, and the model picked for each provider the preview could not run as it is. */
export type ProjectUpload = Pick<ImportProjectInput, 'files' | 'provider_models'>;

export const previewProjectImport = (body: ProjectUpload) => api.post<ImportReport>(ROUTES.importProjectPreview, body);

export const importProject = (body: ProjectUpload) => api.post<ImportProjectResponse>(ROUTES.importProject, body);
