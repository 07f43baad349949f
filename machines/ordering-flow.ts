import { type AnyEventObject, and, assign, type EventObject } from 'xstate';
import { type CheckoutOutput, checkoutMachine } from './checkout.machine';
import { awaitLoginStandIn, fieldErrorsOf } from './ordering';
import { ON_A_COMPUTER, type PayingDevice } from './payment.machine';

/**
 * One ordering flow (DESIGN section 3): the chain every order goes through, built once from a
 * kind's pure functions, the browser's twin of the server's `OrderKind`.
 *
 * | state                  | the believer sees                                                   |
 * | ---------------------- | ------------------------------------------------------------------- |
 * | editing                | the page: the kind's choices and 提交, each problem beside its field |
 * | overLimit              | 功德金超过10000，请前往寺庙办理 (kinds with an online limit)           |
 * | awaitingLogin          | the login dialog with the kind's words; the order waits for it      |
 * | notice                 | 温馨提示 (when the kind says so): 确定 goes on, 取消 back to the page |
 * | ordering.confirming    | the order dialog with the kind's fields; a rule's or the server's   |
 * |                        | message (`orderError`)                                              |
 * | ordering.reserving     | 须知 before the order is made (when the kind says so)                |
 * | ordering.checkingOut   | the shared checkout: the order made or resumed, then its QR         |
 * | reserved               | the place kept (办理成功, no QR: kinds that can reserve)             |
 * | paid (final)           | the success (`goToSuccess`)                                         |
 * | left (final)           | back on the list (`leave`)                                          |
 *
 * In this order, 提交 is judged: a problem of the page's form (beside its field: nothing else
 * happens), over the online limit, logged out (the login; the order goes on after it), the notice,
 * else the order dialog. A kind without a dialog goes straight to the checkout. In the dialog,
 * 确认 is judged by the kind's rule, then the 须知, then the checkout; a refusal comes back to the
 * dialog (or the page) with the server's words, a QR closed unpaid to where the kind says (the
 * order is kept for its hold, 我的订单), a reservation to `reserved`.
 *
 * The kind's effects are named actions with no effect here, provided by its machine or its hook:
 * `goToSuccess`, `leave`, `ordersChanged`, `refused`, `closedUnpaid`, `reservedClosed`, `restarted`.
 */
export interface FlowContext {
  /** The believer's phone: given with 提交, or by the login. */
  mobile: string | null;
  /** The key of this order: every try of it answers the same order. */
  idempotencyKey: string | null;
  /** The order dialog's message: a rule's, or the server's refusal. */
  orderError: string | null;
  /** Where the page is shown, given with 提交: the checkout chooses the way of paying from it. */
  device: PayingDevice;
}

/**
 * 提交 of a page's form: what the believer entered, the logged-in phone (null: logged out), a
 * fresh key and the device the page is shown on.
 */
export interface SubmitEvent<Form> {
  type: 'order.submit';
  form: Form;
  mobile: string | null;
  key: string;
  device: PayingDevice;
}

/** The chain's events beside 提交 (each kind's machine takes those of its steps). */
export type FlowEvent =
  | { type: 'overLimit.confirm' }
  | { type: 'overLimit.cancel' }
  | { type: 'notice.confirm' }
  | { type: 'notice.cancel' }
  | { type: 'order.confirm' }
  | { type: 'order.cancel' }
  | { type: 'reservation.confirm' }
  | { type: 'reservation.cancel' }
  | { type: 'reserved.close' };

/** The chain's invoked children, beside the kind's own. */
export type FlowChildren = { awaitLogin: 'awaitLogin'; checkout: 'checkout' };

export type Judgement = 'invalid' | 'overLimit' | 'valid';

/** 提交 of a kind: its own payload beside the phone, the key and the device. */
export interface AnySubmit {
  type: 'order.submit';
  mobile: string | null;
  key: string;
  device: PayingDevice;
}

