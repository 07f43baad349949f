import { consoleApi } from '@contract/console';
import type { MeritAnswer, MeritDraft } from '@contract/merit-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { useConsoleNavigate } from '../../shell/console-link';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import { MeritPricesField } from './merit-prices-field';
import {
  fieldOrder,
  judge,
  type MeritValues,
  meritItemQuery,
  NEW_MERIT_ITEM,
  valuesOf,
} from './merit-queries';

export const MERIT_SAVED = '功德项目已保存，网站即刻生效';
export const MERIT_DRAFTED = '功德项目已保存为草稿，发布后信众即可供养';

/**
 * A merit item's form (new, or the one read as `answer`): name, photograph, description, and its
 * price (the model, then only that model's fields). 保存 judges it with the contract (each message
 * beside its field, the first focused, nothing sent) and sends it with the version read; a stale
 * version (409) keeps what was typed and offers 重新读取. A new item is saved as a draft and opens
 * its own page.
 */
export function MeritForm({ answer }: { answer: MeritAnswer | null }) {
  const queryClient = useQueryClient();
  const navigate = useConsoleNavigate();
  const { form, values, setValues, errors, forget, change, submit, save, reload } = useVersionedForm<
    MeritAnswer,
    MeritValues,
    MeritDraft
  >({
    answer,
    valuesOf,
    empty: NEW_MERIT_ITEM,
    judge,
    fieldOrder,
    send: (item, version) =>
      answer
        ? consoleCall(consoleApi.meritItemSave, {
            params: { id: String(answer.id) },
            body: { item, version },
            quiet: true,
          })
        : consoleCall(consoleApi.meritItemCreate, { body: item, quiet: true }),
    reread: () => queryClient.fetchQuery({ ...meritItemQuery(answer?.id ?? 0), staleTime: 0 }),
    onSaved: (saved, wasNew) => {
      queryClient.setQueryData(meritItemQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'merit-items'], exact: true });
      toast.success(wasNew ? MERIT_DRAFTED : MERIT_SAVED, wasNew ? 5000 : 4000);
      if (wasNew) navigate(`/merit/${saved.id}`);
    },
  });
  // The server's refusal of a field it alone can judge (the photograph) goes beside that field.
  const imageError =
    errors.image ??
    (save.error?.status === 400 && /图片/.test(save.error.message) ? save.error.message : undefined);
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="功德项目" className="flex flex-col gap-8">
      <Panel as="fieldset" className="flex flex-col gap-5" legend="功德项目">
        <div data-field="name">
          <TextField
            label="功德项目名称"
            isRequired
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
        </div>
        <div data-field="image">
          <ImageField
            label="功德项目图片"
            value={values.image}
            onChange={change('image')}
            error={imageError}
            description="显示在功德供养列表和详情页；不上传则显示寺院的线描图"
          />
        </div>
        <div data-field="particulars">
          <TextAreaField
            label="功德项目介绍"
            isRequired
            maxLength={1000}
            value={values.particulars}
            onChange={change('particulars')}
            error={errors.particulars}
          />
        </div>
      </Panel>
      <MeritPricesField
        values={values}
        errors={errors}
        onChange={(prices, touched) => {
          setValues((old) => ({ ...old, ...prices }));
          forget(touched);
        }}
      />
      <VersionedFormFooter
        save={save}
        reload={reload}
        canReload={answer !== null}
        submitLabel={answer ? '保存' : '保存为草稿'}
        refusal={save.error && save.error.message !== imageError ? save.error.message : null}
      />
    </form>
  );
}
