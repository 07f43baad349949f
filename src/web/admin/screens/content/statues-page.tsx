import { GF_TYPE_TEXT } from '@contract/statue';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../../components/ui/button';
import { panelClass } from '../../../components/ui/panel';
import { ConsoleLink } from '../../shell/console-link';
import { ListStates } from '../orders/list-states';
import { statueLocationsQuery } from './statue-queries';

/** The names of a list, a withdrawn one marked. */
const namesOf = (rows: { name: string; withdrawn: boolean }[]) =>
  rows.map((r) => (r.withdrawn ? `${r.name}（停止供奉）` : r.name)).join('、');

/**
 * 佛像供奉 (/statues, 内容): the three locations, each with its statues, materials and groups
 * (年供 and 常供 prices, 暂停 when closed, niches); 编辑 opens a location, 龛位 a group's map.
 */
export function StatuesPage() {
  const list = useQuery(statueLocationsQuery);
  return (
    <section aria-labelledby="statues-title" className="flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 id="statues-title" className="text-2xl font-semibold text-temple">
          佛像供奉
        </h1>
        <p className="text-lg text-ink-soft">
          三处供奉地点的介绍、佛像、材质、方位价格和龛位。保存后网站即刻生效；改价不影响已下的订单。
        </p>
      </div>
      <ListStates isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        <ul className="flex flex-col gap-6">
          {(list.data ?? []).map((place) => (
            <li key={place.location} className={`flex flex-col gap-4 ${panelClass()}`}>
              <div className="flex flex-wrap items-center gap-4">
                <h2 className="text-xl font-semibold text-temple">{place.name}</h2>
                <span className="text-lg text-ink-soft">{place.enName}</span>
                <ConsoleLink
                  to={`/statues/${place.location}`}
                  aria-label={`编辑 ${place.name}`}
                  className={`ml-auto ${buttonClass({ tone: 'secondary' })}`}
                >
                  编辑地点、佛像与价格
                </ConsoleLink>
              </div>
              <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-lg">
                <dt className="text-ink-soft">佛像</dt>
                <dd>{namesOf(place.statues)}</dd>
                <dt className="text-ink-soft">材质</dt>
                <dd>{namesOf(place.materials)}</dd>
              </dl>
              <table className="w-full text-left text-lg">
                <caption className="sr-only">{place.name}的方位</caption>
                <thead>
                  <tr className="border-b-2 border-paper-deep">
                    <th className="py-2">方位</th>
                    <th className="py-2">{GF_TYPE_TEXT['2']}（元）</th>
                    <th className="py-2">{GF_TYPE_TEXT['1']}（元）</th>
                    <th className="py-2">龛位</th>
                    <th className="py-2">状态</th>
                    <th className="py-2">
                      <span className="sr-only">操作</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {place.groups.map((group) => (
                    <tr key={group.fxGroup} className="border-b border-paper-deep">
                      <td className="py-2 font-semibold">{group.name}</td>
                      <td className="py-2 tabular-nums">{group.ngPriceYuan}</td>
                      <td className="py-2 tabular-nums">{group.cgPriceYuan}</td>
                      <td className="py-2 tabular-nums">{group.niches} 个</td>
                      <td className="py-2">{group.closed ? '暂停供奉' : '开放'}</td>
                      <td className="py-2 text-right">
                        <ConsoleLink
                          to={`/statues/${place.location}/${group.fxGroup}`}
                          aria-label={`${place.name}${group.name} 龛位`}
                          className={buttonClass({ tone: 'secondary' })}
                        >
                          管理龛位
                        </ConsoleLink>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
