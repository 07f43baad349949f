import { consoleApi } from '@contract/console';
import {
  carouselOrderSchema,
  NEWS_EDIT_MESSAGES,
  newsCreateSchema,
  newsSearchSchema,
  newsUpdateSchema,
} from '@contract/news-editing';
import { wholeNumberParam } from '@contract/wire';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { body, ok, param, query } from '../../http';
import { createNewsDesk } from '../../services/staff/news-desk';
import type { ConsoleDeps } from './deps';
import { allow } from './require-staff';

const idParam = wholeNumberParam(NEWS_EDIT_MESSAGES.notFound);

/** News of the home carousel and the news page (新闻动态): 内容 staff. */
export const newsRoutes = ({ db, clock }: ConsoleDeps) => {
  const desk = createNewsDesk({ db, clock });
  return new Hono<AppEnv>()
    .use(consoleApi.newsList.path, allow('editContent'))
    .use(`${consoleApi.newsList.path}/*`, allow('editContent'))
    .use(consoleApi.newsCarousel.path, allow('editContent'))
    .get(consoleApi.newsList.path, async (c) => ok(c, await desk.list(query(c, newsSearchSchema))))
    .get(consoleApi.newsItem.path, async (c) => ok(c, await desk.read(param(c, 'id', idParam))))
    .post(consoleApi.newsCreate.path, async (c) => {
      const { article } = await body(c, newsCreateSchema);
      return ok(c, await desk.create(article, c.get('staff')), '文章已保存');
    })
    .put(consoleApi.newsUpdate.path, async (c) => {
      const id = param(c, 'id', idParam);
      const { article, version } = await body(c, newsUpdateSchema);
      return ok(c, await desk.update(id, article, version, c.get('staff')), '文章已保存');
    })
    .get(consoleApi.newsCarousel.path, async (c) => ok(c, await desk.carousel()))
    .put(consoleApi.newsCarouselSave.path, async (c) =>
      ok(
        c,
        await desk.saveCarousel(await body(c, carouselOrderSchema), c.get('staff')),
        '首页轮播顺序已保存',
      ),
    );
};
