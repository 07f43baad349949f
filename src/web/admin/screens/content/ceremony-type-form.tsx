import type { CeremonyTypeAnswer, CeremonyTypeDraft } from '@contract/ceremony-catalogue';
import { consoleApi } from '@contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { focusFirstError } from '../../../components/ui/focus-first-error';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ImageField } from '../../shell/image-field';
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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CeremonyTypeValues>(() => typeValuesOf(answer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(answer.version);
  const queryClient = useQueryClient();
  const show = (read: CeremonyTypeAnswer) => {
    setValues(typeValuesOf(read));
    setVersion(read.version);
    setErrors({});
    queryClient.setQueryData(ceremonyTypeQuery(read.fsType).queryKey, read);
  };
  const save = useMutation<CeremonyTypeAnswer, ConsoleError, CeremonyTypeDraft>({
    mutationFn: (type) =>
      consoleCall(consoleApi.ceremonyTypeSave, {
        params: { fsType: answer.fsType },
        body: { type, version },
        quiet: true,
      }),
    onSuccess: (saved) => {
      toast.success(CEREMONY_SAVED, 4000);
      show(saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'ceremonies'], exact: true });
    },
  });
  const reload = useMutation<CeremonyTypeAnswer, Error>({
    mutationFn: () => queryClient.fetchQuery({ ...ceremonyTypeQuery(answer.fsType), staleTime: 0 }),
    onSuccess: (read) => {
      show(read);
      save.reset();
    },
  });
  const forget = (names: string[]) =>
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([name]) => !names.includes(name))));
  const change =
    <K extends Exclude<keyof CeremonyTypeValues, 'prices'>>(name: K) =>
    (value: CeremonyTypeValues[K]) => {
      setValues((old) => ({ ...old, [name]: value }));
      forget([name]);
    };
  const changePrices = (prices: PriceRow[], touched: string[] | 'all') => {
    setValues((old) => ({ ...old, prices }));
    // Rows below a removed one move up: their messages no longer name their inputs, so all go.
    if (touched === 'all')
      setErrors((old) =>
        Object.fromEntries(Object.entries(old).filter(([name]) => !name.startsWith('prices'))),
      );
    else forget([...touched, 'prices']);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const judged = judgeType(values);
    setErrors(judged.errors);
    if (!judged.draft) return focusFirstError(form.current, judged.errors, typeFieldOrder(values));
    save.mutate(judged.draft);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="佛事类型" className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-5 rounded-lg border border-paper-deep bg-white p-6">
        <legend className="px-2 text-xl font-semibold text-temple">佛事</legend>
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
      </fieldset>
      <CeremonyPricesField prices={values.prices} errors={errors} onChange={changePrices} />
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
      {reload.error ? <Notice tone="error">{reload.error.message || '读取失败，请稍后再试'}</Notice> : null}
      <div className="flex justify-end gap-4">
        {save.error?.status === 409 ? (
          <Button tone="secondary" isPending={reload.isPending} onPress={() => reload.mutate()}>
            重新读取
          </Button>
        ) : null}
        <Button type="submit" size="lg" isPending={save.isPending}>
          保存
        </Button>
      </div>
    </form>
  );
}
