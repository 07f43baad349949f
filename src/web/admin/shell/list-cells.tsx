import { buttonClass } from '../../components/ui/button';
import { type ConsoleHref, ConsoleLink } from './console-link';

/** A content row's state in a list: 已发布 in the temple's colour, 草稿 quiet. */
export function PublishedState({ published }: { published: boolean }) {
  return published ? (
    <span className="font-semibold text-temple">已发布</span>
  ) : (
    <span className="text-ink-soft">草稿</span>
  );
}

/** A list row's 编辑 link to its form, named by what it edits (编辑 观音菩萨圣诞法会). */
export function EditLink({ to, name }: { to: ConsoleHref; name: string }) {
  return (
    <ConsoleLink to={to} aria-label={`编辑 ${name}`} className={buttonClass({ tone: 'secondary' })}>
      编辑
    </ConsoleLink>
  );
}
