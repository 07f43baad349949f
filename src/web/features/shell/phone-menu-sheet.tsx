import { maskPhone } from '@contract/phone';
import { Link } from '@tanstack/react-router';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useSessionMobile } from '../../api/session';
import { Button, buttonClass } from '../../components/ui/button';
import { useAuthDialog } from '../../shared/auth/auth-dialog';
import { businessMenu, type SiteMenuItem, topMenu } from './site-menu';
import { useLogout } from './use-logout';
import { usePageTrail } from './use-page-trail';

export interface PhoneMenuSheetProps {
  isOpen: boolean;
  onClose: () => void;
}

const rowClass =
  'flex min-h-14 items-center justify-between border-b border-gold/30 px-5 text-xl tracking-widest text-ink outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-gold/70 data-[status=active]:bg-paper-deep data-[status=active]:text-temple';

function MenuGroup({
  title,
  items,
  section,
  onClose,
}: {
  title: string;
  items: readonly SiteMenuItem[];
  section: string | undefined;
  onClose: () => void;
}) {
  return (
    <section aria-label={title}>
      <h3 className="bg-temple px-5 py-2 text-base tracking-widest text-gold-light">{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onClose}
              className={`${rowClass} ${item.to === section ? 'bg-paper-deep text-temple' : ''}`}
            >
              {item.label}
              <span aria-hidden="true" className="text-ink-faint">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The phone's menu: the account (登录 and 注册, or the masked phone with 个人中心 and 退出登录)
 * and the site's menus as rows a finger can hit (56 px), over the whole screen. A row, Esc or
 * 关闭 closes it; the focus goes back to 菜单.
 */
export function PhoneMenuSheet({ isOpen, onClose }: PhoneMenuSheetProps) {
  const mobile = useSessionMobile();
  const authDialog = useAuthDialog();
  const logout = useLogout();
  const section = usePageTrail().parent?.to;
  const openAuth = (type: 'dialog.openLogin' | 'dialog.openRegister') => {
    onClose();
    authDialog.open({ type });
  };
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 bg-ink/50"
    >
      <Modal className="fixed inset-0 overflow-y-auto bg-paper">
        <Dialog className="outline-none">
          <div className="sticky top-0 z-10 flex items-center justify-between border-b-4 border-gold bg-paper px-5 py-3">
            <Heading slot="title" level={2} className="font-serif text-2xl text-temple">
              网站导航
            </Heading>
            <Button tone="secondary" onPress={onClose}>
              关闭
            </Button>
          </div>
          <section aria-label="我的账号" className="flex flex-wrap items-center gap-3 px-5 py-5">
            {mobile ? (
              <>
                <p className="w-full text-lg">
                  <span className="sr-only">当前账号</span>
                  {maskPhone(mobile)}
                </p>
                <Link to="/UserCenter" onClick={onClose} className={buttonClass({ size: 'lg' })}>
                  个人中心
                </Link>
                <Button
                  tone="secondary"
                  size="lg"
                  onPress={() => {
                    onClose();
                    void logout();
                  }}
                >
                  退出登录
                </Button>
              </>
            ) : (
              <>
                <Button size="lg" onPress={() => openAuth('dialog.openLogin')}>
                  登录
                </Button>
                <Button tone="secondary" size="lg" onPress={() => openAuth('dialog.openRegister')}>
                  注册
                </Button>
              </>
            )}
          </section>
          <nav aria-label="主菜单">
            <MenuGroup title="网站" items={topMenu} section={section} onClose={onClose} />
            <MenuGroup title="在线办理" items={businessMenu} section={section} onClose={onClose} />
          </nav>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
