import type { CeremonyTypeDetail } from '@contract/ceremony';
import { type CeremonyField, type CeremonyForm, tabletTypesOf, tiersOf } from '@contract/ceremony-form';
import { formatYuan, yuanToFen } from '@contract/money';
import { ChoiceCards } from '../../components/ui/choice-cards';

export interface CeremonyChoicesProps {
  detail: CeremonyTypeDetail;
  form: CeremonyForm;
  errors: Partial<Record<CeremonyField, string>>;
  /** The next form and the field the believer changed. */
  onChange: (next: CeremonyForm, field: CeremonyField) => void;
}

/** The tablet type and the quantity tier with its price (000 section 2), each a radio of cards. */
export function CeremonyChoices({ detail, form, errors, onChange }: CeremonyChoicesProps) {
  const tiers = form.tabletType ? tiersOf(detail, form.tabletType) : [];
  return (
    <div className="flex flex-col gap-6">
      <div data-field="tabletType">
        <ChoiceCards
          label="牌位类型"
          value={form.tabletType || null}
          error={errors.tabletType}
          onChange={(tabletType) => {
            // A tier of the old tablet type may not exist in the new one: the believer chooses again.
            const keeps = tiersOf(detail, tabletType).some((t) => t.tier === form.tier);
            onChange({ ...form, tabletType, tier: keeps ? form.tier : '' }, 'tabletType');
          }}
          choices={tabletTypesOf(detail).map((t) => ({ value: t, label: t }))}
        />
      </div>
      <div data-field="tier">
        {tiers.length > 0 ? (
          <ChoiceCards
            label="数量"
            value={form.tier || null}
            error={errors.tier}
            onChange={(tier) => onChange({ ...form, tier }, 'tier')}
            choices={tiers.map((t) => ({
              value: t.tier,
              label: t.tier,
              hint: formatYuan(yuanToFen(t.price)),
            }))}
          />
        ) : (
          <div className="flex flex-col gap-2">
            <p className="text-lg font-medium text-ink">数量</p>
            <p className={errors.tier ? 'text-lg text-temple-dark' : 'text-lg text-ink-soft'}>
              {errors.tier ?? '请先选择牌位类型'}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
