import { useEffect, useId, useState } from 'react';
import {
  Button,
  Group,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { fieldBox, fieldError, fieldLabel, fieldStack } from '../../components/ui/field-styles';
import { focusRing } from '../../components/ui/focus-ring';
import { loadRegions, type Region } from './region-data';

export interface RegionValue {
  codes: string[];
  names: string[];
}

export interface RegionPickerProps {
  label: string;
  value: RegionValue;
  onChange: (value: RegionValue) => void;
  errorMessage?: string | undefined;
  isRequired?: boolean | undefined;
  isDisabled?: boolean | undefined;
}

const LEVELS = [
  { label: '省份', placeholder: '请选择省份' },
  { label: '城市', placeholder: '请选择城市' },
  { label: '区县', placeholder: '请选择区县' },
] as const;

const REGIONS_FAILED = '地区数据加载失败，请稍后再试';

/** The table, loaded on first render of any picker; `null` while loading. */
const useRegions = () => {
  const [regions, setRegions] = useState<Region[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadRegions().then(
      (table) => live && setRegions(table),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const retry = () => {
    setFailed(false);
    loadRegions().then(setRegions, () => setFailed(true));
  };
  return { regions, failed, retry };
};

interface LevelSelectProps {
  groupId: string;
  level: number;
  options: Region[];
  selected: string | undefined;
  onPick: (code: string) => void;
  isDisabled: boolean;
  isInvalid: boolean;
  isRequired: boolean;
  describedBy: string | undefined;
}

function LevelSelect({
  groupId,
  level,
  options,
  selected,
  onPick,
  isDisabled,
  isInvalid,
  isRequired,
  describedBy,
}: LevelSelectProps) {
  const { label, placeholder } = LEVELS[level] ?? LEVELS[0];
  const known = options.some((option) => option.code === selected);
  return (
    <Select
      aria-labelledby={`${groupId}-label ${groupId}-level-${level}`}
      aria-describedby={describedBy}
      placeholder={options.length === 0 && !isDisabled ? '无' : placeholder}
      value={known ? (selected ?? null) : null}
      onChange={(key: Key | null) => key !== null && onPick(String(key))}
      isDisabled={isDisabled || options.length === 0}
      isInvalid={isInvalid}
      isRequired={isRequired}
      validationBehavior="aria"
      className="flex min-w-0 flex-1 flex-col gap-1"
    >
      <span id={`${groupId}-level-${level}`} className="sr-only">
        {label}
      </span>
      <Button
        className={`flex min-h-12 w-full items-center justify-between gap-2 px-4 text-left data-[disabled]:cursor-not-allowed data-[disabled]:bg-paper-deep ${fieldBox} ${focusRing} ${isInvalid ? 'border-temple' : ''}`}
      >
        <SelectValue className="truncate data-[placeholder]:text-ink-soft" />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="max-h-80 min-w-(--trigger-width) overflow-auto rounded-md border-2 border-gold/40 bg-white shadow-xl">
        <ListBox className="outline-none" items={options}>
          {(option) => (
            <ListBoxItem
              id={option.code}
              textValue={option.name}
              className="cursor-pointer px-4 py-3 text-lg outline-none data-[focused]:bg-paper-deep data-[selected]:font-medium data-[selected]:text-temple"
            >
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

/**
 * 省/市/区: three selects, each offering the children of the one before. The table is loaded
 * lazily on first use. The value is the chain of short codes (`31`, `3101`, `310106`) and its
 * names; choosing a higher level clears the lower ones. A place without a lower level (Taiwan,
 * a city without districts) ends the chain there.
 */
export function RegionPicker({
  label,
  value,
  onChange,
  errorMessage,
  isRequired = false,
  isDisabled = false,
}: RegionPickerProps) {
  const id = useId();
  const { regions, failed, retry } = useRegions();
  const provinces = regions ?? [];
  const province = provinces.find((region) => region.code === value.codes[0]);
  const cities = province?.children ?? [];
  const city = cities.find((region) => region.code === value.codes[1]);
  const districts = city?.children ?? [];
  const levels = [provinces, cities, districts];

  const pick = (level: number, code: string) => {
    const options = levels[level] ?? [];
    const chosen = options.find((option) => option.code === code);
    if (!chosen) return;
    const codes = [...value.codes.slice(0, level), chosen.code];
    const names = [...value.names.slice(0, level), chosen.name];
    onChange({ codes, names });
  };

  const errorId = `${id}-error`;
  const message = failed ? REGIONS_FAILED : errorMessage;
  return (
    <Group aria-labelledby={`${id}-label`} className={fieldStack}>
      <span id={`${id}-label`} className={fieldLabel}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </span>
      <div className="flex flex-col gap-3 sm:flex-row" aria-busy={regions === null && !failed}>
        {LEVELS.map(({ label: levelLabel }, level) => (
          <LevelSelect
            key={levelLabel}
            groupId={id}
            level={level}
            options={levels[level] ?? []}
            selected={value.codes[level]}
            onPick={(code) => pick(level, code)}
            isDisabled={isDisabled || regions === null || (level > 0 && value.codes[level - 1] === undefined)}
            isInvalid={Boolean(message)}
            isRequired={isRequired}
            describedBy={message ? errorId : undefined}
          />
        ))}
      </div>
      {regions === null && !failed ? <p className="text-base text-ink-soft">正在加载地区…</p> : null}
      {message ? (
        <p id={errorId} className={fieldError} role="alert">
          {message}
          {failed ? (
            <Button onPress={retry} className={`ml-3 underline ${focusRing}`}>
              重试
            </Button>
          ) : null}
        </p>
      ) : null}
    </Group>
  );
}