/** A kind of order: what differs between the flows, as pure functions of its context. */
export interface OrderingKind<C extends FlowContext, Submit extends AnySubmit> {
  /** The machine's id (`#id.editing` targets). */
  id: string;
  /** The login dialog's words (请先登录…); none: the believer is always logged in here. */
  loginNotice?: string;
  /** 提交 judged by the contract's rules (none: always valid). */
  judge?: (context: C, submit: Submit) => Judgement;
  /** What the page shows of a problem or of the limit (its messages). */
  problem?: (context: C, submit: Submit) => Partial<C>;
  /** What a valid 提交 keeps (the draft, the dialog's fields cleared). */
  submitted?: (context: C, submit: Submit) => Partial<C>;
  /** Whether 温馨提示 comes before the order dialog (after the login). */
  notice?: true | ((context: C) => boolean);
  /** The order dialog (none: 提交 makes the order). */
  dialog?: {
    /** The rule judged on 确认 (none: 确认 always goes on): the message to show, or null. */
    problem?: (context: C) => Partial<C> | null;
    /** Whether 确认 can be pressed at all (a consent given); until then it is not taken. */
    ready?: (context: C) => boolean;
    /** Whether 须知 comes between 确认 and the order. */
    reserving?: true | ((context: C) => boolean);
    /** What 取消 leaves of the dialog. */
    cancelled: (context: C) => Partial<C>;
  };
  /** The order the checkout makes or resumes. */
  order: (context: C) => unknown;
  /** How long the dialog stays pending before the QR (statues: 2 s, 001 §4). */
  qrDelay?: number;
  /** Where a QR closed unpaid comes back to. */
  closedTo: 'editing' | 'dialog';
  /** The kind can end in a reservation (no QR); 确定 on it goes back to the page or leaves. */
  reserved?: { closeTo: 'editing' | 'left'; cleared?: (context: C) => Partial<C> };
  /** The kind has an online limit (功德金超过10000): 确定 leaves, 取消 stays. */
  overLimit?: boolean;
  /** A retry of the same purchase keeps its key (a purchase chosen outside the form). */
  retryKeepsKey?: boolean;
  /** What a refusal leaves in the context (none: the server's words as `orderError`). */
  refusal?: (context: C, output: CheckoutOutput) => Partial<C>;
  /** A refusal that sends the believer back to the kind's first step (`restarted`: its effect). */
  restart?: { when: (output: CheckoutOutput) => boolean; to: string };
}

/** The chain's part of a kind's context, before any order. */
export const flowContext = (): FlowContext => ({
  mobile: null,
  idempotencyKey: null,
  orderError: null,
  device: ON_A_COMPUTER,
});

/** What a kind's own transition reads: the context and its event. */
type Params<C, Ev> = (args: { context: C; event: Ev }) => unknown;
type Named<C, Ev> = string | { type: string; params?: Params<C, Ev> };
type Transition<C, Ev> =
  | string
  | { target?: string; guard?: Named<C, Ev>; actions?: Named<C, Ev> | Named<C, Ev>[] };

/** A kind's own events in one of the chain's states, typed by its events. */
export type OwnOn<C, E extends EventObject> = {
  [K in E['type']]?: Transition<C, Extract<E, { type: K }>> | Transition<C, Extract<E, { type: K }>>[];
};

/** The kind's own part of a state: its events and children, merged into the chain's state. */
interface OwnState<C, E extends EventObject> {
  on?: OwnOn<C, E>;
  invoke?: unknown;
  entry?: string;
}

/** The kind's own parts of the chain's states, and its own states beside them. */
export interface OwnStates<C, E extends EventObject> {
  editing?: OwnState<C, E>;
  /** The order dialog (`ordering.confirming`): its fields. */
  dialog?: OwnState<C, E>;
  ordering?: OwnState<C, E>;
  paid?: OwnState<C, E>;
  /** The kind's own steps (before the page's 提交, say). */
  states?: Record<string, OwnState<C, E> & { tags?: string[]; type?: 'final' }>;
}

/**
 * A context update as an action of the kind's machine. XState's `assign` is typed by the `setup`
 * it is written in; made here, in a factory generic over the kind's context, it is given the plain
 * action type the kind's `setup` takes (the object is still `assign`'s).
 */
export const update = <C, P = undefined>(assigner: (args: { context: C }, params: P) => Partial<C>) =>
  assign(assigner as never) as unknown as (args: { context: C }, params: P) => void;

