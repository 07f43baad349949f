import { formatYuan, yuanToFen } from '@contract/money';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';

export interface TabletSubmitBarProps {
  price: number | null;
  error: string | null;
  isDisabled: boolean;
  onSubmit: () => void;
}

/** The price of the chosen place (— until a location's map came), 提交, and why 提交 refused. */
export function TabletSubmitBar({ price, error, isDisabled, onSubmit }: TabletSubmitBarProps) {
  return (
    <div className="flex flex-col gap-4 border-t border-gold/30 pt-5">
      {error && <Notice tone="error">{error}</Notice>}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-lg">
          价格：
          <span className="text-3xl font-bold text-temple">
            {price === null ? '—' : formatYuan(yuanToFen(price))}
          </span>
        </p>
        <Button size="lg" onPress={onSubmit} isDisabled={isDisabled}>
          提交
        </Button>
      </div>
    </div>
  );
}
