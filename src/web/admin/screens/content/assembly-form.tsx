import {
  ASSEMBLY_FLAG_LABELS,
  ASSEMBLY_FLAGS,
  type AssemblyAnswer,
  type AssemblyDraft,
  assemblyLunarDates,
} from '@contract/assembly-catalogue';
import { consoleApi } from '@contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox } from '../../../components/ui/checkbox';
import { Notice } from '../../../components/ui/notice';
import { Panel } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { useConsoleNavigate } from '../../shell/console-link';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import {
  type AssemblyValues,
  assemblyQuery,
  fieldOrder,
  judge,
  NEW_ASSEMBLY,
  type TypeRow,
  valuesOf,
} from './assembly-queries';
import { AssemblyTypesField } from './assembly-types-field';

export const ASSEMBLY_SAVED = '法会已保存，网站即刻生效';
export const ASSEMBLY_DRAFTED = '法会已保存为草稿，发布后信众即可报名';

/** 农历… as the dates give it, or nothing while a date is missing. */
const lunarPreview = (start: string, end: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start) return null;
  const { year, lunarTime } = assemblyLunarDates(start, end);
  return `${lunarTime}（农历${year}年）`;
};

/**
 * An assembly's form (new, or the one read as `answer`): name, solar dates (the lunar dates
 * shown as they follow), photograph, description, special rules, and its types with places and
 * prices. 保存 judges it with the contract (each message beside its field, the first focused,
 * nothing sent) and sends it with the version read; a stale version (409) keeps what was typed
 * and offers 重新读取. A new assembly is saved as a draft and opens its own page.
 */
export function AssemblyForm({ answer }: { answer: AssemblyAnswer | null }) {
  const queryClient = useQueryClient();
  const navigate = useConsoleNavigate();
  const { form, values, setValues, errors, forget, change, submit, save, reload } = useVersionedForm<
    AssemblyAnswer,
    AssemblyValues,
    AssemblyDraft
  >({
    answer,
    valuesOf,
    empty: NEW_ASSEMBLY,
    judge,
    fieldOrder,
    send: (assembly, version) =>
      answer
        ? consoleCall(consoleApi.assemblySave, {
            params: { id: String(answer.id) },
            body: { assembly, version },
            quiet: true,
          })
        : consoleCall(consoleApi.assemblyCreate, { body: assembly, quiet: true }),
    reread: () => queryClient.fetchQuery({ ...assemblyQuery(answer?.id ?? 0), staleTime: 0 }),
    onSaved: (saved, wasNew) => {
      queryClient.setQueryData(assemblyQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'assemblies'], exact: true });
      toast.success(wasNew ? ASSEMBLY_DRAFTED : ASSEMBLY_SAVED, wasNew ? 5000 : 4000);
      if (wasNew) navigate(`/assemblies/${saved.id}`);
    },
  });
  const changeTypes = (types: TypeRow[], touched: string[]) => {
    setValues((old) => ({ ...old, types }));
    forget(touched);
  };
  const lunar = lunarPreview(values.startDate, values.endDate);
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="法会" className="flex flex-col gap-8">
      <Panel as="fieldset" className="grid grid-cols-2 gap-x-8 gap-y-5" legend="法会">
        <div data-field="name" className="col-span-2">
          <TextField
            label="法会名称"
            isRequired
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
        </div>
        <div data-field="startDate">
          <TextField
            label="开始日期（公历）"
            isRequired
            type="date"
            value={values.startDate}
            onChange={change('startDate', ['endDate'])}
            error={errors.startDate}
          />
        </div>
        <div data-field="endDate">
          <TextField
            label="结束日期（公历）"
            isRequired
            type="date"
            value={values.endDate}
            onChange={change('endDate')}
            error={errors.endDate}
          />
        </div>
        <p className="col-span-2 text-lg text-ink-soft" aria-live="polite">
          {lunar ? `农历日期：${lunar}` : '选好公历日期后，这里显示对应的农历日期。'}
        </p>
        <div data-field="image" className="col-span-2">
          <ImageField
            label="法会图片"
            value={values.image}
            onChange={change('image')}
            error={errors.image}
            description="显示在法会列表和法会详情页；不上传则显示寺院的线描图"
          />
        </div>
        <div data-field="particulars" className="col-span-2">
          <TextAreaField
            label="法会介绍"
            isRequired
            maxLength={1000}
            value={values.particulars}
            onChange={change('particulars')}
            error={errors.particulars}
          />
        </div>
      </Panel>
      <Panel as="fieldset" data-field="flags" className="flex flex-col gap-3" legend="特别规则">
        {errors.flags ? <Notice tone="error">{errors.flags}</Notice> : null}
        <div className="grid grid-cols-2 gap-3">
          {ASSEMBLY_FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              isSelected={values.flags[flag]}
              description={ASSEMBLY_FLAG_LABELS[flag].description}
              onChange={(on) => {
                setValues((old) => ({ ...old, flags: { ...old.flags, [flag]: on } }));
                forget(['flags', 'types']);
              }}
            >
              {ASSEMBLY_FLAG_LABELS[flag].label}
            </Checkbox>
          ))}
        </div>
      </Panel>
      <AssemblyTypesField types={values.types} errors={errors} onChange={changeTypes} />
      <VersionedFormFooter
        save={save}
        reload={reload}
        canReload={answer !== null}
        submitLabel={answer ? '保存' : '保存为草稿'}
      />
    </form>
  );
}
