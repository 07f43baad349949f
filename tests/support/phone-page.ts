import { expect, type Locator, type Page } from '@playwright/test';

/** What the phone specs measure on a page: its edges, its controls' sizes; and how they open one. */

/** Opens `path` as a new document and waits for its code and data (its form, its seat map). */
export const openPhonePage = async (page: Page, path: string) => {
  // Each page is a new document: a goto that changes only the hash would be measured at once, on
  // the page before (networkidle does not wait for a same-document navigation).
  await page.goto('about:blank');
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('main')).not.toBeEmpty();
};

/** The controls of a page's own part (the header's are measured at 44 on their own). */
export const PAGE_CONTROLS =
  'main button, main a, main select, main textarea, main [role=button], main [role=gridcell], main input:not([type=radio]):not([type=checkbox])';

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What reaches past the window's right edge, outside any box that clips it: a failure's words. */
export const pastTheEdge = (page: Page) =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    // An element past the edge, or one whose own content (a text, an input's inner parts) spills
    // out of it; the innermost ones name the culprit (their boxes all spill too).
    const spilling = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        !clipped(element) &&
        (element.getBoundingClientRect().right > edge + 0.5 ||
          (element.scrollWidth > element.clientWidth + 1 &&
            getComputedStyle(element).overflowX === 'visible')),
    );
    return spilling
      .filter((element) => !spilling.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} “${element.textContent?.trim().slice(0, 20)}”`,
      );
  });

/**
 * Shown boxes under `size` × `size` CSS px among the selector's matches (44: WCAG 2.5.5's size,
 * 2.5.8 asks 24; 60: MIIT's main controls in 长辈版).
 */
export const smallTargets = async (page: Page, selector: string, size = 44) =>
  page.locator(selector).evaluateAll(
    (elements, least) =>
      elements
        .filter((element) => element.checkVisibility())
        .map((element) => ({ name: element.textContent?.trim(), box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < least || box.height < least))
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    size,
  );

/**
 * Texts squeezed into a column of three characters or fewer, over three lines and more (a title
 * broken a character or two per line beside a fixed-width block): a failure's words. Each element
 * is judged by its own text, not its children's.
 */
export const brokenTexts = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll('header *, main *, [role=dialog] *')) {
      // The cheap tests first: its own text, then its box, then its style (a page has thousands).
      const text = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent?.trim())
        .join('');
      if (text.length < 4) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || !element.checkVisibility()) continue;
      const style = getComputedStyle(element);
      const size = Number.parseFloat(style.fontSize);
      const line = Number.parseFloat(style.lineHeight) || 1.5 * size;
      if (box.width < 3.5 * size && box.height >= 2.5 * line)
        broken.push(`${element.tagName.toLowerCase()} “${text.slice(0, 12)}”`);
      if (broken.length === 5) break;
    }
    return broken;
  });

/**
 * How far each value of a dialog's first list of facts stops short of the list's right edge: all
 * 0 when the facts read in one column (a name, its value across the rest of the line).
 */
export const factGaps = (dialog: Locator) =>
  dialog
    .locator('dl')
    .first()
    .evaluate((list) =>
      [...list.querySelectorAll('dd')].map((value) =>
        Math.round(list.getBoundingClientRect().right - value.getBoundingClientRect().right),
      ),
    );
