import { CONSOLE_MESSAGES, type OrderSearch } from '@contract/console';
import { ORDER_STATE_LABELS } from '@contract/payment';
import { type FormEvent, useState } from 'react';
import { Switch } from 'react-aria-components';
import { Button } from '../../../components/ui/button';
import { ChoiceCards } from '../../../components/ui/choice-cards';
import { focusRing } from '../../../components/ui/focus-ring';
import { Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';

const STATE_CHOICES = [
  { value: '', label: '全部' },
  ...['0', '1', '3', '4', '5'].map((value) => ({ value, label: ORDER_STATE_LABELS[Number(value)] ?? value })),
];

interface Props {
  search: OrderSearch;
  onChange: (patch: Partial<OrderSearch>) => void;
}

/**
 * The order search's controls: the text (order number, phone, a name on an entry) searched on
 * 搜索 or Enter, the state, and 仅保留单; each change is a new search in the URL.
 */
export function OrderSearchForm({ search, onChange }: Props) {
  const [text, setText] = useState(search.q);
  const [shown, setShown] = useState(search.q);
  // Back or forward to another search: the box says what is searched.
  if (shown !== search.q) {
    setShown(search.q);
    setText(search.q);
  }
  const tooLong = text.trim().length > 40 ? CONSOLE_MESSAGES.searchTooLong : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) onChange({ q: text.trim() });
  };
  return (
    <Panel padding="sm" className="flex flex-col gap-5">
      <form aria-label="查找订单" onSubmit={submit} className="flex items-start gap-3">
        <TextField
          label="订单号、手机号或姓名"
          value={text}
          onChange={setText}
          error={tooLong}
          className="w-[28rem]"
        />
        <Button type="submit" className="mt-8">
          搜索
        </Button>
        {search.q ? (
          <Button tone="quiet" className="mt-8" onPress={() => onChange({ q: '' })}>
            清除
          </Button>
        ) : null}
      </form>
      <div className="flex flex-wrap items-end gap-8">
        <ChoiceCards
          label="订单状态"
          choices={STATE_CHOICES}
          value={search.state}
          onChange={(state) => onChange({ state: state as OrderSearch['state'] })}
        />
        <Switch
          isSelected={search.reservation === 'true'}
          onChange={(on) => onChange({ reservation: on ? 'true' : '' })}
          className={`group flex min-h-12 cursor-pointer items-center gap-3 rounded-md px-2 text-lg ${focusRing}`}
        >
          <span className="flex h-7 w-12 items-center rounded-full bg-ink-faint/40 px-1 transition-colors group-data-[selected]:bg-temple">
            <span className="h-5 w-5 rounded-full bg-white transition-transform group-data-[selected]:translate-x-5" />
          </span>
          仅保留单
        </Switch>
      </div>
    </Panel>
  );
}
