import { useSearchParams } from 'react-router';
import { ProjectEditor } from '../../../features/admin/components/project-editor';

/** /admin/projects/edit?id=: one project's facts, album, licences and rooms. */
export default function AdminProjectEditRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ProjectEditor key={id} id={id} />;
}
