import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ActivityTab } from './activity-tab';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';
import { WorshipTab } from './worship-tab';

const tabs = ['我的信息', '我的订单', '活动历史', '当前供奉'] as const;

const tabClass =
  'cursor-pointer border-b-4 border-transparent px-6 py-3 text-lg outline-none data-[selected]:border-temple data-[selected]:text-temple data-[focus-visible]:ring-4 data-[focus-visible]:ring-gold/60';

/** 个人中心: four tabs: the profile, the orders, the activity history and the current enshrinements. */
export function UserCenterPage() {
  return (
    <section className="mx-auto max-w-page px-6 pb-10">
      <h1 className="sr-only">个人中心</h1>
      <Tabs className="rounded-lg border border-gold/30 bg-white px-6">
        <TabList aria-label="个人中心" className="flex border-b border-gold/30">
          {tabs.map((tab) => (
            <Tab key={tab} id={tab} className={tabClass}>
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="我的信息">
          <ProfileTab />
        </TabPanel>
        <TabPanel id="我的订单">
          <OrdersTab />
        </TabPanel>
        <TabPanel id="活动历史">
          <ActivityTab />
        </TabPanel>
        <TabPanel id="当前供奉">
          <WorshipTab />
        </TabPanel>
      </Tabs>
    </section>
  );
}
