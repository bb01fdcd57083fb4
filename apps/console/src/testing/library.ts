import { searchKey, type LibraryActivity } from '@acompanha/contract';
import { http, HttpResponse } from 'msw';

/**
 * `GET /api/v1/equipe/atividades` over `library` as the API answers it (decision 053): searched by
 * part of the title or muscle group, or a whole muscle group, blind to case and accents; a page of
 * it (`page`, `size`) with the whole count. Records each query asked.
 */
export function libraryHandler(library: readonly LibraryActivity[], asked: URLSearchParams[] = []) {
  return http.get('/api/v1/equipe/atividades', ({ request }) => {
    const params = new URL(request.url).searchParams;
    asked.push(params);
    const part = searchKey(params.get('busca') ?? '');
    const group = params.get('grupo_muscular');
    const found = library.filter(
      (activity) =>
        (group === null || searchKey(activity.grupo_muscular) === searchKey(group)) &&
        (searchKey(activity.titulo).includes(part) || searchKey(activity.grupo_muscular).includes(part)),
    );
    const page = Number(params.get('page') ?? 0);
    const size = Number(params.get('size') ?? 50);
    return HttpResponse.json({ results: found.slice(page * size, (page + 1) * size), page, size, total: found.length });
  });
}
