import { consoleApi } from '@contract/console';
import { BUSINESS_MODES } from '@contract/news';
import {
  BUSINESS_MODE_LABELS,
  NEWS_EDIT_MENUS,
  NEWS_MENU_LABELS,
  type NewsArticle,
  type NewsEditable,
  PUBLISH_CHOICE_LABELS,
  PUBLISH_CHOICES,
} from '@contract/news-editing';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { useConsoleNavigate } from '../../shell/console-link';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import { NewsEditor } from './news-editor';
import { NewsPreview } from './news-preview';
import {
  judgeArticle,
  NEWS_FIELDS,
  NEWS_SAVED,
  type NewsValues,
  newArticle,
  newsItemQuery,
  refusalField,
  valuesOf,
} from './news-queries';

const box = 'grid grid-cols-2 gap-x-8 gap-y-5';

/**
 * An article's form: new (`item` null) or read with its version. 保存 judges the values with the
 * contract (each message beside its field, the first focused, nothing sent); sent, the button waits
 * (请稍候…) and a second press sends nothing. The server's refusal goes beside its field or above
 * 保存; a stale version (409) keeps what was typed and offers 重新读取. Saved or read again, the form
 * shows the article as stored, the editor started anew with its body. 预览 shows the body as the
 * site will, through the same sanitising policy. Publishing is part of the save (发布方式).
 */
export function NewsForm({ item }: { item: NewsEditable | null }) {
  const [previewing, setPreviewing] = useState(false);
  const navigate = useConsoleNavigate();
  const queryClient = useQueryClient();
  const { form, values, errors, setErrors, change, submit, save, reload, version } = useVersionedForm<
    NewsEditable,
    NewsValues,
    NewsArticle
  >({
    answer: item,
    valuesOf,
    empty: () => newArticle(),
    judge: (typed) => {
      const { errors, article } = judgeArticle(typed);
      return { errors, draft: article };
    },
    fieldOrder: () => [...NEWS_FIELDS],
    send: (article, version) =>
      (item
        ? consoleCall(consoleApi.newsUpdate, {
            params: { id: item.id },
            body: { article, version },
            quiet: true,
          })
        : consoleCall(consoleApi.newsCreate, { body: { article }, quiet: true })
      ).catch((error: ConsoleError) => {
        // A refusal that names a field (the cover, the link, …) is said beside it, not above 保存.
        const field = refusalField(error.message);
        if (field) setErrors({ [field]: error.message });
        throw error;
      }),
    reread: () => queryClient.fetchQuery({ ...newsItemQuery(item?.id ?? 0), staleTime: 0 }),
    onSaved: (saved, wasNew) => {
      toast.success(NEWS_SAVED, 4000);
      queryClient.setQueryData(newsItemQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'news', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['console', 'news', 'carousel'] });
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
      if (wasNew) navigate(`/news/${saved.id}`);
    },
  });
  // A new press of 保存 takes the last refusal away, even when the judgement then stops it.
  const judgeAndSave = (event: FormEvent) => {
    if (!save.isPending) save.reset();
    submit(event);
  };
  const refusal = save.error && !refusalField(save.error.message) ? save.error.message : null;
  const busy = save.isPending;
  return (
    <form ref={form} noValidate onSubmit={judgeAndSave} aria-label="文章" className="flex flex-col gap-8">
      <Panel as="fieldset" className={box} disabled={busy} legend="文章">
        <div data-field="menu" className="col-span-2">
          <ChoiceCards
            label="栏目"
            isRequired
            choices={NEWS_EDIT_MENUS.map((menu) => ({ value: String(menu), label: NEWS_MENU_LABELS[menu] }))}
            value={String(values.menu)}
            onChange={(menu) => change('menu')(Number(menu) as NewsValues['menu'])}
            error={errors.menu}
          />
        </div>
        <div data-field="title">
          <TextField
            label="标题"
            isRequired
            value={values.title}
            onChange={change('title')}
            error={errors.title}
          />
        </div>
        <div data-field="subTitle">
          <TextField
            label="副标题"
            value={values.subTitle}
            onChange={change('subTitle')}
            error={errors.subTitle}
          />
        </div>
        <div data-field="image" className="col-span-2">
          <ImageField
            label="封面图片"
            value={values.image}
            onChange={change('image')}
            error={errors.image}
            description="列表和首页轮播显示的图片（必填）"
            isDisabled={busy}
          />
        </div>
        <div data-field="newDate">
          <TextField
            label="日期"
            isRequired
            placeholder="2026-12-21"
            aria-describedby="news-date-hint"
            value={values.newDate}
            onChange={change('newDate')}
            error={errors.newDate}
          />
          <p id="news-date-hint" className="mt-1 text-base text-ink-soft">
            列表上显示的日期，格式：年-月-日
          </p>
        </div>
        <div data-field="link">
          <TextField
            label="外部链接（选填）"
            type="url"
            placeholder="https://"
            aria-describedby="news-link-hint"
            value={values.link}
            onChange={change('link')}
            error={errors.link}
          />
          <p id="news-link-hint" className="mt-1 text-base text-ink-soft">
            填写后，点击标题将在新窗口打开该网址
          </p>
        </div>
      </Panel>
      <Panel data-field="content" className="flex flex-col gap-4">
        <NewsEditor
          // The editor reads its body once: a new version shown (saved, or read again) starts it anew.
          key={version}
          value={values.content}
          onChange={change('content')}
          error={errors.content}
          isDisabled={busy}
        />
        <div>
          <Button tone="secondary" aria-expanded={previewing} onPress={() => setPreviewing((open) => !open)}>
            {previewing ? '收起预览' : '预览'}
          </Button>
        </div>
        {previewing ? <NewsPreview title={values.title} html={values.content} /> : null}
      </Panel>
      <Panel as="fieldset" className={box} disabled={busy} legend="发布">
        <div data-field="publish" className="col-span-2">
          <ChoiceCards
            label="发布方式"
            isRequired
            choices={PUBLISH_CHOICES.map((choice) => ({
              value: choice,
              label: PUBLISH_CHOICE_LABELS[choice],
            }))}
            value={values.publish}
            onChange={(choice) => change('publish')(choice as NewsValues['publish'])}
            error={errors.publish}
          />
        </div>
        {values.publish === 'scheduled' ? (
          <div data-field="publishAt">
            <TextField
              label="定时发布时间"
              isRequired
              placeholder="2026-12-21 08:00"
              aria-describedby="news-publish-at-hint"
              value={values.publishAt}
              onChange={change('publishAt')}
              error={errors.publishAt}
            />
            <p id="news-publish-at-hint" className="mt-1 text-base text-ink-soft">
              北京时间，格式：年-月-日 时:分；到时自动在网站显示
            </p>
          </div>
        ) : null}
        <div data-field="businessMode" className="col-span-2">
          <ChoiceCards
            label="展示方式"
            choices={BUSINESS_MODES.map((mode) => ({ value: mode, label: BUSINESS_MODE_LABELS[mode] }))}
            value={values.businessMode}
            onChange={(mode) => change('businessMode')(mode as NewsValues['businessMode'])}
            error={errors.businessMode}
          />
        </div>
      </Panel>
      <VersionedFormFooter
        save={save}
        reload={reload}
        canReload={item !== null}
        submitLabel="保存"
        refusal={refusal}
      />
    </form>
  );
}
