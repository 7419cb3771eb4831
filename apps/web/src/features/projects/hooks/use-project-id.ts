import { useSearchParams } from 'react-router';
import { readProjectId } from '../api/project-urls';

/** The project id of the project family pages (query `id`); 0 when missing or invalid. */
export function useProjectId(): number {
  const [searchParams] = useSearchParams();
  return readProjectId(searchParams);
}
