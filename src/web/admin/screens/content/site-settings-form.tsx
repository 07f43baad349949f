import { consoleApi } from '@contract/console';
import { SITE_SETTINGS_LABELS, type SiteSettings, type SiteSettingsAnswer } from '@contract/site-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { focusFirstError } from '../../../components/ui/focus-first-error';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { type ConsoleError, consoleCall } from '../../api/console-client';
import { FriendlyLinksField } from './friendly-links-field';
import { SiteSettingsNotices } from './site-settings-notices';
import {
  type ClauseRow,
  fieldOrder,
  judge,
  type LinkRow,
  type SiteSettingsValues,
  siteSettingsQuery,
  valuesOf,
} from './site-settings-queries';

export const SITE_SETTINGS_SAVED = '站点信息已保存，网站即刻生效';

type TextKey = Exclude<keyof SiteSettingsValues, 'friendlyLinks' | 'registrationRules' | 'ceremonyRules'>;
const SECTIONS: { title: string; fields: { name: TextKey; required?: boolean; type?: 'tel' | 'url' }[] }[] = [
  {
    title: '寺院',
    fields: [
      { name: 'templeName', required: true },
      { name: 'templeNameEn' },
      { name: 'address', required: true },
    ],
  },
  {
    title: '联系方式',
    fields: [
      { name: 'phone', required: true, type: 'tel' },
      { name: 'receptionPhone', required: true, type: 'tel' },
      { name: 'wechat' },
    ],
  },
  {
    title: '备案与许可',
    fields: [{ name: 'icpLicence' }, { name: 'policeLicence' }, { name: 'religiousLicence' }],
  },
];

/**
 * The settings read (`answer`), editable. 保存 judges them with the contract (each message beside
 * its field, the first focused, nothing sent) and sends them with the version read; saved, the
 * form shows the server's answer and holds its version. A stale version (409) keeps what was
 * typed and offers 重新读取, which shows the server's values.
 */
export function SiteSettingsForm({ answer }: { answer: SiteSettingsAnswer }) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(() => valuesOf(answer.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The version of the values shown: sent with 保存, so a save over newer settings is refused.
  const [version, setVersion] = useState(answer.version);
  const show = (read: SiteSettingsAnswer) => {
    setValues(valuesOf(read.settings));
    setVersion(read.version);
    setErrors({});
  };
  const queryClient = useQueryClient();
  const save = useMutation<SiteSettingsAnswer, ConsoleError, SiteSettings>({
    mutationFn: (settings) =>
      consoleCall(consoleApi.siteSettingsSave, { body: { settings, version }, quiet: true }),
    onSuccess: (saved) => {
      toast.success(SITE_SETTINGS_SAVED, 4000);
      show(saved);
      queryClient.setQueryData(siteSettingsQuery.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['console', 'audit'] });
    },
  });
  const reload = useMutation<SiteSettingsAnswer, Error>({
    mutationFn: () => queryClient.fetchQuery({ ...siteSettingsQuery, staleTime: 0 }),
    onSuccess: (read) => {
      show(read);
      save.reset();
    },
  });
  const forget = (names: string[]) =>
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([name]) => !names.includes(name))));
  const change = (name: TextKey) => (value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    forget([name]);
  };
  const changeLinks = (friendlyLinks: LinkRow[], touched: string[]) => {
    setValues((old) => ({ ...old, friendlyLinks }));
    forget(touched);
  };
  const changeRegistration = (registrationRules: string[], touched: string[]) => {
    setValues((old) => ({ ...old, registrationRules }));
    forget(touched);
  };
  const changeCeremony = (ceremonyRules: ClauseRow[], touched: string[]) => {
    setValues((old) => ({ ...old, ceremonyRules }));
    forget(touched);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const judged = judge(values);
    setErrors(judged.errors);
    if (!judged.settings) return focusFirstError(form.current, judged.errors, fieldOrder(values));
    save.mutate(judged.settings);
  };
  return (
    <form ref={form} noValidate onSubmit={submit} aria-label="站点信息" className="flex flex-col gap-8">
      {SECTIONS.map((section) => (
        <fieldset
          key={section.title}
          className="grid grid-cols-2 gap-x-8 gap-y-5 rounded-lg border border-paper-deep bg-white p-6"
        >
          <legend className="px-2 text-xl font-semibold text-temple">{section.title}</legend>
          {section.fields.map(({ name, required, type }) => (
            <div key={name} data-field={name}>
              <TextField
                label={SITE_SETTINGS_LABELS[name]}
                isRequired={required}
                type={type}
                value={values[name]}
                onChange={change(name)}
                error={errors[name]}
              />
            </div>
          ))}
        </fieldset>
      ))}
      <div className="rounded-lg border border-paper-deep bg-white p-6">
        <FriendlyLinksField links={values.friendlyLinks} errors={errors} onChange={changeLinks} />
      </div>
      <div data-field="mobileSiteUrl" className="rounded-lg border border-paper-deep bg-white p-6">
        <TextField
          label={SITE_SETTINGS_LABELS.mobileSiteUrl}
          type="url"
          placeholder="https://"
          aria-describedby="mobile-site-hint"
          value={values.mobileSiteUrl}
          onChange={change('mobileSiteUrl')}
          error={errors.mobileSiteUrl}
        />
        <p id="mobile-site-hint" className="mt-1 text-base text-ink-soft">
          留空则不跳转手机版
        </p>
      </div>
      <SiteSettingsNotices
        registrationRules={values.registrationRules}
        ceremonyRules={values.ceremonyRules}
        errors={errors}
        onRegistration={changeRegistration}
        onCeremony={changeCeremony}
      />
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
      {reload.error ? <Notice tone="error">{reload.error.message || '读取失败，请稍后再试'}</Notice> : null}
      <div className="flex justify-end gap-4">
        {save.error?.status === 409 ? (
          <Button tone="secondary" isPending={reload.isPending} onPress={() => reload.mutate()}>
            重新读取
          </Button>
        ) : null}
        <Button type="submit" size="lg" isPending={save.isPending}>
          保存
        </Button>
      </div>
    </form>
  );
}
