import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';

const requests = new Map<string, Promise<string[]>>();
const answers = new Map<string, string[]>();

/**
 * A filter list (/api/jobs/locations, /extents, /forms), fetched once per page load and shared by
 * everything that needs it. A failing list is an empty list, silently: the filters still work without it.
 */
export function loadStringList(path: string): Promise<string[]> {
  let request = requests.get(path);
  if (!request) {
    request = apiFetch<unknown>(path)
      .then((body) =>
        Array.isArray(body)
          ? body.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
          : [],
      )
      .catch(() => [])
      .then((list) => {
        answers.set(path, list);
        return list;
      });
    requests.set(path, request);
  }
  return request;
}

export function useStringList(path: string): string[] {
  const [list, setList] = useState<string[]>(() => answers.get(path) ?? []);
  useEffect(() => {
    let active = true;
    void loadStringList(path).then((loaded) => {
      if (active) setList(loaded);
    });
    return () => {
      active = false;
    };
  }, [path]);
  return list;
}

export const PLACES_PATH = '/api/jobs/locations';
