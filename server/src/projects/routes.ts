import { z } from 'zod';
import { IdParams, Project, ROUTES, SaveProjectInput } from '@promptgrid/contract';
import { currentUser, type App } from '../http/types.js';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './service.js';

const tags = ['projects'];
const byId = '/api/projects/:id/';

export default async function projectRoutes(app: App) {
  app.get(ROUTES.projects, { schema: { tags, response: { 200: z.array(Project) } } }, (request) =>
    listProjects(app.db, currentUser(request).id),
  );

  app.post(
    ROUTES.projects,
    { schema: { tags, body: SaveProjectInput, response: { 201: Project } } },
    async (request, reply) => reply.code(201).send(await createProject(app.db, currentUser(request).id, request.body)),
  );

  app.get(byId, { schema: { tags, params: IdParams, response: { 200: Project } } }, (request) =>
    getProject(app.db, currentUser(request).id, request.params.id),
  );

  app.put(byId, { schema: { tags, params: IdParams, body: SaveProjectInput, response: { 200: Project } } }, (request) =>
    updateProject(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(byId, { schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteProject(app.db, currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
