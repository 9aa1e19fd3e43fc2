import { PAGE_ANSWER_PATHS } from '@jobbportalen/contracts';
import { useEffect, useState } from 'react';
import { request } from '../../../lib/api-client';
import { pageCache } from '../../../lib/page-cache';
import { prefetchedAnswer } from '../../../lib/prefetched-answers';

const toStringList = (body: unknown): string[] =>
  Array.isArray(body)
    ? body.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];

/**
 * The filter lists (/api/jobs/locations, /extents, /forms), fetched once per page load and shared by
 * everything that needs them. A failing list is an empty list, silently: the filters still work without it.
 */
const lists = pageCache(
  (path: string) =>
    request<unknown>(path)
      .then(toStringList)
      .catch((): string[] => []),
  (path) => {
    const answer = prefetchedAnswer(path);
    return answer === undefined ? undefined : toStringList(answer.status === 200 ? answer.body : null);
  },
  (path) => path,
);

export const loadStringList = (path: string): Promise<string[]> => lists.load(path);

/** The list when it is at hand (loaded, or came with the page), else undefined. */
export const peekStringList = (path: string): string[] | undefined => lists.peek(path);

export function useStringList(path: string): string[] {
  const [list, setList] = useState<string[]>(() => lists.peek(path) ?? []);
  useEffect(() => {
    let active = true;
    void lists.load(path).then((loaded) => {
      if (active) setList(loaded);
    });
    return () => {
      active = false;
    };
  }, [path]);
  return list;
}

export const PLACES_PATH = PAGE_ANSWER_PATHS.places;
export const EXTENTS_PATH = PAGE_ANSWER_PATHS.extents;
export const FORMS_PATH = PAGE_ANSWER_PATHS.forms;
