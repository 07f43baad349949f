import { useSearch } from '@tanstack/react-router';
import { type Key, type ReactNode, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { bindingDeclined, phoneChannels } from '../../shared/wechat/wechat-arrival';
import { ActivityTab } from './activity-tab';
import { MembershipCard } from './membership-card';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';
import { WechatBindingCard } from './wechat-binding-card';
import { WorshipTab } from './worship-tab';

const tabs = ['我的信息', '我的订单', '活动历史', '当前供奉'] as const;
type TabName = (typeof tabs)[number];

const panels: Record<TabName, () => ReactNode> = {
  我的信息: () => <ProfileTab />,
  我的订单: () => <OrdersTab />,
  活动历史: () => <ActivityTab />,
  当前供奉: () => <WorshipTab />,
};

// On a phone the four tabs are two rows of two (four in a row are wider than 390 px).
const tabBase =
  'cursor-pointer border-b-4 border-transparent px-3 py-3 text-center text-lg outline-none sm:px-6 data-[selected]:text-temple data-[focus-visible]:ring-4 data-[focus-visible]:ring-gold/60';
/** The open tab is underlined; a folded one keeps its colour only. */
const tabClass = (folded: boolean) => (folded ? tabBase : `${tabBase} data-[selected]:border-temple`);

/**
 * 个人中心: the WeChat binding's question or line (inside WeChat, after the SMS login), the membership at a glance, then four tabs: the profile, the orders, the activity
 * history and the current enshrinements. Pressing the open tab again folds its panel away
 * (001 section 2), pressing it once more opens it; another tab always opens.
 */
export function UserCenterPage() {
  // Back from WeChat's H5 cashier with an order: 我的订单, where it is paid or continued.
  const { paying } = useSearch({ strict: false });
  const [selected, setSelected] = useState<TabName>(paying ? '我的订单' : '我的信息');
  const [collapsed, setCollapsed] = useState(false);
  // Whether the press began on the tab that was already open (selection moves on press start).
  const pressedOpenTab = useRef(false);
  // React Aria reports a press on the open tab as its selection again: only another tab opens
  // here (unfolded); the open tab's press toggles below, or a folded tab could never reopen.
  const select = (key: Key) => {
    if (key === selected) return;
    setSelected(key as TabName);
    setCollapsed(false);
  };
  return (
    <section className="mx-auto flex max-w-page flex-col gap-6 px-6 pb-10">
      <h1 className="sr-only">个人中心</h1>
      <WechatBindingCard visit={phoneChannels().visit} declined={bindingDeclined()} />
      <MembershipCard />
      <Tabs
        selectedKey={selected}
        onSelectionChange={select}
        className="rounded-lg border border-gold/30 bg-white px-6"
      >
        {/* Enter or Space on the open tab folds it too (a press by keyboard selects nothing new). */}
        <div
          role="presentation"
          onKeyDownCapture={(e) => {
            const onOpenTab = (e.target as HTMLElement).getAttribute('aria-selected') === 'true';
            if (onOpenTab && (e.key === 'Enter' || e.key === ' ')) setCollapsed((c) => !c);
          }}
        >
          <TabList aria-label="个人中心" className="grid grid-cols-2 border-b border-gold/30 sm:flex">
            {tabs.map((tab) => (
              <Tab
                key={tab}
                id={tab}
                className={tabClass(collapsed)}
                onPressStart={() => {
                  pressedOpenTab.current = tab === selected;
                }}
                onPress={(e) => {
                  if (e.pointerType !== 'keyboard' && pressedOpenTab.current) setCollapsed((c) => !c);
                }}
              >
                {tab}
              </Tab>
            ))}
          </TabList>
        </div>
        {tabs.map((tab) => (
          <TabPanel key={tab} id={tab}>
            {/* Folded, the panel is hidden, not dropped: an unsaved profile edit survives. */}
            {collapsed && <p className="py-6 text-lg text-ink-soft">已收起。再次点击“{tab}”即可展开。</p>}
            <div hidden={collapsed}>{panels[tab]()}</div>
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
