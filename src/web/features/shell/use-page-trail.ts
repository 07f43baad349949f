import { type StaticDataRouteOption, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { crumbOf } from '../../router-context';
import { useSiteConfig } from '../../shared/site-config-query';

export const NOT_FOUND_TITLE = '页面不存在';

export interface PageTrail {
  /** The listing the page belongs to (a link in the breadcrumb), if any. */
  parent?: StaticDataRouteOption['parent'];
  /** The page's own name; undefined on the home page. */
  title?: string | undefined;
}

/**
 * Where the believer is, from the deepest route: its `staticData` (title, parent) and, for a
 * detail page, the name its loader answered (`{ crumb }`). An unknown path is 页面不存在.
 */
export const usePageTrail = (): PageTrail =>
  useMatches({
    select: (matches): PageTrail => {
      if (matches.some((match) => match._notFound || match.status === 'notFound')) {
        return { title: NOT_FOUND_TITLE };
      }
      const leaf = matches.at(-1);
      if (!leaf) return {};
      return {
        parent: leaf.staticData.parent,
        title: crumbOf(leaf.loaderData) ?? leaf.staticData.title,
      };
    },
    structuralSharing: true,
  });

/** The document title: 页面名 - 寺名 (首页 - 寺名 on the home page). */
export const useDocumentTitle = () => {
  const { title } = usePageTrail();
  const { templeName } = useSiteConfig();
  const text = `${title ?? '首页'} - ${templeName}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
};
