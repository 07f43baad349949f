/**
 * What every item the console saves at a version shares (an assembly, a merit item, a ceremony
 * type and the day's slots, a statue location and its groups, a tablet type, category and group,
 * an article, a video, the site's settings): its form sends the version it read, and a save or
 * 发布/撤下 read at a version someone else has since moved is refused (409) with this one message,
 * shown above 重新读取 while what was typed stays in the form.
 */
export const VERSIONED_ITEM_MESSAGES = {
  stale: '该内容已被他人修改，请点“重新读取”后再改（您填写的内容仍保留在页面上）',
} as const;
