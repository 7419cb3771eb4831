import { ProjectTable } from '../../../features/projects/admin/project-table';

/** /admin/projects: projects and their inventory. */
export default function AdminProjectsRoute() {
  return <ProjectTable />;
}
