import { RoomFactsEditor } from '../../../features/building-table/admin/room-facts-editor';

/** /admin/room-facts: 朝向 and 户型 of rooms, set in bulk. */
export default function AdminRoomFactsRoute() {
  return <RoomFactsEditor />;
}
