import { consoleApi } from '@contract/console';
import { RESERVATION_HOLD_DAYS } from '@contract/reservation-hold';
import {
  TABLET_RESERVATION_FROM_YUAN,
  type TabletGroupAnswer,
  type TabletGroupCreate,
  type TabletGroupDraft,
} from '@contract/tablet-catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError } from '../../../components/ui/field-styles';
import { focusRing } from '../../../components/ui/focus-ring';
import { panelClass } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { useConsoleNavigate } from '../../shell/console-link';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import {
  FLOOR_NAMES,
  GROUP_FIELDS,
  type GroupValues,
  judgeGroup,
  NEW_GROUP,
  tabletCatalogueQuery,
  tabletGroupQuery,
} from './tablet-queries';

const valuesOf = (g: TabletGroupAnswer): GroupValues => ({
  ...NEW_GROUP(),
  name: g.name,
  closed: g.closed,
  priceYuan: String(g.priceYuan),
});

function Choice({
  label,
  name,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <div data-field={name}>
      <RadioGroup
        value={value}
        onChange={onChange}
        isInvalid={Boolean(error)}
        orientation="horizontal"
        className="flex flex-col gap-2"
      >
        <Label className="text-lg font-semibold text-ink">{label}</Label>
        <div className="flex flex-wrap gap-3">
          {options.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              className={`cursor-pointer rounded-md border-2 border-ink-faint/40 px-5 py-2 text-lg data-[selected]:border-temple data-[selected]:bg-temple-pale data-[selected]:font-semibold ${focusRing}`}
            >
              {option.label}
            </Radio>
          ))}
        </div>
        {error ? <p className={fieldError}>{error}</p> : null}
      </RadioGroup>
    </div>
  );
}

/**
 * A group's form (new, or the one read as `answer`): for a new one its tablet type, floor and
 * size; then its name, whether believers may choose it, and the price of all its places. 保存
 * judges with the contract (messages beside the fields, the first focused, nothing sent), sends
 * the version read; a stale version (409) keeps what was typed and offers 重新读取.
 */
export function TabletGroupForm({ answer }: { answer: TabletGroupAnswer | null }) {
  const isNew = answer === null;
  const catalogue = useQuery({ ...tabletCatalogueQuery, enabled: isNew });
  const queryClient = useQueryClient();
  const navigate = useConsoleNavigate();
  const { form, values, errors, change, submit, save, reload } = useVersionedForm<
    TabletGroupAnswer,
    GroupValues,
    TabletGroupDraft | TabletGroupCreate
  >({
    answer,
    valuesOf,
    empty: NEW_GROUP,
    judge: (typed) => {
      const { errors, group } = judgeGroup(typed, isNew);
      return { errors, draft: group };
    },
    fieldOrder: () => GROUP_FIELDS,
    send: (group, version) =>
      answer
        ? consoleCall(consoleApi.tabletGroupSave, {
            params: { map: answer.key },
            body: { group, version },
            quiet: true,
          })
        : consoleCall(consoleApi.tabletGroupCreate, { body: group as TabletGroupCreate, quiet: true }),
    reread: () => queryClient.fetchQuery({ ...tabletGroupQuery(answer?.key ?? ''), staleTime: 0 }),
    onSaved: (saved, wasNew) => {
      void queryClient.invalidateQueries({ queryKey: tabletCatalogueQuery.queryKey, exact: true });
      queryClient.setQueryData(tabletGroupQuery(saved.key).queryKey, saved);
      toast.success(wasNew ? '区域已添加' : '区域已保存，网站即刻生效', 4000);
      if (wasNew) navigate(`/tablets/groups/${saved.key}`);
    },
  });
  const price = Number(values.priceYuan);
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label="区域"
      className={`flex flex-col gap-5 ${panelClass()}`}
    >
      {isNew ? (
        <>
          <Choice
            label="牌位类型"
            name="pwType"
            value={values.pwType}
            options={(catalogue.data?.types ?? []).map((type) => ({ value: type.pwType, label: type.name }))}
            onChange={change('pwType')}
            error={errors.pwType}
          />
          <Choice
            label="塔层"
            name="floor"
            value={values.floor}
            options={[1, 2, 3, 4].map((floor) => ({ value: String(floor), label: FLOOR_NAMES[floor] ?? '' }))}
            onChange={change('floor')}
            error={errors.floor}
          />
        </>
      ) : null}
      <div data-field="name" className="max-w-md">
        <TextField
          label="区域名称"
          isRequired
          value={values.name}
          onChange={change('name')}
          error={errors.name}
        />
      </div>
      <div data-field="priceYuan" className="max-w-md">
        <TextField
          label="每个位置的价格（元）"
          isRequired
          inputMode="numeric"
          value={values.priceYuan}
          onChange={change('priceYuan')}
          error={errors.priceYuan}
        />
        <p className="mt-1 text-base text-ink-soft">
          {price >= TABLET_RESERVATION_FROM_YUAN
            ? `${TABLET_RESERVATION_FROM_YUAN}元及以上：信众网上预定，保留${RESERVATION_HOLD_DAYS}天，到寺院付款。`
            : '改价只影响新订单，已下的订单金额不变。'}
        </p>
      </div>
      {isNew ? (
        <div className="flex flex-wrap gap-6">
          <div data-field="rows" className="w-48">
            <TextField
              label="排数"
              isRequired
              inputMode="numeric"
              value={values.rows}
              onChange={change('rows')}
              error={errors.rows}
            />
          </div>
          <div data-field="cols" className="w-48">
            <TextField
              label="每排位置数"
              isRequired
              inputMode="numeric"
              value={values.cols}
              onChange={change('cols')}
              error={errors.cols}
            />
          </div>
        </div>
      ) : null}
      <div data-field="closed">
        <Checkbox
          isSelected={!values.closed}
          onChange={(open) => change('closed')(!open)}
          description="不勾选：信众看到该区域但不能选择（暂不开放）；已下的订单仍然有效"
        >
          开放给信众选择
        </Checkbox>
        {errors.closed ? <p className={fieldError}>{errors.closed}</p> : null}
      </div>
      <VersionedFormFooter
        save={save}
        reload={reload}
        canReload={!isNew}
        submitLabel={isNew ? '添加区域' : '保存'}
      />
    </form>
  );
}
