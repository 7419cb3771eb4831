import { ProjectTable } from '../../../features/admin/components/project-table';

/** /admin/projects: projects and their inventory. */
export default function AdminProjectsRoute() {
  return <ProjectTable />;
}
