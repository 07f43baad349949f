import { TABLET_CATEGORY_NAMES, type TabletCategoryItem, type TabletFloorItem } from '@contract/tablet';
import { type TabletForm, tabletGroupsOf } from '@contract/tablet-form';
import { ChoiceCards } from '../../components/ui/choice-cards';
import { REQUIRED_NOTE, RequiredMark } from '../../components/ui/required-mark';

export type TabletChoices = Omit<TabletForm, 'price'>;

export interface TabletChoicesProps {
  categories: readonly TabletCategoryItem[];
  floors: readonly TabletFloorItem[];
  form: TabletChoices;
  onChange: (next: TabletChoices) => void;
}

/**
 * The category (延生禄位 / 往生莲位) with its description, then the location cascader: the pagoda
 * floor, then its group (a closed one says 暂不开放; its map shows every place 不可选).
 */
export function TabletChoicesView({ categories, floors, form, onChange }: TabletChoicesProps) {
  const category = categories.find((c) => c.FS_TYPE === form.category);
  const groups = tabletGroupsOf(floors, form.floor?.PW_LOCATION ?? null);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-base text-ink-soft">{REQUIRED_NOTE}</p>
      <div className="flex flex-col gap-3">
        <ChoiceCards
          label="类别"
          isRequired
          value={form.category || null}
          onChange={(value) => {
            const chosen = categories.find((c) => c.FS_TYPE === value);
            if (chosen) onChange({ ...form, category: chosen.FS_TYPE });
          }}
          choices={categories.map((c) => ({
            value: c.FS_TYPE,
            label: c.NAME || TABLET_CATEGORY_NAMES[c.FS_TYPE],
          }))}
        />
        {category && (
          <p className="rounded-md bg-paper-deep px-5 py-3 text-base leading-7 text-ink-soft">
            {category.PARTICULARS}
          </p>
        )}
      </div>
      <ChoiceCards
        label="塔层"
        isRequired
        value={form.floor ? String(form.floor.PW_LOCATION) : null}
        onChange={(value) => {
          const floor = floors.find((f) => String(f.PW_LOCATION) === value) ?? null;
          // Another floor has other groups: the believer chooses the group (and the place) again.
          onChange({ ...form, floor, group: null });
        }}
        choices={floors.map((f) => ({ value: String(f.PW_LOCATION), label: f.NAME }))}
      />
      {form.floor ? (
        <ChoiceCards
          label="区域"
          isRequired
          value={form.group?.PW_GROUP ?? null}
          onChange={(value) => {
            // A closed group may be looked at: its map shows every place 不可选.
            const group = groups.find((g) => g.PW_GROUP === value) ?? null;
            if (group) onChange({ ...form, group });
          }}
          choices={groups.map((g) => ({
            value: g.PW_GROUP,
            label: g.NAME,
            ...(g.CLOSED ? { hint: '暂不开放' } : {}),
          }))}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-lg font-medium text-ink">
            区域
            <RequiredMark />
          </p>
          <p className="text-lg text-ink-soft">请先选择塔层</p>
        </div>
      )}
    </div>
  );
}
