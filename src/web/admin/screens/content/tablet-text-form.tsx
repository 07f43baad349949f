import { consoleApi } from '@contract/console';
import type { TabletText, TabletTextAnswer } from '@contract/tablet-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { panelClass } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import { judgeText, TEXT_FIELDS, tabletCatalogueQuery } from './tablet-queries';

/**
 * A tablet type's or category's card: name, photograph, description. 保存 judges with the
 * contract (messages beside the fields, the first focused, nothing sent), sends the version read;
 * a stale version (409) keeps what was typed and offers 重新读取.
 */
export function TabletTextForm({ kind, item }: { kind: 'type' | 'category'; item: TabletTextAnswer }) {
  const queryClient = useQueryClient();
  const what = kind === 'type' ? '牌位类型' : '牌位类别';
  const {
    form,
    values: text,
    errors,
    change,
    submit,
    save,
    reload,
  } = useVersionedForm<TabletTextAnswer, TabletText, TabletText>({
    answer: item,
    valuesOf: ({ name, image, particulars }) => ({ name, image, particulars }),
    judge: (typed) => {
      const { errors, text } = judgeText(typed);
      return { errors, draft: text };
    },
    fieldOrder: () => TEXT_FIELDS,
    send: (body, version) =>
      consoleCall(kind === 'type' ? consoleApi.tabletTypeSave : consoleApi.tabletCategorySave, {
        params: { id: String(item.id) },
        body: { text: body, version },
        quiet: true,
      }),
    // The card is read again with the whole catalogue.
    reread: async () => {
      const catalogue = await queryClient.fetchQuery({ ...tabletCatalogueQuery, staleTime: 0 });
      const list: TabletTextAnswer[] = kind === 'type' ? catalogue.types : catalogue.categories;
      const read = list.find((entry) => entry.id === item.id);
      if (!read) throw new Error();
      return read;
    },
    onSaved: () => {
      toast.success(`${what}已保存，网站即刻生效`, 4000);
      void queryClient.invalidateQueries({ queryKey: tabletCatalogueQuery.queryKey, exact: true });
    },
  });
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={`${what}：${item.name}`}
      className={`flex flex-col gap-4 ${panelClass({ padding: 'sm' })}`}
    >
      <div data-field="name">
        <TextField
          label={`${what}名称`}
          isRequired
          value={text.name}
          onChange={change('name')}
          error={errors.name}
        />
      </div>
      <div data-field="image">
        <ImageField
          label="图片"
          value={text.image}
          onChange={change('image')}
          error={errors.image}
          description="显示在牌位供奉页；不上传则显示寺院的线描图"
        />
      </div>
      <div data-field="particulars">
        <TextAreaField
          label="介绍"
          isRequired
          maxLength={500}
          value={text.particulars}
          onChange={change('particulars')}
          error={errors.particulars}
        />
      </div>
      <VersionedFormFooter save={save} reload={reload} canReload submitLabel={`保存${what}`} />
    </form>
  );
}
