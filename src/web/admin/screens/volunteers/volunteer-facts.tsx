import type { VolunteerFacts as Facts } from '@contract/console';
import type { ReactNode } from 'react';

const NOT_GIVEN = '（未填）';
const listed = (words: readonly string[]) => (words.length > 0 ? words.join('、') : NOT_GIVEN);
const given = (text: string) => text || NOT_GIVEN;
const yesNo = (yes: boolean) => (yes ? '是' : '否');

/** A titled group of label and value pairs. */
function FactGroup({ title, facts }: { title: string; facts: readonly [string, ReactNode][] }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="border-t border-paper-deep pt-3 text-lg font-semibold text-temple-dark">{title}</h3>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * What the applicant filled in, in the groups and with the labels of the application form
 * (基本信息, 联系方式, 信仰情况, 活动信息, 日常维护, 大型活动, 技能专长); `phone` is the 联系电话 line.
 */
export function VolunteerFacts({ facts, phone }: { facts: Facts; phone: ReactNode }) {
  const conversion = facts.conversion;
  return (
    <div className="flex flex-col gap-4">
      <FactGroup
        title="基本信息"
        facts={[
          ['性别', given(facts.sex)],
          ['出生年月', given(facts.birthDate)],
          ['年龄', given(facts.age)],
          ['民族', given(facts.nation)],
          ['籍贯', given(facts.hometown)],
          ['最后学历', given(facts.degree)],
          ['身体状况', given(facts.health)],
          ['工作单位', given(facts.employer)],
          ['微信号', given(facts.wechat)],
        ]}
      />
      <FactGroup
        title="联系方式"
        facts={[
          ['联系电话', phone],
          ['家庭住址', given(facts.address)],
          ['邮政编码', given(facts.postCode)],
        ]}
      />
      <FactGroup
        title="信仰情况"
        facts={[
          ['信佛时间', given(facts.foDate)],
          ['是否广慈功德会', yesNo(facts.guangci)],
          ['是否皈依', yesNo(conversion !== null)],
          ...(conversion
            ? ([
                ['皈依时间', given(conversion.date)],
                ['皈依法名', given(conversion.dharmaName)],
                ['授皈依寺院', given(conversion.temple)],
              ] satisfies [string, ReactNode][])
            : []),
        ]}
      />
      <FactGroup
        title="活动信息"
        facts={[
          ['可参加活动的时间', facts.anytime ? '随时' : listed(facts.weekdays)],
          ['日常维护项目', listed(facts.dailyProjects)],
          ['大型活动项目', listed(facts.eventProjects)],
          ['擅长的技能', listed(facts.talents)],
        ]}
      />
    </div>
  );
}
