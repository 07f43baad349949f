import type { TotpEnrolment } from '@contract/staff';
import { QRCodeSVG } from 'qrcode.react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';

/** The Base32 secret in groups of four (ABCD EFGH …), for typing it into an authenticator. */
export const secretGroups = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The TOTP enrolment of a new or reset account, shown once (the server never answers the secret
 * again): the QR of the otpauth URI for the authenticator to scan, the secret to type in, and
 * the account it is for. 完成 closes it; nothing of it is kept.
 */
export function TotpEnrolmentDialog({
  enrolment,
  onDone,
}: {
  enrolment: TotpEnrolment | null;
  onDone: () => void;
}) {
  return (
    <Modal
      title="绑定动态验证码"
      isOpen={enrolment !== null}
      onClose={onDone}
      closesOnOutsideClick={false}
      width={560}
    >
      {enrolment ? (
        <div className="flex flex-col gap-5">
          <Notice>请让该工作人员用身份验证器扫描二维码，此信息只显示一次</Notice>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-lg">
            <dt className="text-ink-soft">姓名</dt>
            <dd>{enrolment.account.displayName}</dd>
            <dt className="text-ink-soft">用户名</dt>
            <dd className="font-mono">{enrolment.account.username}</dd>
          </dl>
          <div className="self-center rounded-md border border-paper-deep bg-white p-4">
            <QRCodeSVG
              value={enrolment.totpUri}
              size={220}
              level="M"
              title={`身份验证器二维码，用户名 ${enrolment.account.username}`}
            />
          </div>
          <div className="flex flex-col gap-1">
            <p className="text-base text-ink-soft">无法扫描时，在身份验证器中手动输入密钥：</p>
            <p
              data-testid="totp-secret"
              className="rounded-md bg-white px-4 py-3 font-mono text-xl tracking-wider break-all select-all"
            >
              {secretGroups(enrolment.totpSecret)}
            </p>
          </div>
          <Button size="lg" onPress={onDone} className="self-end">
            完成
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
