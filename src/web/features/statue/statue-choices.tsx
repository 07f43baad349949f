import { formatYuan, yuanToFen } from '@contract/money';
import { GF_TYPE_TEXT, GF_TYPES, type StatueItem, type StatuePreview, statuePriceOf } from '@contract/statue';
import type { StatueForm } from '@contract/statue-form';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { REQUIRED_NOTE } from '../../components/ui/required-mark';

export interface StatueChoicesProps {
  preview: StatuePreview;
  statues: StatueItem[];
  form: StatueForm;
  onChange: (next: StatueForm) => void;
}

const yuan = (amount: number) => formatYuan(yuanToFen(amount));

/** 材质, 佛像, 期限 (with the group's prices) and 方位 (a closed one shown, not choosable). */
export function StatueChoices({ preview, statues, form, onChange }: StatueChoicesProps) {
  const groups = Object.values(preview.fxGroupMap);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-base text-ink-soft">{REQUIRED_NOTE}</p>
      <ChoiceCards
        label="材质类型"
        isRequired
        value={form.material ? String(form.material.ID) : null}
        onChange={(id) =>
          onChange({ ...form, material: preview.fxMaterialList.find((m) => String(m.ID) === id) ?? null })
        }
        choices={preview.fxMaterialList.map((m) => ({ value: String(m.ID), label: m.NAME }))}
      />
      <ChoiceCards
        label="佛像类型"
        isRequired
        value={form.statue ? String(form.statue.ID) : null}
        onChange={(id) => onChange({ ...form, statue: statues.find((s) => String(s.ID) === id) ?? null })}
        // The Chinese name only: spec 001 lists EN_NAME among the fields but shows no English.
        choices={statues.map((s) => ({ value: String(s.ID), label: s.NAME }))}
      />
      <ChoiceCards
        label="供奉期限"
        isRequired
        value={form.gfType || null}
        onChange={(gfType) => onChange({ ...form, gfType: gfType as StatueForm['gfType'] })}
        choices={GF_TYPES.map((t) => ({
          value: t,
          label: GF_TYPE_TEXT[t],
          hint: form.group ? yuan(statuePriceOf(form.group, t)) : t === '1' ? '长期供奉' : '按年供奉',
        }))}
      />
      <ChoiceCards
        label="佛像方位"
        isRequired
        value={form.group?.FX_GROUP ?? null}
        onChange={(key) => onChange({ ...form, group: preview.fxGroupMap[key] ?? null })}
        choices={groups.map((g) => ({
          value: g.FX_GROUP,
          label: g.NAME,
          hint: preview.locationOffMap[g.FX_GROUP] ? '暂不开放' : `年供 ${yuan(g.NG_PRICE)}`,
          isDisabled: preview.locationOffMap[g.FX_GROUP] === true,
        }))}
      />
    </div>
  );
}
