import { consoleApi } from '@contract/console';
import type { VideoAnswer, VideoDraft } from '@contract/video-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '../../../components/ui/panel';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { consoleCall } from '../../api/console-client';
import { useConsoleNavigate } from '../../shell/console-link';
import { ImageField } from '../../shell/image-field';
import { useVersionedForm } from '../../shell/use-versioned-form';
import { VersionedFormFooter } from '../../shell/versioned-form-footer';
import { VideoFileField } from './video-file-field';
import { judgeVideo, NEW_VIDEO, VIDEO_FIELDS, type VideoValues, valuesOf, videoQuery } from './video-queries';

export const VIDEO_SAVED = '视频已保存，网站即刻生效';
export const VIDEO_DRAFTED = '视频已保存为草稿，发布后信众即可观看';

/**
 * A video's form (new, or the one read as `answer`): title, description, date, the film, its
 * captions and its poster. 保存 judges it with the contract (each message beside its field, the
 * first focused, nothing sent) and sends it with the version read; a stale version (409) keeps what
 * was typed and offers 重新读取. A new video is saved as a draft and opens its own page.
 */
export function VideoForm({ answer }: { answer: VideoAnswer | null }) {
  const queryClient = useQueryClient();
  const navigate = useConsoleNavigate();
  const { form, values, errors, change, submit, save, reload } = useVersionedForm<
    VideoAnswer,
    VideoValues,
    VideoDraft
  >({
    answer,
    valuesOf,
    empty: NEW_VIDEO,
    judge: judgeVideo,
    fieldOrder: () => [...VIDEO_FIELDS],
    send: (video, version) =>
      answer
        ? consoleCall(consoleApi.videoSave, {
            params: { id: String(answer.id) },
            body: { video, version },
            quiet: true,
          })
        : consoleCall(consoleApi.videoCreate, { body: video, quiet: true }),
    reread: () => queryClient.fetchQuery({ ...videoQuery(answer?.id ?? 0), staleTime: 0 }),
    onSaved: (saved, wasNew) => {
      queryClient.setQueryData(videoQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'videos'], exact: true });
      toast.success(wasNew ? VIDEO_DRAFTED : VIDEO_SAVED, wasNew ? 5000 : 4000);
      if (wasNew) navigate(`/videos/${saved.id}`);
    },
  });
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="视频" className="flex flex-col gap-8">
      <Panel as="fieldset" className="grid grid-cols-2 gap-x-8 gap-y-5" legend="视频">
        <div data-field="title" className="col-span-2">
          <TextField
            label="标题"
            isRequired
            value={values.title}
            onChange={change('title')}
            error={errors.title}
          />
        </div>
        <div data-field="description" className="col-span-2">
          <TextAreaField
            label="简介"
            maxLength={100}
            value={values.description}
            onChange={change('description')}
            error={errors.description}
          />
        </div>
        <div data-field="newDate">
          <TextField
            label="日期"
            isRequired
            type="date"
            value={values.newDate}
            onChange={change('newDate')}
            error={errors.newDate}
          />
        </div>
      </Panel>
      <Panel as="fieldset" className="flex flex-col gap-6" legend="视频文件、字幕与封面">
        <div data-field="film">
          <VideoFileField
            kind="film"
            label="视频文件"
            value={values.film}
            onChange={change('film')}
            error={errors.film}
            poster={values.poster}
            captions={values.captions}
          />
        </div>
        <div data-field="captions">
          <VideoFileField
            kind="captions"
            label="中文字幕"
            value={values.captions}
            onChange={change('captions')}
            error={errors.captions}
          />
        </div>
        <div data-field="poster">
          <ImageField
            label="视频封面"
            value={values.poster}
            onChange={change('poster')}
            error={errors.poster}
            description="显示在视频列表中，播放前也显示在画面上"
          />
        </div>
      </Panel>
      <VersionedFormFooter
        save={save}
        reload={reload}
        canReload={answer !== null}
        submitLabel={answer ? '保存' : '保存为草稿'}
      />
    </form>
  );
}
