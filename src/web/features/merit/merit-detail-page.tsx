import {
  buildMeritOrder,
  type MeritItem,
  type MeritSelection,
  meritProblem,
  meritTotalYuan,
} from '@contract/merit';
import { formatYuan, ONLINE_LIMIT_FEN, OVER_LIMIT_MESSAGE, yuanToFen } from '@contract/money';
import { useState } from 'react';
import { sessionStore } from '../../api/session';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PaymentDialog } from '../../shared/payment/payment-dialog';
import { useSiteConfig } from '../../shared/site-config-query';
import { MeritConfirmDialog } from './merit-confirm-dialog';
import { MeritOptions } from './merit-options';
import { useMeritOrderActor } from './use-merit-order-actor';

const emptySelection: MeritSelection = { quantity: 1, amount: null, choice: null, donor: '', wish: '' };

/** A merit item: its picture and story, the options, the total, and the ordering flow's dialogs. */
export function MeritDetailPage({ item }: { item: MeritItem }) {
  const site = useSiteConfig();
  const [selection, setSelection] = useState(emptySelection);
  const [snapshot, send] = useMeritOrderActor();
  const totalFen = yuanToFen(meritTotalYuan(item, selection));

  const submit = () => {
    const problem = meritProblem(item, selection);
    const overLimit = totalFen > ONLINE_LIMIT_FEN;
    const mobile = sessionStore.mobile();
    const ready = !problem && !overLimit && mobile;
    send({
      type: 'order.submit',
      problem,
      overLimit,
      loggedIn: Boolean(mobile),
      draft: ready ? buildMeritOrder(item, selection, mobile) : null,
    });
  };

  return (
    <div className="mx-auto grid max-w-page gap-10 px-6 pb-10 md:grid-cols-[2fr_3fr]">
      <div className="flex flex-col gap-4">
        <img src={item.IMAGE} alt="" className="w-full rounded-lg border border-gold/40" />
        <p className="text-lg leading-8 text-ink-soft">{item.PARTICULARS}</p>
      </div>
      <section
        aria-labelledby="merit-name"
        className="flex flex-col gap-6 rounded-lg border border-gold/40 bg-white p-7"
      >
        <h1 id="merit-name" className="font-serif text-3xl tracking-widest text-temple">
          {item.GD_NAME}
        </h1>
        <MeritOptions item={item} selection={selection} onChange={setSelection} />
        <div className="rounded-md bg-paper-deep px-5 py-4 text-base text-ink-soft">
          预约咨询：如需大额供养或有疑问，请致电客堂 {site.receptionPhone}
        </div>
        <div className="flex items-center justify-between border-t border-gold/30 pt-5">
          <p className="text-lg">
            合计：<span className="text-3xl font-bold text-temple">{formatYuan(totalFen)}</span>
          </p>
          <Button size="lg" onPress={submit} isDisabled={!snapshot.matches('editing')}>
            提交
          </Button>
        </div>
      </section>

      <ConfirmDialog
        title="温馨提示"
        isOpen={snapshot.matches('overLimit')}
        onConfirm={() => send({ type: 'overLimit.confirm' })}
        onCancel={() => send({ type: 'overLimit.cancel' })}
      >
        {OVER_LIMIT_MESSAGE}
      </ConfirmDialog>
      <MeritConfirmDialog
        draft={snapshot.context.draft}
        isOpen={snapshot.matches('confirming') || snapshot.matches('creatingOrder')}
        isPending={snapshot.hasTag('busy')}
        onConfirm={() => send({ type: 'order.confirm' })}
        onCancel={() => send({ type: 'order.cancel' })}
      />
      <PaymentDialog actor={snapshot.children.payment} />
    </div>
  );
}
