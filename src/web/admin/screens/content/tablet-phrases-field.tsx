import { SITE_SETTINGS_LABELS } from '@contract/site-settings';
import {
  DEFAULT_TABLET_PHRASES,
  TABLET_PHRASE_LABELS,
  TABLET_PHRASE_MAX,
  type TabletPhrases,
} from '@contract/tablet-phrases';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import { phraseField } from './site-settings-queries';

const GROUPS: { title: string; keys: (keyof TabletPhrases)[] }[] = [
  {
    title: '往生莲位',
    keys: ['deceasedHeading', 'deceasedPrefix', 'deceasedSuffix', 'petitionerLabel', 'petitionerSuffix'],
  },
  { title: '延生禄位', keys: ['blessingHeading', 'blessingSuffix'] },
];

interface Props {
  phrases: TabletPhrases;
  errors: Record<string, string>;
  onChange: (phrases: TabletPhrases, touched: string[]) => void;
}

/**
 * 牌位用语: the fixed words every tablet of a kind carries, as the believer's preview shows them and
 * the 牌位打印 sheet prints them. Each is required, up to 8 characters; its message is beside it and
 * the wording it starts from (the default) under it.
 */
export function TabletPhrasesField({ phrases, errors, onChange }: Props) {
  return (
    <Panel as="fieldset" className="flex flex-col gap-5" legend={SITE_SETTINGS_LABELS.tabletPhrases}>
      <p className="text-base text-ink-soft">
        信众下单时看到的牌位预览与牌位打印使用同一套用语；每项必填，最多{TABLET_PHRASE_MAX}个字。
      </p>
      {GROUPS.map((group) => (
        <fieldset
          key={group.title}
          className="grid grid-cols-2 gap-x-8 gap-y-5 rounded-md border border-paper-deep p-5"
        >
          <legend className="px-2 text-lg font-semibold text-ink">{group.title}</legend>
          {group.keys.map((key) => (
            <div key={key} data-field={phraseField(key)}>
              <TextField
                label={TABLET_PHRASE_LABELS[key]}
                isRequired
                value={phrases[key]}
                onChange={(value) =>
                  onChange({ ...phrases, [key]: value }, [phraseField(key), 'tabletPhrases'])
                }
                error={errors[phraseField(key)]}
                aria-describedby={`phrase-default-${key}`}
              />
              <p id={`phrase-default-${key}`} className="mt-1 text-base text-ink-soft">
                默认：{DEFAULT_TABLET_PHRASES[key]}
              </p>
            </div>
          ))}
        </fieldset>
      ))}
    </Panel>
  );
}
