import { Link } from '@tanstack/react-router';
import { ProblemPage, secondWayClass } from './problem-page';
import { NOT_FOUND_TITLE } from './use-page-trail';

/** An unknown address: say so calmly and offer the way back (the shell stays around it). */
export function NotFoundPage() {
  return (
    <ProblemPage title={NOT_FOUND_TITLE} text="您访问的页面不存在或已移除，请检查地址，或从首页继续浏览。">
      <Link to="/merit" className={secondWayClass}>
        功德供养
      </Link>
    </ProblemPage>
  );
}
