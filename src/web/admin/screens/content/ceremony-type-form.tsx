import type { CeremonyTypeAnswer, CeremonyTypeDraft } from '@contract/ceremony-catalogue';
import { consoleApi } from '@contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import { CeremonyPricesField } from './ceremony-prices-field';
import {
  type CeremonyTypeValues,
  ceremonyTypeQuery,
  judgeType,
  type PriceRow,
  typeFieldOrder,
  typeValuesOf,
} from './ceremony-queries';

export const CEREMONY_SAVED = '佛事已保存，网站即刻生效';

/**
 * A ceremony type's form: name, photograph, description and its price table. 保存 judges it with
 * the contract (each message beside its field, the first focused, nothing sent) and sends it with
 * the version read; a stale version (409) keeps what was typed and offers 重新读取.
 */
export function CeremonyTypeForm({ answer }: { answer: CeremonyTypeAnswer }) {
  const queryClient = useQueryClient();
  const { form, values, setValues, errors, setErrors, forget, change, submit, save, reload } =
    useVersionedForm<CeremonyTypeAnswer, CeremonyTypeValues, CeremonyTypeDraft>({
      answer,
      valuesOf: typeValuesOf,
      judge: judgeType,
      fieldOrder: typeFieldOrder,
      send: (type, version) =>
        consoleCall(consoleApi.ceremonyTypeSave, {
          params: { fsType: answer.fsType },
          body: { type, version },
          quiet: true,
        }),
      reread: () => queryClient.fetchQuery({ ...ceremonyTypeQuery(answer.fsType), staleTime: 0 }),
      onSaved: (saved) => {
        toast.success(CEREMONY_SAVED, 4000);
        queryClient.setQueryData(ceremonyTypeQuery(saved.fsType).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: ['console', 'ceremonies'], exact: true });
      },
    });
  const changePrices = (prices: PriceRow[], touched: string[] | 'all') => {
    setValues((old) => ({ ...old, prices }));
    // Rows below a removed one move up: their messages no longer name their inputs, so all go.
    if (touched === 'all')
      setErrors((old) =>
        Object.fromEntries(Object.entries(old).filter(([name]) => !name.startsWith('prices'))),
      );
    else forget([...touched, 'prices']);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="佛事类型" className="flex flex-col gap-8">
      <Panel as="fieldset" className="flex flex-col gap-5" legend="佛事">
        <div data-field="name" className="w-96">
          <TextField
            label="佛事名称"
            isRequired
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
        </div>
        <div data-field="image">
          <ImageField
            label="佛事图片"
            value={values.image}
            onChange={change('image')}
            error={errors.image}
            description="显示在独姓佛事的列表和预约页；不上传则显示寺院的线描图"
          />
        </div>
        <div data-field="particulars">
          <TextAreaField
            label="佛事介绍"
            isRequired
            maxLength={500}
            value={values.particulars}
            onChange={change('particulars')}
            error={errors.particulars}
          />
        </div>
      </Panel>
      <CeremonyPricesField prices={values.prices} errors={errors} onChange={changePrices} />
      <VersionedFormFooter save={save} reload={reload} canReload submitLabel="保存" />
    </form>
  );
}