/** A page whose form's messages live in `errors`: `form.edit` of a field takes its message away. */
export const fieldErrorFlow = <C extends { errors: Partial<Record<F, string>> }, F extends string>() => ({
  clearError: update<C, F>(({ context }, field) => {
    const { [field]: _, ...rest } = context.errors;
    return { errors: rest } as Partial<C>;
  }),
  editingOn: {
    'form.edit': {
      actions: { type: 'clearError', params: ({ event }: { event: { field: F } }) => event.field },
    },
  },
  /**
   * The kind's 提交 judged by the contract's judge of its page: the outcome, the field messages of a
   * problem, and the draft a valid one keeps (with what else the kind clears then).
   */
  judgedBy: <S>(
    judge: (context: C, submit: S) => { outcome: Judgement },
    also: () => Partial<C> = () => ({}),
  ) => ({
    judge: (context: C, submit: S) => judge(context, submit).outcome,
    problem: (context: C, submit: S) =>
      ({ errors: fieldErrorsOf(judge(context, submit) as { outcome: string }) }) as Partial<C>,
    submitted: (context: C, submit: S) => {
      const judged = judge(context, submit);
      return {
        errors: {},
        draft: judged.outcome === 'valid' && 'draft' in judged ? judged.draft : null,
        ...also(),
      } as Partial<C>;
    },
  }),
});

const outcome =
  (wanted: CheckoutOutput['outcome']) =>
  (_: unknown, output: CheckoutOutput): boolean =>
    output.outcome === wanted;

/**
 * The chain's actors, guards, actions and states for `kind`. Its machine spreads them into its
 * own `setup` (with the kind's own children, events and actions) and builds its states with
 * `states(own)`.
 */
