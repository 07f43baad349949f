import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@contract/staff';
import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { controlSurface, fieldError, fieldLabel, fieldStack } from '../../../components/ui/field-styles';
import { focusRing } from '../../../components/ui/focus-ring';
import { RequiredMark } from '../../../components/ui/required-mark';

const box = `flex min-h-11 cursor-pointer items-center gap-3 px-4 py-2 ${controlSurface} data-[hovered]:border-gold data-[selected]:border-temple data-[selected]:bg-temple-pale ${focusRing}`;

/** A large checkbox card: a ticked box and its words (a role, 停用此账号). */
export function StaffCheckbox({
  value,
  children,
  ...props
}: {
  value?: string;
  children: ReactNode;
  isSelected?: boolean;
  onChange?: (selected: boolean) => void;
}) {
  return (
    <Checkbox value={value} {...props} className={box}>
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className="flex size-6 items-center justify-center rounded border-2 border-temple text-temple"
          >
            {isSelected ? '✓' : ''}
          </span>
          {children}
        </>
      )}
    </Checkbox>
  );
}

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
            <StaffCheckbox key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </StaffCheckbox>
          ))}
        </div>
        <FieldError className={fieldError}>{error}</FieldError>
      </CheckboxGroup>
    </div>
  );
}
