import { BELIEVER_MESSAGES } from '@contract/believer';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { profileQuery } from '../../shared/believer-queries';
import { ElderModeSwitch } from '../../shared/elder-mode-switch';
import { meQuery } from './me-query';
import { ProfileForm } from './profile-form';

/** 我的信息: 长辈版, then the profile, loaded, then edited in place; a failed load says 请重新登录, with 重试. */
export function ProfileTab() {
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="显示方式"
        className="flex flex-wrap items-center justify-between gap-4 rounded-md bg-paper-deep px-5 py-4"
      >
        <p className="text-lg text-ink">长辈版：字更大，按钮更大，页面不会自动滚动</p>
        <ElderModeSwitch />
      </section>
      <Profile />
    </div>
  );
}

function Profile() {
  const profile = useQuery(profileQuery);
  const me = useQuery(meQuery);
  if (profile.isPending) return <p className="py-10 text-lg text-ink-soft">正在加载…</p>;
  if (profile.isError)
    return (
      <div className="flex items-center gap-4 py-10">
        <p role="alert" className="text-lg text-temple">
          {BELIEVER_MESSAGES.reLogin}
        </p>
        <Button tone="secondary" onPress={() => void profile.refetch()}>
          重试
        </Button>
      </div>
    );
  return <ProfileForm key={profile.data.phone} profile={profile.data} userType={me.data?.userType} />;
}
