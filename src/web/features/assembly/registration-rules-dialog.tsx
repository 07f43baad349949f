import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';

/** 报名须知: the temple's registration rules, seven clauses. */
export const REGISTRATION_RULES = [
  '报名成功后，法会类型、牌位类型及牌位内容均不可修改，功德款项恕不退还，请于提交前仔细核对。',
  '牌位书写以实际打印为准，网上预览仅供参考；字体、排版或与预览略有不同，敬请谅解。',
  '往生牌位请填写亡者姓名及阳上人姓名，延生禄位请填写祈福者姓名；请勿填写与法会无关的内容。',
  '每单可添加的明细条数与所选数量一致（设有会首牌位的法会不限）；除夕法会每单限登记一位。',
  '报名成功后，寺院将以短信通知确认；订单可在“个人中心”查看。',
  '法会期间请随喜参加共修，入寺请衣着整洁、言行如仪，遵守寺院规约。',
  '如有疑问，或需登记大额功德，请致电客堂或亲临寺院客堂咨询办理。',
] as const;

export interface RegistrationRulesDialogProps {
  isOpen: boolean;
  onAgree: () => void;
  onClose: () => void;
}

/** The seven clauses with 同意 (which ticks the agreement) and the close button. */
export function RegistrationRulesDialog({ isOpen, onAgree, onClose }: RegistrationRulesDialogProps) {
  return (
    <Modal title="报名须知" isOpen={isOpen} onClose={onClose} width={640}>
      <ol className="flex list-decimal flex-col gap-3 pl-7 text-lg leading-8">
        {REGISTRATION_RULES.map((clause) => (
          <li key={clause}>{clause}</li>
        ))}
      </ol>
      <div className="mt-7 flex justify-end">
        <Button size="lg" onPress={onAgree}>
          同意
        </Button>
      </div>
    </Modal>
  );
}
