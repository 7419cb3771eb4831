import { useSearchParams } from 'react-router';

/** The project id of the project family pages (query `id`); 0 when missing or invalid. */
export function useProjectId(): number {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}
