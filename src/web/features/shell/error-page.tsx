import { useQueryClient } from '@tanstack/react-query';
import { type ErrorComponentProps, SearchParamError, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { siteConfigQuery } from '../../shared/site-config-query';
import { AppShell } from './app-shell';
import { ProblemPage } from './problem-page';

/** What went wrong, in the believer's words: a wrong link, something gone, or a failed load. */
const problemOf = (error: unknown) => {
  if (error instanceof SearchParamError)
    return { title: '链接有误', text: '您打开的链接不完整或有误，请从首页或列表页重新进入。', retry: false };
  if (error instanceof ApiError && error.status === 404)
    return {
      title: '内容不存在',
      text: '您要查看的内容不存在或已下架，请从首页或列表页继续浏览。',
      retry: false,
    };
  return {
    title: '页面暂时无法显示',
    text: '可能是网络不稳定，请稍后重试，或返回首页继续浏览。',
    retry: true,
  };
};

/**
 * Every route's error page (the router's default): in Chinese, inside the shell, with the way
 * back home and, when trying again may help, 重试. Never TanStack's English "Something went wrong!".
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { title, text, retry } = problemOf(error);
  const tryAgain = () => {
    reset();
    void router.invalidate();
  };
  return (
    <ProblemPage title={title} text={text}>
      {retry && (
        <Button tone="secondary" size="lg" onPress={tryAgain}>
          重试
        </Button>
      )}
    </ProblemPage>
  );
}

/**
 * The root route's error page. Its own failure (the site's configuration not loaded) leaves no
 * shell to stand in: header and footer need the temple's facts, so the page then shows alone.
 */
export function ShellErrorPage({ dialogs, ...props }: ErrorComponentProps & { dialogs?: ReactNode }) {
  const siteKnown = useQueryClient().getQueryData(siteConfigQuery.queryKey) !== undefined;
  const page = <ErrorPage {...props} />;
  return siteKnown ? (
    <AppShell dialogs={dialogs}>{page}</AppShell>
  ) : (
    <main className="min-h-screen bg-paper font-sans text-ink">{page}</main>
  );
}
