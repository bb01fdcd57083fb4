import { useParams } from 'react-router';

/** The client of the page (`/clientes/:id`); NaN for an address that names none. */
export function useClientId(): number {
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
}
