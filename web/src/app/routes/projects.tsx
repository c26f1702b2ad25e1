import { ProjectsView } from '@/features/projects/components/projects-view';
import { NewProjectFromFile } from '../project-from-file/new-project-from-file';
import { ImportProject } from '../project-import/import-project';

export default function ProjectsRoute() {
  return (
    <ProjectsView
      fromFile={
        <>
          <NewProjectFromFile />
          <ImportProject />
        </>
      }
    />
  );
}
