import { createContext, useContext, useEffect } from 'react';
import { applyPageMeta, type PageMetaData, removePageMeta } from './meta';

/**
 * While prerendering, each page's metadata is collected here so the build can write it into `<head>`;
 * in the browser there is no collector and the metadata is applied after render.
 */
export const MetaCollectorContext = createContext<PageMetaData[] | null>(null);

export function PageMeta({ meta }: { meta: PageMetaData }) {
  const collector = useContext(MetaCollectorContext);
  if (collector) collector.push(meta);
  const serialized = JSON.stringify(meta);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized form is the dependency
  useEffect(() => {
    applyPageMeta(meta);
  }, [serialized]);
  useEffect(() => () => removePageMeta(), []);
  return null;
}
