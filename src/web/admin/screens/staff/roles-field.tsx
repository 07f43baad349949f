import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@contract/staff';
import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldError, fieldLabel, fieldStack } from '../../../components/ui/field-styles';
import { RequiredMark } from '../../../components/ui/required-mark';

/** 角色: a checkbox per role (客堂、财务、内容、管理员); with `error` it says why, beside the group. */
export function RolesField({
  value,
  onChange,
  error,
}: {
  value: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
}) {
  return (
    <div data-field="roles">
      <CheckboxGroup
        value={value}
        onChange={(roles) => onChange(STAFF_ROLES.filter((role) => roles.includes(role)))}
        isInvalid={Boolean(error)}
        isRequired
        validationBehavior="aria"
        className={fieldStack}
      >
        <Label className={fieldLabel}>
          角色
          <RequiredMark />
        </Label>
        <div className="flex flex-wrap gap-3">
          {STAFF_ROLES.map((role) => (
            <Checkbox key={role} value={role} look="card">
              {STAFF_ROLE_LABELS[role]}
            </Checkbox>
          ))}
        </div>
        <FieldError className={fieldError}>{error}</FieldError>
      </CheckboxGroup>
    </div>
  );
}
