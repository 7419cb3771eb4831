import { useSearchParams } from 'react-router';
import { RoomSaleGrid } from '../../../features/building-table/admin/room-sale-grid';
import { ProjectEditor } from '../../../features/projects/admin/project-editor';

/**
 * /admin/projects/edit?id=: one project's facts, album, licences and rooms; the rooms tab is the
 * building table's operator screen.
 */
export default function AdminProjectEditRoute() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ProjectEditor key={id} id={id} rooms={(project) => <RoomSaleGrid project={project} />} />;
}
