import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError } from '../../../components/ui/field-styles';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { type LocationValues, type MaterialValue, rowKey, type StatueValue } from './statue-queries';

interface Props {
  values: LocationValues;
  errors: Record<string, string>;
  /** The changed lists, and the fields whose messages the change makes stale. */
  onChange: (part: Partial<Pick<LocationValues, 'statues' | 'materials'>>, touched: string[]) => void;
}

const STAYS = '已有订单用到，停止供奉后仍保留';

/**
 * 佛像 and 材质 of a location: each row renamed or 停止供奉 (believers no longer see it; orders made
 * keep it). A saved row is never deleted (orders name it); a row added since the last save can be.
 */
export function StatueRowsField({ values, errors, onChange }: Props) {
  const setStatue = (i: number, part: Partial<StatueValue>, field: string) =>
    onChange({ statues: values.statues.map((s, at) => (at === i ? { ...s, ...part } : s)) }, [
      `statues.${i}.${field}`,
      'statues',
    ]);
  const setMaterial = (i: number, part: Partial<MaterialValue>, field: string) =>
    onChange({ materials: values.materials.map((m, at) => (at === i ? { ...m, ...part } : m)) }, [
      `materials.${i}.${field}`,
      'materials',
    ]);
  const allStatueFields = values.statues.flatMap((_, i) => [`statues.${i}.name`, `statues.${i}.enName`]);
  const allMaterialFields = values.materials.map((_, i) => `materials.${i}.name`);
  return (
    <div className="grid grid-cols-[2fr_1fr] gap-6">
      <Panel as="fieldset" data-field="statues" className="flex flex-col gap-4" legend="佛像">
        {errors.statues ? <p className={fieldError}>{errors.statues}</p> : null}
        <ol className="flex flex-col gap-4">
          {values.statues.map((statue, i) => (
            <li key={statue.key} className="flex flex-wrap items-start gap-4 border-b border-paper-deep pb-4">
              <div data-field={`statues.${i}.name`} className="w-44">
                <TextField
                  label={`佛像 ${i + 1}`}
                  isRequired
                  value={statue.name}
                  onChange={(name) => setStatue(i, { name }, 'name')}
                  error={errors[`statues.${i}.name`]}
                />
              </div>
              <div data-field={`statues.${i}.enName`} className="min-w-56 flex-1">
                <TextField
                  label="英文名称"
                  value={statue.enName}
                  onChange={(enName) => setStatue(i, { enName }, 'enName')}
                  error={errors[`statues.${i}.enName`]}
                />
              </div>
              <div className="mt-8 flex flex-col gap-1">
                {statue.id === null ? (
                  <Button
                    tone="quiet"
                    aria-label={`删除新佛像 ${i + 1}`}
                    onPress={() =>
                      onChange({ statues: values.statues.filter((_, at) => at !== i) }, allStatueFields)
                    }
                  >
                    删除
                  </Button>
                ) : (
                  <Checkbox
                    isSelected={statue.withdrawn}
                    onChange={(withdrawn) => setStatue(i, { withdrawn }, 'withdrawn')}
                    description={statue.orders > 0 ? STAYS : undefined}
                  >
                    停止供奉
                  </Checkbox>
                )}
              </div>
            </li>
          ))}
        </ol>
        <Button
          tone="secondary"
          className="self-start"
          isDisabled={values.statues.length >= 50}
          onPress={() =>
            onChange(
              {
                statues: [
                  ...values.statues,
                  { key: rowKey(), id: null, name: '', enName: '', withdrawn: false, orders: 0 },
                ],
              },
              ['statues'],
            )
          }
        >
          添加佛像
        </Button>
      </Panel>
      <Panel as="fieldset" data-field="materials" className="flex flex-col gap-4" legend="材质">
        {errors.materials ? <p className={fieldError}>{errors.materials}</p> : null}
        <ol className="flex flex-col gap-4">
          {values.materials.map((material, i) => (
            <li
              key={material.key}
              className="flex flex-wrap items-start gap-4 border-b border-paper-deep pb-4"
            >
              <div data-field={`materials.${i}.name`} className="w-44">
                <TextField
                  label={`材质 ${i + 1}`}
                  isRequired
                  value={material.name}
                  onChange={(name) => setMaterial(i, { name }, 'name')}
                  error={errors[`materials.${i}.name`]}
                />
              </div>
              <div className="mt-8">
                {material.id === null ? (
                  <Button
                    tone="quiet"
                    aria-label={`删除新材质 ${i + 1}`}
                    onPress={() =>
                      onChange({ materials: values.materials.filter((_, at) => at !== i) }, allMaterialFields)
                    }
                  >
                    删除
                  </Button>
                ) : (
                  <Checkbox
                    isSelected={material.withdrawn}
                    onChange={(withdrawn) => setMaterial(i, { withdrawn }, 'withdrawn')}
                    description={material.orders > 0 ? STAYS : undefined}
                  >
                    停止供奉
                  </Checkbox>
                )}
              </div>
            </li>
          ))}
        </ol>
        <Button
          tone="secondary"
          className="self-start"
          isDisabled={values.materials.length >= 20}
          onPress={() =>
            onChange(
              {
                materials: [
                  ...values.materials,
                  { key: rowKey(), id: null, name: '', withdrawn: false, orders: 0 },
                ],
              },
              ['materials'],
            )
          }
        >
          添加材质
        </Button>
      </Panel>
    </div>
  );
}
