import { WECHAT_LOGIN_MESSAGES, wechatLoginApi } from '@contract/wechat-login';
import { type WechatBindingInput, wechatBindingMachine } from '@machines/wechat-binding.machine';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { mainClient } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Panel } from '../../components/ui/panel';
import { declineBinding, forgetVisit } from '../../shared/wechat/wechat-arrival';

// The card says a refusal under its buttons, and a failed look-up only loses the offer: no toast.
const quiet = { quiet: true };

const wechatBindingActor = wechatBindingMachine.provide({
  actors: {
    lookUp: fromPromise(async () => (await mainClient(wechatLoginApi.binding, {}, quiet)).data.bound),
    bind: fromPromise<void, string>(async ({ input }) => {
      await mainClient(wechatLoginApi.bind, { visit: input }, quiet);
    }),
    unbind: fromPromise(async () => {
      await mainClient(wechatLoginApi.unbind, {}, quiet);
    }),
  },
  actions: { rememberDecline: declineBinding, forgetVisit },
});

/**
 * 个人中心's WeChat binding (the machine's table): the consent asked inside WeChat after the SMS
 * login, once per tab; a bound believer's line with 解除绑定 on any device. Nothing while the
 * server is asked, nothing when there is nothing to ask or say. `visit` and `declined` are this
 * tab's (wechat-arrival.ts).
 */
export function WechatBindingCard(input: WechatBindingInput) {
  const [snapshot, send] = useMachine(wechatBindingActor, { input });
  const { notice, error } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const offered = snapshot.matches('offered') || snapshot.matches('binding');
  const bound = snapshot.matches('bound') || snapshot.matches('unbinding');
  if (!offered && !bound)
    return notice ? (
      <p role="status" className="rounded-md border-l-4 border-gold bg-gold-pale px-4 py-3 text-lg text-ink">
        {notice}
      </p>
    ) : null;
  return (
    <Panel as="section" tone="gold" aria-labelledby="wechat-binding-title" className="flex flex-col gap-4">
      <h2 id="wechat-binding-title" className="font-serif text-2xl tracking-wider text-temple">
        微信支付
      </h2>
      {offered ? (
        <>
          <p className="text-lg leading-relaxed text-ink">{WECHAT_LOGIN_MESSAGES.bindOffer}</p>
          <div className="flex flex-wrap gap-3">
            <Button
              size="lg"
              isPending={snapshot.matches('binding')}
              onPress={() => send({ type: 'binding.accept' })}
            >
              {WECHAT_LOGIN_MESSAGES.bindAccept}
            </Button>
            <Button
              size="lg"
              tone="secondary"
              isDisabled={busy}
              onPress={() => send({ type: 'binding.decline' })}
            >
              {WECHAT_LOGIN_MESSAGES.bindDecline}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-lg text-ink">
            {WECHAT_LOGIN_MESSAGES.boundLine}
          </p>
          <Button
            tone="secondary"
            isPending={snapshot.matches('unbinding')}
            onPress={() => send({ type: 'binding.undo' })}
          >
            {WECHAT_LOGIN_MESSAGES.unbind}
          </Button>
        </div>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </Panel>
  );
}
