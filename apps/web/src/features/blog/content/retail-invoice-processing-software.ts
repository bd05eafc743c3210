import type { ArticleContent } from '../article-types';

export const content: ArticleContent = {
  en: `Draft.`,
  es: `Borrador.`,
};
