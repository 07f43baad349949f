/**
 * The keys a page address carries (`/ceremonyDetail?id=1`, `/wfVideo?size=6`): the routes read
 * them before any page code has loaded, so they live apart from the schemas of the calls (their
 * area's module re-exports them).
 */

/** The ceremony types: '1' deceased (往生), '2' blessing (延生). */
export const FS_TYPES = ['1', '2'] as const;
export type FsType = (typeof FS_TYPES)[number];

/** Tablet types: '1' large (大牌位), '2' small (小牌位). */
export const PW_TYPES = ['1', '2'] as const;
export type PwType = (typeof PW_TYPES)[number];

/** The locations: '1' 大殿内, '2' 大殿外, '3' 六合居. */
export const STATUE_LOCATIONS = ['1', '2', '3'] as const;
export type StatueLocation = (typeof STATUE_LOCATIONS)[number];

/** The news page's page sizes (001 section 9): 8, 10, 15, 20, default 10 (法会安排 too). */
export const NEWS_PAGE_SIZES = ['8', '10', '15', '20'] as const;
export const DEFAULT_NEWS_PAGE_SIZE = '10';
/** The video gallery's page sizes (002 section 9): 6, 10, 15, 20, default 6. */
export const VIDEO_PAGE_SIZES = ['6', '10', '15', '20'] as const;
export const DEFAULT_VIDEO_PAGE_SIZE = '6';
export type NewsPageSize = (typeof NEWS_PAGE_SIZES)[number];
export type VideoPageSize = (typeof VIDEO_PAGE_SIZES)[number];
