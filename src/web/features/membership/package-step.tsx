import { type MembershipPackage, packageTerms } from '@contract/membership';
import { formatYuan, yuanToFen } from '@contract/money';
import { ChoiceCards } from '../../components/ui/choice-cards';

export interface PackageStepProps {
  packages: readonly MembershipPackage[];
  /** The chosen package's ITEMNO. */
  value: string | null;
  onChange: (itemNo: string) => void;
  errorMessage?: string;
  isDisabled?: boolean;
  /** The group's label; 选择年限 unless told. */
  label?: string;
}

/** 年限选择: one large card per package, with its name, years and price. */
export function PackageStep({
  packages,
  value,
  onChange,
  errorMessage,
  isDisabled = false,
  label = '选择年限',
}: PackageStepProps) {
  return (
    <ChoiceCards
      label={label}
      value={value}
      onChange={onChange}
      error={errorMessage}
      choices={packages.map((item) => {
        const { years, price } = packageTerms(item);
        return {
          value: item.ITEMNO,
          label: item.CNNAME,
          hint: `${years}年 · ${formatYuan(yuanToFen(price))}`,
          isDisabled,
        };
      })}
    />
  );
}
