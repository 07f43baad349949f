import { consoleApi } from '@contract/console';
import { GF_TYPE_TEXT } from '@contract/statue';
import type { StatueLocationAnswer, StatueLocationDraft } from '@contract/statue-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError } from '../../../components/ui/field-styles';
import { Panel } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import {
  fieldOrder,
  type GroupValue,
  judge,
  type LocationValues,
  statueLocationQuery,
  valuesOf,
} from './statue-queries';
import { StatueRowsField } from './statue-rows-field';

export const STATUE_SAVED = '已保存，网站即刻生效';

/**
 * A location's form: name, English name, photograph, description; its statues and materials
 * (add, rename, 停止供奉); its groups with the 年供 and 常供 prices and 暂停供奉. 保存 judges it with
 * the contract (each message beside its field, the first focused, nothing sent) and sends it with
 * the version read; a stale version (409) keeps what was typed and offers 重新读取.
 */
export function StatueLocationForm({ answer }: { answer: StatueLocationAnswer }) {
  const queryClient = useQueryClient();
  const { form, values, setValues, errors, forget, change, submit, save, reload } = useVersionedForm<
    StatueLocationAnswer,
    LocationValues,
    StatueLocationDraft
  >({
    answer,
    valuesOf,
    judge,
    fieldOrder,
    send: (location, version) =>
      consoleCall(consoleApi.statueLocationSave, {
        params: { location: answer.location },
        body: { location, version },
        quiet: true,
      }),
    reread: () => queryClient.fetchQuery({ ...statueLocationQuery(answer.location), staleTime: 0 }),
    onSaved: (saved) => {
      toast.success(STATUE_SAVED, 4000);
      void queryClient.invalidateQueries({ queryKey: ['console', 'statues'], exact: true });
      queryClient.setQueryData(statueLocationQuery(saved.location).queryKey, saved);
    },
  });
  const setGroup = (index: number, part: Partial<GroupValue>, field: string) => {
    setValues((old) => ({
      ...old,
      groups: old.groups.map((g, at) => (at === index ? { ...g, ...part } : g)),
    }));
    forget([`groups.${index}.${field}`, 'groups']);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="供奉地点" className="flex flex-col gap-8">
      <Panel as="fieldset" className="grid grid-cols-2 gap-x-8 gap-y-5" legend="地点">
        <div data-field="name">
          <TextField
            label="地点名称"
            isRequired
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
        </div>
        <div data-field="enName">
          <TextField
            label="英文名称"
            value={values.enName}
            onChange={change('enName')}
            error={errors.enName}
          />
        </div>
        <div data-field="image" className="col-span-2">
          <ImageField
            label="地点图片"
            value={values.image}
            onChange={change('image')}
            error={errors.image}
            description="显示在“圣像供奉”的地点卡片上；不上传则显示寺院的线描图"
          />
        </div>
        <div data-field="particulars" className="col-span-2">
          <TextAreaField
            label="地点介绍"
            isRequired
            maxLength={1000}
            value={values.particulars}
            onChange={change('particulars')}
            error={errors.particulars}
          />
        </div>
      </Panel>
      <StatueRowsField
        values={values}
        errors={errors}
        onChange={(part, touched) => {
          setValues((old) => ({ ...old, ...part }));
          forget(touched);
        }}
      />
      <Panel as="fieldset" data-field="groups" className="flex flex-col gap-4" legend="方位与价格">
        <p className="text-base text-ink-soft">
          期限分{GF_TYPE_TEXT['2']}与{GF_TYPE_TEXT['1']}
          ，价格为整数元。改价只影响之后的订单，已下的订单金额不变。
          暂停供奉后，该方位的龛位信众不可选，已有的供奉仍然有效。
        </p>
        {errors.groups ? <p className={fieldError}>{errors.groups}</p> : null}
        <ol className="flex flex-col gap-4">
          {values.groups.map((group, g) => (
            <li
              key={group.fxGroup}
              className="flex flex-wrap items-start gap-6 rounded-md border-2 border-paper-deep p-4"
            >
              <div data-field={`groups.${g}.name`} className="w-44">
                <TextField
                  label="方位名称"
                  isRequired
                  value={group.name}
                  onChange={(name) => setGroup(g, { name }, 'name')}
                  error={errors[`groups.${g}.name`]}
                />
              </div>
              <div data-field={`groups.${g}.ngPriceYuan`} className="w-60">
                <TextField
                  label={`${GF_TYPE_TEXT['2']}价格（元）`}
                  inputMode="numeric"
                  value={group.ngPriceYuan}
                  onChange={(ngPriceYuan) => setGroup(g, { ngPriceYuan }, 'ngPriceYuan')}
                  error={errors[`groups.${g}.ngPriceYuan`]}
                />
              </div>
              <div data-field={`groups.${g}.cgPriceYuan`} className="w-60">
                <TextField
                  label={`${GF_TYPE_TEXT['1']}价格（元）`}
                  inputMode="numeric"
                  value={group.cgPriceYuan}
                  onChange={(cgPriceYuan) => setGroup(g, { cgPriceYuan }, 'cgPriceYuan')}
                  error={errors[`groups.${g}.cgPriceYuan`]}
                />
              </div>
              <div className="mt-8">
                <Checkbox
                  isSelected={group.closed}
                  onChange={(closed) => setGroup(g, { closed }, 'closed')}
                  description={`龛位 ${group.niches} 个，已有供奉或预定 ${group.held} 个`}
                >
                  暂停供奉
                </Checkbox>
              </div>
            </li>
          ))}
        </ol>
      </Panel>
      <VersionedFormFooter save={save} reload={reload} canReload submitLabel="保存" />
    </form>
  );
}