export const orderingFlow = <C extends FlowContext, Submit extends AnySubmit, E extends EventObject = Submit>(
  kind: OrderingKind<C, Submit>,
) => {
  const judged = (context: C, submit: Submit): Judgement => kind.judge?.(context, submit) ?? 'valid';
  /** The context as a valid 提交 leaves it (what the notice's rule reads before the login). */
  const afterSubmit = (context: C, submit: Submit): C => ({
    ...context,
    ...kind.submitted?.(context, submit),
  });
  const dialogProblem = (context: C) => kind.dialog?.problem?.(context) ?? null;
  const id = `#${kind.id}`;
  const toDialog = kind.dialog ? 'ordering' : 'ordering.checkingOut';
  const back = kind.dialog ? 'confirming' : `${id}.editing`;

  const guards = {
    hasFormProblem: ({ context }: { context: C }, submit: Submit) => judged(context, submit) === 'invalid',
    isOverLimit: ({ context }: { context: C }, submit: Submit) => judged(context, submit) === 'overLimit',
    isLoggedOut: (_: unknown, submit: Submit) => submit.mobile === null,
    submitsNotice: ({ context }: { context: C }, submit: Submit) =>
      typeof kind.notice === 'function' && kind.notice(afterSubmit(context, submit)),
    needsNotice: ({ context }: { context: C }) => typeof kind.notice === 'function' && kind.notice(context),
    hasDialogProblem: ({ context }: { context: C }) => dialogProblem(context) !== null,
    isDialogReady: ({ context }: { context: C }) => kind.dialog?.ready?.(context) ?? true,
    needsReserving: ({ context }: { context: C }) =>
      typeof kind.dialog?.reserving === 'function' && kind.dialog.reserving(context),
    isPaid: outcome('paid'),
    isReserved: outcome('reserved'),
    isRefused: outcome('refused'),
    restarts: (_: unknown, output: CheckoutOutput) => kind.restart?.when(output) ?? false,
  };

  const actions = {
    /** The success of the order (its number): the hook's page. */
    goToSuccess: (_: unknown, _params: { outTradeNo: string }) => {},
    /** Back on the list (the limit's 确定, a reservation's). */
    leave: () => {},
    /** The kind's effect of a refusal (the seats or slots asked again). */
    refused: () => {},
    /** The kind's effect of a QR closed unpaid. */
    closedUnpaid: () => {},
    /** An order came to be or changed (paid, reserved, left unpaid): what lists orders is asked again. */
    ordersChanged: () => {},
    /** The kind's effect of a reservation's 确定. */
    reservedClosed: () => {},
    /** The kind's effect of a refusal that starts over (`restart`). */
    restarted: (_: unknown, _output: CheckoutOutput) => {},
    showProblem: update<C, Submit>(({ context }, submit) => kind.problem?.(context, submit) ?? {}),
    assignSubmission: update<C, Submit>(
      ({ context }, submit) =>
        ({
          ...kind.submitted?.(context, submit),
          mobile: submit.mobile ?? context.mobile,
          device: submit.device,
          idempotencyKey: kind.retryKeepsKey ? (context.idempotencyKey ?? submit.key) : submit.key,
          orderError: null,
        }) as Partial<C>,
    ),
    assignMobile: update<C, string>((_, mobile) => ({ mobile }) as Partial<C>),
    showDialogProblem: update<C>(({ context }) => dialogProblem(context) ?? {}),
    clearOrderError: update<C>(() => ({ orderError: null }) as Partial<C>),
    assignRefusal: update<C, CheckoutOutput>(({ context }, output) =>
      kind.refusal ? kind.refusal(context, output) : ({ orderError: output.message } as Partial<C>),
    ),
    cancelDialog: update<C>(({ context }) => kind.dialog?.cancelled(context) ?? {}),
    clearReserved: update<C>(({ context }) => kind.reserved?.cleared?.(context) ?? {}),
  };

  const actors = { awaitLogin: awaitLoginStandIn, checkout: checkoutMachine };

  const withEvent = (type: string) => ({ type, params: ({ event }: { event: AnyEventObject }) => event });
  const withOutput = (type: string) => ({
    type,
    params: ({ event }: { event: { output: CheckoutOutput } }) => event.output,
  });

  /** After the page (or the login): the notice (always, or when its rule says), else the order dialog. */
  const onward = (guard: string, actions: unknown) =>
    kind.notice === true
      ? [{ target: 'notice', actions }]
      : [...(kind.notice ? [{ guard, target: 'notice', actions }] : []), { target: toDialog, actions }];
  /** After 确认 (once the dialog is ready): 须知 (always, or when its rule says), else the order. */
  const toOrder = () => {
    const when = (guard?: string) =>
      kind.dialog?.ready
        ? { guard: guard ? and(['isDialogReady', guard]) : 'isDialogReady' }
        : guard
          ? { guard }
          : {};
    return kind.dialog?.reserving === true
      ? [{ ...when(), target: 'reserving', actions: 'clearOrderError' }]
      : [
          ...(kind.dialog?.reserving
            ? [{ ...when('needsReserving'), target: 'reserving', actions: 'clearOrderError' }]
            : []),
          { ...when(), target: 'checkingOut', actions: 'clearOrderError' },
        ];
  };

  const checkingOut = {
    invoke: {
      id: 'checkout',
      src: 'checkout',
      input: ({ context }: { context: C }) => ({
        order: kind.order(context),
        idempotencyKey: context.idempotencyKey as string,
        device: context.device,
        ...(kind.qrDelay ? { qrDelay: kind.qrDelay } : {}),
      }),
      onDone: [
        {
          guard: withOutput('isPaid'),
          target: `${id}.paid`,
          actions: [
            'ordersChanged',
            {
              type: 'goToSuccess',
              params: ({ event }: { event: { output: CheckoutOutput } }) => ({
                outTradeNo: event.output.outTradeNo,
              }),
            },
          ],
        },
        ...(kind.reserved ? [{ guard: withOutput('isReserved'), target: `${id}.reserved` }] : []),
        ...(kind.restart
          ? [
              {
                guard: withOutput('restarts'),
                target: `${id}.${kind.restart.to}`,
                actions: withOutput('restarted'),
              },
            ]
          : []),
        { guard: withOutput('isRefused'), target: back, actions: [withOutput('assignRefusal'), 'refused'] },
        {
          target: kind.closedTo === 'dialog' ? back : `${id}.editing`,
          actions: ['ordersChanged', 'closedUnpaid'],
        },
      ],
    },
  };

  /**
   * The machine's states: the chain's, with the kind's own parts merged in. Typed loosely: XState
   * types a config by the `setup` it is given to (the kind's), which a factory generic over the
   * kind cannot name; the graph tests walk what it builds.
   */
  const states = (own: OwnStates<C, E> = {}): Record<string, object> => ({
    ...own.states,
    editing: {
      ...own.editing,
      on: {
        'order.submit': [
          ...(kind.judge ? [{ guard: withEvent('hasFormProblem'), actions: withEvent('showProblem') }] : []),
          ...(kind.overLimit
            ? [{ guard: withEvent('isOverLimit'), target: 'overLimit', actions: withEvent('showProblem') }]
            : []),
          ...(kind.loginNotice
            ? [
                {
                  guard: withEvent('isLoggedOut'),
                  target: 'awaitingLogin',
                  actions: withEvent('assignSubmission'),
                },
              ]
            : []),
          ...onward(withEvent('submitsNotice') as never, withEvent('assignSubmission')),
        ],
        ...own.editing?.on,
      },
    },
    ...(kind.overLimit
      ? {
          overLimit: {
            on: { 'overLimit.confirm': { target: 'left', actions: 'leave' }, 'overLimit.cancel': 'editing' },
          },
        }
      : {}),
    ...(kind.loginNotice
      ? {
          awaitingLogin: {
            invoke: {
              id: 'awaitLogin',
              src: 'awaitLogin',
              input: { notice: kind.loginNotice },
              onDone: onward('needsNotice' as never, {
                type: 'assignMobile',
                params: ({ event }: { event: { output: string } }) => event.output,
              }),
              // The believer closed the login dialog: the page is as they left it.
              onError: 'editing',
            },
          },
        }
      : {}),
    // 提交 again (the second click of a double click) is not taken here: the notice stays open.
    ...(kind.notice ? { notice: { on: { 'notice.confirm': 'ordering', 'notice.cancel': 'editing' } } } : {}),
    ordering: {
      ...own.ordering,
      initial: kind.dialog ? 'confirming' : 'checkingOut',
      states: {
        ...(kind.dialog
          ? {
              confirming: {
                ...own.dialog,
                on: {
                  ...own.dialog?.on,
                  'order.confirm': [
                    ...(kind.dialog.problem
                      ? [{ guard: 'hasDialogProblem', actions: 'showDialogProblem' }]
                      : []),
                    ...toOrder(),
                  ],
                  'order.cancel': { target: `${id}.editing`, actions: 'cancelDialog' },
                },
              },
              ...(kind.dialog.reserving
                ? {
                    reserving: {
                      on: { 'reservation.confirm': 'checkingOut', 'reservation.cancel': 'confirming' },
                    },
                  }
                : {}),
            }
          : {}),
        checkingOut,
      },
    },
    ...(kind.reserved
      ? {
          reserved: {
            entry: 'ordersChanged',
            on: {
              'reserved.close': {
                target: kind.reserved.closeTo,
                actions: [
                  'clearReserved',
                  'reservedClosed',
                  ...(kind.reserved.closeTo === 'left' ? ['leave'] : []),
                ],
              },
            },
          },
        }
      : {}),
    paid: { ...own.paid, type: 'final' as const },
    ...(kind.overLimit || kind.reserved?.closeTo === 'left' ? { left: { type: 'final' as const } } : {}),
  });

  /** The kind machine's `setup` types: its context and events, its input and its own children. */
  const types = <I, Own extends Record<string, string> = Record<never, string>>() => ({
    context: {} as C,
    events: {} as E,
    input: {} as I,
    children: {} as FlowChildren & Own,
  });

  /** The kind machine's config around its context: its id, its first step and the states. */
  const config = (own: OwnStates<C, E> = {}, initial = 'editing') => ({
    id: kind.id,
    initial,
    states: states(own),
  });

  /** The kind machine's actors and guards: the chain's with the kind's own. */
  const with_ = <A extends object = object, G extends object = object>(
    own: { actors?: A; guards?: G } = {},
  ) => ({
    actors: { ...actors, ...own.actors } as typeof actors & A,
    guards: { ...guards, ...own.guards } as typeof guards & G,
  });

  return { guards, actions, actors, states, types, config, with: with_ };
};
