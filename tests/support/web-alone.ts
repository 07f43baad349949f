/**
 * Web tests that run in a window and module graph of their own (vite.config.ts' web-alone
 * project; the web project shares one among its files): two that replace a module (vi.mock,
 * which would replace it for the files after them), and two whose focus, back on the button that
 * opened a modal once it closes, was left on the body in some shared-window runs (the temple
 * tour's picture after Esc in about half, the phone menu's 菜单 after a row once), never with
 * their predecessors replayed alone. tests/lint/web-alone.test.ts holds every vi.mock to this list.
 */
export const webAlone = [
  'tests/web/ceremony-dialogs-offline.test.tsx',
  'tests/web/phone-menu-offline.test.tsx',
  'tests/web/temple-tour.test.tsx',
  'tests/web/phone-menu.test.tsx',
];
