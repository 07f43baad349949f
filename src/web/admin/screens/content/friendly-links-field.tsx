import { SITE_SETTINGS_LABELS } from '@contract/site-settings';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldError, fieldLabel } from '../../../components/ui/field-styles';
import { TextField } from '../../../components/ui/text-field';
import { type LinkRow, linkField, MAX_LINKS } from './site-settings-queries';

interface Props {
  links: LinkRow[];
  errors: Record<string, string>;
  onChange: (links: LinkRow[], touched: string[]) => void;
}

/**
 * 友情链接: a row per link (名称 and 网址, each with its own message beside it, and 删除链接 N),
 * 添加链接 while fewer than 8. A new row takes the focus; a removed one hands it to 添加链接.
 */
export function FriendlyLinksField({ links, errors, onChange }: Props) {
  const box = useRef<HTMLFieldSetElement>(null);
  // Where the focus goes once rendered: the new row's name, or 添加链接 (pressable again) after a removal.
  const focusNext = useRef<'new row' | 'add' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'add') box.current?.querySelector<HTMLElement>('[data-add-link] button')?.focus();
    if (target === 'new row') box.current?.querySelector<HTMLElement>('li:last-child input')?.focus();
  });
  const edit = (index: number, part: 'name' | 'url') => (value: string) =>
    onChange(
      links.map((link, at) => (at === index ? { ...link, [part]: value } : link)),
      [linkField(index, part), 'friendlyLinks'],
    );
  const remove = (index: number) => {
    // The rows after it move up: their messages no longer name their inputs, so all are cleared.
    const touched = links.flatMap((_, at) => [linkField(at, 'name'), linkField(at, 'url')]);
    onChange(
      links.filter((_, at) => at !== index),
      [...touched, 'friendlyLinks'],
    );
    focusNext.current = 'add';
  };
  const append = () => {
    const id = links.reduce((top, link) => Math.max(top, link.id + 1), 0);
    onChange([...links, { id, name: '', url: '' }], ['friendlyLinks']);
    focusNext.current = 'new row';
  };
  return (
    <fieldset ref={box} data-field="friendlyLinks" className="flex flex-col gap-4">
      <legend className={`${fieldLabel} mb-2`}>{SITE_SETTINGS_LABELS.friendlyLinks}</legend>
      {links.length === 0 ? <p className="text-lg text-ink-soft">尚无友情链接。</p> : null}
      <ol className="flex flex-col gap-4">
        {links.map((link, index) => (
          <li key={link.id} className="flex items-start gap-4 rounded-md border border-paper-deep p-4">
            <span aria-hidden="true" className="mt-10 w-6 text-lg text-ink-soft">
              {index + 1}
            </span>
            <div data-field={linkField(index, 'name')} className="w-64">
              <TextField
                label={`链接 ${index + 1} 名称`}
                isRequired
                value={link.name}
                onChange={edit(index, 'name')}
                error={errors[linkField(index, 'name')]}
              />
            </div>
            <div data-field={linkField(index, 'url')} className="flex-1">
              <TextField
                label={`链接 ${index + 1} 网址`}
                isRequired
                type="url"
                placeholder="https://"
                value={link.url}
                onChange={edit(index, 'url')}
                error={errors[linkField(index, 'url')]}
              />
            </div>
            <Button
              tone="secondary"
              className="mt-8"
              aria-label={`删除链接 ${index + 1}`}
              onPress={() => remove(index)}
            >
              删除
            </Button>
          </li>
        ))}
      </ol>
      {errors.friendlyLinks ? <p className={fieldError}>{errors.friendlyLinks}</p> : null}
      <div data-add-link className="flex items-center gap-4">
        <Button tone="secondary" isDisabled={links.length >= MAX_LINKS} onPress={append}>
          添加链接
        </Button>
        <span className="text-base text-ink-soft">最多{MAX_LINKS}个</span>
      </div>
    </fieldset>
  );
}
