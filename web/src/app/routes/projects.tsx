import { ProjectsView } from '@/features/projects/components/projects-view';

export default function ProjectsRoute() {
  return <ProjectsView />;
}
