import { useState } from 'react';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Modal } from './modal';

export interface AgreementProps {
  /** The rules' title, e.g. 报名须知: the link reads 《报名须知》. */
  title: string;
  clauses: readonly string[];
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  isDisabled?: boolean;
  isInvalid?: boolean;
}

/**
 * 我已阅读并同意《…》: the checkbox, and the link that opens the clauses with 同意 (which ticks
 * the checkbox) and the close button.
 */
export function Agreement({ title, clauses, agreed, onAgree, isDisabled, isInvalid }: AgreementProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Checkbox isSelected={agreed} onChange={onAgree} isDisabled={isDisabled} isInvalid={isInvalid}>
        我已阅读并同意
      </Checkbox>
      <Button tone="quiet" onPress={() => setOpen(true)}>
        《{title}》
      </Button>
      <Modal
        title={title}
        isOpen={open}
        onClose={() => setOpen(false)}
        width={640}
        footer={
          <Button
            size="lg"
            className="max-sm:flex-1"
            onPress={() => {
              onAgree(true);
              setOpen(false);
            }}
          >
            同意
          </Button>
        }
      >
        <ol className="flex list-decimal flex-col gap-3 pl-7 text-lg leading-8">
          {clauses.map((clause) => (
            <li key={clause}>{clause}</li>
          ))}
        </ol>
      </Modal>
    </div>
  );
}
