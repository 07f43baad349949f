import { consoleApi } from '@contract/console';
import type { TabletText, TabletTextAnswer } from '@contract/tablet-catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { focusFirstError } from '../../../components/ui/focus-first-error';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { ImageField } from '../../shell/image-field';
import { judgeText, TEXT_FIELDS, tabletCatalogueQuery } from './tablet-queries';

/**
 * A tablet type's or category's card: name, photograph, description. 保存 judges with the
 * contract (messages beside the fields, the first focused, nothing sent), sends the version read;
 * a stale version (409) keeps what was typed and offers 重新读取.
 */
export function TabletTextForm({ kind, item }: { kind: 'type' | 'category'; item: TabletTextAnswer }) {
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState<TabletText>({
    name: item.name,
    image: item.image,
    particulars: item.particulars,
  });
  const [version, setVersion] = useState(item.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const what = kind === 'type' ? '牌位类型' : '牌位类别';
  const save = useMutation<TabletTextAnswer, ConsoleError, TabletText>({
    mutationFn: (body) =>
      consoleCall(kind === 'type' ? consoleApi.tabletTypeSave : consoleApi.tabletCategorySave, {
        params: { id: String(item.id) },
        body: { text: body, version },
        quiet: true,
      }),
    onSuccess: (saved) => {
      toast.success(`${what}已保存，网站即刻生效`, 4000);
      setVersion(saved.version);
      void queryClient.invalidateQueries({ queryKey: tabletCatalogueQuery.queryKey, exact: true });
    },
  });
  const reload = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...tabletCatalogueQuery, staleTime: 0 }),
    onSuccess: (catalogue) => {
      const list: TabletTextAnswer[] = kind === 'type' ? catalogue.types : catalogue.categories;
      const read = list.find((entry) => entry.id === item.id);
      if (!read) return;
      setText({ name: read.name, image: read.image, particulars: read.particulars });
      setVersion(read.version);
      setErrors({});
      save.reset();
    },
  });
  const change = (name: keyof TabletText) => (value: string) => {
    setText((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: '' }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const judged = judgeText(text);
    setErrors(judged.errors);
    if (!judged.text) return focusFirstError(form.current, judged.errors, TEXT_FIELDS);
    save.mutate(judged.text);
  };
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={`${what}：${item.name}`}
      className="flex flex-col gap-4 rounded-lg border border-paper-deep bg-white p-5"
    >
      <div data-field="name">
        <TextField
          label={`${what}名称`}
          isRequired
          value={text.name}
          onChange={change('name')}
          error={errors.name || undefined}
        />
      </div>
      <div data-field="image">
        <ImageField
          label="图片"
          value={text.image}
          onChange={change('image')}
          error={errors.image || undefined}
          description="显示在牌位供奉页；不上传则显示寺院的线描图"
        />
      </div>
      <div data-field="particulars">
        <TextAreaField
          label="介绍"
          isRequired
          maxLength={500}
          value={text.particulars}
          onChange={change('particulars')}
          error={errors.particulars || undefined}
        />
      </div>
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
      <div className="flex justify-end gap-4">
        {save.error?.status === 409 ? (
          <Button tone="secondary" isPending={reload.isPending} onPress={() => reload.mutate()}>
            重新读取
          </Button>
        ) : null}
        <Button type="submit" isPending={save.isPending}>
          保存{what}
        </Button>
      </div>
    </form>
  );
}
